/**
 * The channel an interview request went by tells of the candidate's contact: WhatsApp is chosen only for a phone
 * marked WhatsApp, and email for one says another request messaged them lately. So a company reads the channel (and
 * how the candidate answered) only where the candidate gate shows it the contact: in the project, past the suggested
 * tab, knowing who they are. The send's reply, the project's request list and the interview-request list (its channel
 * filter and count included) hold it back otherwise; admins read it everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_CHANNEL } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let admin: Client;
let company: Client;
let project: TestProject;
/** In the project's suggested tab (stage open): one anonymous, one public; and one anonymous, revealed, past open. */
let anonymous: number, suggested: number, revealed: number;
let sent: { candidateId: string; channel: string | null }[];

const ref = (id: number) => `Candidate:${id}`;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  [anonymous, suggested, revealed] = await activeCandidates(t.knex, 3, { withPhone: true, skip: 50 });
  await t.knex('candidates').whereIn('id', [anonymous, suggested, revealed]).update({ phone_whatsapp: true });
  await t.knex('candidates').whereIn('id', [anonymous, revealed]).update({ anonymous: true });
  project = await makeProject(t.knex);
  await addToProject(t.knex, project, [anonymous, suggested], 0);
  await addToProject(t.knex, project, [revealed], 1);
  await t
    .knex('project_candidates')
    .where({ project_id: project.id, candidate_id: revealed })
    .update({ revealed_at: new Date() });
  const res = await company.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: [anonymous, suggested, revealed].map(ref),
    requestAction: 'request_interview',
    channel: 'whatsapp',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sent = res.body.requests;
  // The candidate answered by WhatsApp: how they answered tells the same.
  await t
    .knex('interview_requests')
    .where({ project_id: project.id, candidate_id: anonymous })
    .update({ response_method: 'whatsapp' });
});
afterAll(() => t?.knex.destroy());

const of = <T extends { candidateId?: string; candidate?: { id: string } }>(rows: T[], id: number) =>
  rows.find((r) => (r.candidateId ?? r.candidate?.id) === ref(id));

describe('The channel of an interview request, shown only with the contact', () => {
  it('each request went by WhatsApp, as the phones say', async () => {
    const channels = await t.knex('interview_requests').where('project_id', project.id).pluck('channel');
    expect(channels).toEqual([REQUEST_CHANNEL.whatsapp, REQUEST_CHANNEL.whatsapp, REQUEST_CHANNEL.whatsapp]);
  });

  it("the send's reply names the channel only for the candidate whose contact the company sees", () => {
    expect(sent).toHaveLength(3);
    expect(of(sent, anonymous)?.channel).toBeNull();
    expect(of(sent, suggested)?.channel).toBeNull();
    expect(of(sent, revealed)?.channel).toBe('whatsapp');
    expect(JSON.stringify(sent.filter((r) => r.candidateId !== ref(revealed)))).not.toContain('whatsapp');
  });

  it("the project's request list: the channel held back from the company for the hidden contacts, shown to admins", async () => {
    const path = `/projects/interview-request/by-project?project_id=Project:${project.id}`;
    const mine = await company.get(path);
    expect(mine.status).toBe(200);
    type Entry = { candidateId: string; interview: { channel: string | null } };
    const data = mine.body.data as Entry[];
    expect(of(data, anonymous)?.interview.channel).toBeNull();
    expect(of(data, suggested)?.interview.channel).toBeNull();
    expect(of(data, revealed)?.interview.channel).toBe('whatsapp');
    expect(JSON.stringify(data.filter((r) => r.candidateId !== ref(revealed)))).not.toContain('whatsapp');
    const all = (await admin.get(path)).body.data as Entry[];
    for (const id of [anonymous, suggested, revealed]) expect(of(all, id)?.interview.channel).toBe('whatsapp');
  });

  it('the interview-request list: channel and answer held back, and filtering by channel finds and counts no hidden one', async () => {
    const list = (who: Client, query = '') =>
      who.get(`/dashboard/interview-request-list?projectId=Project:${project.id}${query}`);
    type Row = { candidate: { id: string }; channel: string | null; responseMethod: string | null };
    const mine = await list(company);
    expect(mine.status).toBe(200);
    const rows = mine.body.data as Row[];
    expect(rows).toHaveLength(3);
    for (const id of [anonymous, suggested])
      expect(of(rows, id)).toMatchObject({ channel: null, responseMethod: null });
    expect(of(rows, revealed)?.channel).toBe('whatsapp');
    expect(JSON.stringify(rows.filter((r) => r.candidate.id !== ref(revealed)))).not.toContain('whatsapp');

    const byWhatsapp = await list(company, '&channel=whatsapp');
    expect(byWhatsapp.body.data.map((r: Row) => r.candidate.id)).toEqual([ref(revealed)]);
    expect(byWhatsapp.body.pagination.dataCount).toBe(1);
    const byEmail = await list(company, '&channel=email');
    expect(byEmail.body.pagination.dataCount).toBe(0);

    const all = await list(admin, '&channel=whatsapp');
    expect(all.body.pagination.dataCount).toBe(3);
    for (const r of all.body.data as Row[]) expect(r.channel).toBe('whatsapp');
    expect(of(all.body.data as Row[], anonymous)?.responseMethod).toBe('whatsapp');
  });
});
