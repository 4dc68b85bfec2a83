/**
 * The projects' jobs through graphile-worker: Power renewal (renewed and charged once per cycle,
 * or made inactive with the owner emailed when cancelled or unpaid; safe to run twice) and the
 * batched curated-candidates email (at most one a day per project).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCuratedEmail } from '../../backend/features/pipeline';
import { logRecruitmentActivity } from '../../backend/services/activity';
import { testApp, type TestApp } from '../helpers/app';
import { balance, projectBody, projectId, signInAll, type People, freshPayingCompany } from '../helpers/projects';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let p: People;
let raas: number;

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
  raas = p.who('raasAdmin').actor.companyId as number;
});
afterAll(async () => {
  await t?.knex.destroy();
});

const run = async (task: string, payload: Record<string, unknown> = {}) => {
  await t.knex.raw('select graphile_worker.add_job(?, ?::json)', [task, JSON.stringify(payload)]);
  await runJobs(t);
};
const runQueued = () => runJobs(t);
const mailsTo = async (email: string) =>
  (await t.knex('outbox_emails').where('to', email).orderBy('id')).map((m) => m.subject as string);

/** A RaaS Power project whose cycle ended an hour ago. */
async function endedPowerProject(credits: number, title: string) {
  await freshPayingCompany(t.knex, raas, credits + 1);
  const res = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const ended = new Date(Date.now() - 3600_000);
  await t.knex('projects').where('id', projectId(res.body.data.id)).update({ cycle_ends_at: ended });
  return { id: projectId(res.body.data.id), ended };
}

describe('renew_power_projects', () => {
  it('charges the renewal once per cycle and extends the cycle by 30 days, however often it runs', async () => {
    const { id, ended } = await endedPowerProject(2, 'Renewed');
    await run('renew_power_projects');
    await run('renew_power_projects');
    const project = await t.knex('projects').where('id', id).first();
    expect(project.status).toBe(0);
    expect(project.cycle_ends_at.getTime()).toBe(ended.getTime() + 30 * 86400_000);
    expect(await balance(t.knex, raas)).toBe(1);
    const renewals = await t.knex('credit_logs').where({ project_id: id, action: 7 });
    expect(renewals).toHaveLength(1);
    expect(renewals[0].idempotency_key).toBe(`project:${id}:renewal:${ended.toISOString()}`);
  });

  it('makes the project inactive and emails the owner when the balance cannot pay', async () => {
    const { id } = await endedPowerProject(0, 'Unpaid');
    await run('renew_power_projects');
    expect((await t.knex('projects').where('id', id).first()).status).toBe(3);
    expect(await t.knex('credit_logs').where({ project_id: id, action: 7 })).toEqual([]);
    expect(await mailsTo('owner@raas.example.com')).toContain('Your project Unpaid is now inactive');
  });

  it('ends a project cancelled for the end of its cycle without charging', async () => {
    const { id } = await endedPowerProject(2, 'Cancelled at cycle end');
    await t.knex('projects').where('id', id).update({ cancel_at_cycle_end: true });
    await run('renew_power_projects');
    expect((await t.knex('projects').where('id', id).first()).status).toBe(3);
    expect(await balance(t.knex, raas)).toBe(2);
    const mail = await t.knex('outbox_emails').where('to', 'owner@raas.example.com').orderBy('id', 'desc').first();
    expect(mail.text).toContain('was cancelled, as you asked');
  });
});

describe('email_curated_candidates', () => {
  it('tells the owner how many curated candidates arrived, with the link, at most once a day', async () => {
    const candidates = (await t
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .orderBy('id')
      .limit(3)
      .pluck('id')) as number[];
    const acme = p.who('companyAdmin').actor.companyId as number;
    // A General admin: an advocate curates only into projects they advocate.
    const res = await p.as('general').post(
      '/projects/create',
      await projectBody(t.knex, {
        companyId: acme,
        ownerId: p.who('member').actor.id,
        title: 'Curated',
        candidateIds: candidates.slice(0, 2),
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = projectId(res.body.data.id);
    await runQueued();
    const [mail] = await t.knex('outbox_emails').where('to', 'member@acme.example.com').orderBy('id', 'desc');
    expect(mail.subject).toBe('New curated candidates for Curated: 2');
    expect(mail.text).toContain(`/project/${res.body.data.guid}`);
    const sent = (await t.knex('projects').where('id', id).first()).last_curated_email_at;
    expect(sent).not.toBeNull();

    // More curated the same day wait for tomorrow: one pending job, run no earlier than a day after the last email.
    await t
      .knex('project_candidates')
      .insert({ project_id: id, candidate_id: candidates[2], company_id: acme, stage: 0, curated: true });
    // The curation's log entry, as an admin's curation writes it: what the email counts.
    await logRecruitmentActivity(t.knex, {
      candidateId: candidates[2],
      activity: 'curated',
      projectId: id,
      actor: p.who('advocate').actor,
    });
    await t.knex.transaction((trx) => queueCuratedEmail(trx, id));
    await t.knex.transaction((trx) => queueCuratedEmail(trx, id));
    const jobs = await t.knex('graphile_worker.jobs').where('key', `curated-email:${id}`);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].run_at).getTime()).toBeGreaterThanOrEqual(sent.getTime() + 86400_000 - 1000);
    await runQueued();
    expect(
      await t
        .knex('outbox_emails')
        .where('to', 'member@acme.example.com')
        .where('subject', 'like', 'New curated%')
        .count({ n: '*' }),
    ).toEqual([{ n: 1 }]);

    // A day later the job sends the one new candidate; running it again tells nothing more.
    await t
      .knex('projects')
      .where('id', id)
      .update({ last_curated_email_at: new Date(Date.now() - 2 * 86400_000) });
    await t
      .knex('candidate_recruitment_stage_logs')
      .where('project_id', id)
      .whereIn('candidate_id', candidates.slice(0, 2))
      .update({ created_at: new Date(Date.now() - 3 * 86400_000) });
    await run('email_curated_candidates', { projectId: id });
    await run('email_curated_candidates', { projectId: id });
    const subjects = await mailsTo('member@acme.example.com');
    expect(subjects.filter((s) => s.startsWith('New curated'))).toEqual([
      'New curated candidates for Curated: 2',
      'New curated candidate for Curated: 1',
    ]);
  });
});
