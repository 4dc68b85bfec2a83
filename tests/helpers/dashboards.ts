/**
 * A small recruitment history, in two past weeks, for the dashboards' tests, and the figures a
 * person counts by hand from it. The projects are written as rows (their project_logs by the
 * trigger, then dated); the activity log rows are dated in the two weeks; the second project's
 * advocate is changed by an admin through the API, so the assignment log names who did it.
 *
 * Week of 2024-03-04 (Acme "Dashboard Alpha", created Mon 10:00 with the advocate):
 *   c1, c2, c3 moved to qualify; c1, c2 to shortlist; c3 rejected; c1 revealed; a note on c2.
 * Week of 2024-03-11 (Globex "Dashboard Beta", created Tue 09:00, paused Wed):
 *   c1 to interviewing on Alpha, and an interview request for c1; c4, c5 to qualify on Beta, c4 to
 *   shortlist; Fri: the advocate made Beta's advocate by the General admin; a qualify request to c5.
 * c3 is hidden (not visible): admins still see the name, flagged.
 * Now: Alpha holds c1 interviewing, c2 shortlist, c3 rejected; Beta c4 shortlist, c5 longlist. Alpha
 * had two interview requests (c2's on Thu of week 1 expired unanswered, c1's approved), and its
 * creation used 1 credit.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { ACTIVITY, PROJECT_STATUS, STAGES } from '../../schema/rules/pipeline';
import { activeCandidates, makeProject } from './interviews';

export const WEEK1 = '2024-03-04';
export const WEEK2 = '2024-03-11';
export const RANGE = `from=${WEEK1}&to=2024-03-17`;

export interface DashboardHistory {
  alpha: number;
  beta: number;
  acme: number;
  globex: number;
  candidates: number[];
  names: string[];
  advocateId: number;
  adminId: number;
}

/** `put` changes a project as the General admin (PUT /projects/update/project), through the API. */
export async function seedDashboardHistory(
  knex: Knex,
  put: (body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>,
): Promise<DashboardHistory> {
  const globexUser = await knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where('c.company_name', 'Globex Analytics')
    .orderBy('u.id')
    .first('u.email');
  const alpha = await makeProject(knex, { title: 'Dashboard Alpha', advocateEmail: 'advocate@example.com' });
  const beta = await makeProject(knex, { title: 'Dashboard Beta', ownerEmail: globexUser.email });
  const advocateId = (await knex('admins').where('email', 'advocate@example.com').first('id')).id as number;
  const adminId = (await knex('admins').where('email', 'admin@example.com').first('id')).id as number;
  const dated = async (projectId: number, at: string) => {
    await knex('projects').where('id', projectId).update({ created_at: at });
    await knex('project_logs').where('project_id', projectId).update({ created_at: at });
  };
  await dated(alpha.id, '2024-03-04T10:00:00Z');
  await dated(beta.id, '2024-03-12T09:00:00Z');
  await knex('projects').where('id', beta.id).update({ status: PROJECT_STATUS.paused });
  await knex('project_logs').where({ project_id: beta.id, kind: 2 }).update({ created_at: '2024-03-13T12:00:00Z' });
  const res = await put({ projectId: `Project:${beta.id}`, advocateId: `Admin:${advocateId}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await knex('project_logs').where({ project_id: beta.id, kind: 3 }).update({ created_at: '2024-03-15T15:00:00Z' });

  const candidates = await activeCandidates(knex, 5, { skip: 40 });
  const [c1, c2, c3, c4, c5] = candidates;
  await knex('candidates').where('id', c3).update({ visibility: false });
  const names = (await knex('candidates').whereIn('id', candidates).select('id', 'first_name', 'last_name')).reduce<
    string[]
  >((out, r) => {
    out[candidates.indexOf(r.id)] = `${r.first_name} ${r.last_name}`.trim();
    return out;
  }, []);
  const who = { actor_kind: 2, actor_id: alpha.ownerId, company_id: alpha.companyId };
  const move = (
    candidate: number,
    project: { id: number; companyId: number | null },
    from: number,
    to: number,
    at: string,
  ) => ({
    candidate_id: candidate,
    project_id: project.id,
    activity: ACTIVITY.stageChanged,
    from_stage: from,
    to_stage: to,
    ...who,
    company_id: project.companyId,
    created_at: at,
  });
  const S = STAGES;
  await knex('candidate_recruitment_stage_logs').insert([
    move(c1, alpha, S.open, S.qualify, '2024-03-04T11:00:00Z'),
    move(c2, alpha, S.open, S.qualify, '2024-03-04T11:05:00Z'),
    move(c3, alpha, S.open, S.qualify, '2024-03-05T09:00:00Z'),
    move(c1, alpha, S.qualify, S.shortlist, '2024-03-06T10:00:00Z'),
    move(c2, alpha, S.qualify, S.shortlist, '2024-03-07T10:00:00Z'),
    move(c3, alpha, S.qualify, S.rejected, '2024-03-08T16:00:00Z'),
    { candidate_id: c1, project_id: alpha.id, activity: ACTIVITY.revealed, ...who, created_at: '2024-03-06T11:00:00Z' },
    {
      candidate_id: c2,
      project_id: alpha.id,
      activity: ACTIVITY.noteAdded,
      ...who,
      created_at: '2024-03-07T12:00:00Z',
    },
    move(c1, alpha, S.shortlist, S.interviewing, '2024-03-11T10:00:00Z'),
    {
      candidate_id: c1,
      project_id: alpha.id,
      activity: ACTIVITY.interviewRequested,
      ...who,
      created_at: '2024-03-11T09:30:00Z',
    },
    move(c4, beta, S.open, S.qualify, '2024-03-12T10:00:00Z'),
    move(c5, beta, S.open, S.qualify, '2024-03-12T10:30:00Z'),
    move(c4, beta, S.qualify, S.shortlist, '2024-03-14T14:00:00Z'),
  ]);
  await knex('qualify_requests').insert({
    candidate_id: c5,
    project_id: beta.id,
    sent_by_admin_id: adminId,
    header: 'A role for you',
    body: 'Are you open to a data role?',
    state: 1,
    created_at: '2024-03-15T10:00:00Z',
  });
  // Where the candidates stand now, the interview requests behind the log's, and the credit Alpha's creation used.
  await knex('project_candidates').insert([
    { project_id: alpha.id, candidate_id: c1, company_id: alpha.companyId, stage: S.interviewing },
    { project_id: alpha.id, candidate_id: c2, company_id: alpha.companyId, stage: S.shortlist },
    { project_id: alpha.id, candidate_id: c3, company_id: alpha.companyId, stage: S.rejected },
    { project_id: beta.id, candidate_id: c4, company_id: beta.companyId, stage: S.shortlist },
    { project_id: beta.id, candidate_id: c5, company_id: beta.companyId, stage: S.qualify },
  ]);
  await knex('interview_requests').insert([
    {
      project_id: alpha.id,
      candidate_id: c1,
      company_id: alpha.companyId,
      kind: 1,
      channel: 1,
      state: 1,
      created_at: '2024-03-11T09:30:00Z',
      answered_at: '2024-03-11T18:00:00Z',
      expires_at: '2024-03-14T09:30:00Z',
    },
    {
      project_id: alpha.id,
      candidate_id: c2,
      company_id: alpha.companyId,
      kind: 1,
      channel: 1,
      state: 3,
      created_at: '2024-03-07T09:30:00Z',
      expires_at: '2024-03-10T09:30:00Z',
    },
  ]);
  await knex('credit_logs').insert({
    company_id: alpha.companyId,
    action: 5,
    amount: -1,
    balance_after: 4,
    project_id: alpha.id,
    note: 'Dashboard Alpha created',
    created_at: '2024-03-04T10:00:00Z',
  });
  return {
    alpha: alpha.id,
    beta: beta.id,
    acme: alpha.companyId as number,
    globex: beta.companyId as number,
    candidates,
    names,
    advocateId,
    adminId,
  };
}
