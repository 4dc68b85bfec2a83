/**
 * A candidate who newly matched a project's saved search, was emailed to its subscriber in a digest, then paused their
 * profile and came back: while paused they count nowhere; back, they are not news again. The person is emailed of them
 * once for that saved search, and the alert's notification is not raised for them again (one alert per person per
 * saved search). One never emailed before the pause is still news on their return, and emailed then.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

const OWNER = 'owner@acme.example.com';
let w: PipelineWorld;
let acme: string;

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);

/** Queues a task and runs the queue, with the jobs it queues, as the worker would. */
async function run(task: 'match_alerts' | 'send_alert_digests') {
  await w.knex.raw('select graphile_worker.add_job(?)', [task]);
  await runJobs(w.t, w.t.config);
}

/** The owner's digest period comes due and the digests go out; the owner's digests naming `name` so far. */
async function digestsNaming(name: string): Promise<number> {
  await w
    .knex('alert_subscriptions')
    .where({ project_id: w.projects.acme, recipient_id: w.people.owner })
    .update({ digest_handled_at: w.knex.raw("now() - interval '2 days'") });
  await run('send_alert_digests');
  return (await listOutbox(w.knex, OWNER, 100)).filter((m) => /newly match/.test(m.text) && m.text.includes(name))
    .length;
}

async function newCandidate(firstName: string): Promise<number> {
  const engineer = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
  const res = await w.as('admin').post(
    '/candidates',
    candidatePayload(await talentIds(w.knex), {
      firstName,
      lastName: 'Comeback',
      email: `${firstName.toLowerCase()}@comeback.example.org`,
      jobTitleLookingFor: [engineer],
      tags: [],
      educations: [],
      experiences: [],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(String(res.body.id).replace('Candidate:', ''));
}

/** An admin changes the candidates' status (they confirm over a status the candidate chose), then the run. */
async function setStatus(ids: number[], status: number) {
  const res = await w.as('admin').post('/candidates/update/status', {
    candidates: ids.map((id) => `Candidate:${id}`),
    status,
    confirm: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await run('match_alerts');
}

const newOnes = async () => (await w.as('company').get(`/alerts/projects/${acme}`)).body.newCandidateIds as string[];

const notices = () =>
  w
    .knex('notifications')
    .where({ link: `/project/${w.projects.acme}?tab=0&new=1` })
    .orderBy('id')
    .select('id', 'title', 'updated_at');

describe('A candidate who pauses and comes back', () => {
  it('is emailed and announced to the alert once, and counts nowhere while paused', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const mailed = await newCandidate('Latevis');
    await run('match_alerts');
    expect(await newOnes()).toEqual([`Candidate:${mailed}`]);
    expect(await digestsNaming('Latevis')).toBe(1);

    // Another one matches after the digest went out, and pauses with the first before any digest names them.
    const unmailed = await newCandidate('Ondrej');
    await run('match_alerts');
    const told = await notices();
    expect(told).toHaveLength(1);

    await setStatus([mailed, unmailed], CANDIDATE_STATUS.inactive);
    expect(await newOnes()).toEqual([]);
    expect(await digestsNaming('Latevis')).toBe(1);
    expect(await digestsNaming('Ondrej')).toBe(0);

    await setStatus([mailed, unmailed], CANDIDATE_STATUS.active);
    // Back, both wait in the app as before; only the one never emailed is news, emailed now, and the first is not.
    expect((await newOnes()).sort()).toEqual([`Candidate:${mailed}`, `Candidate:${unmailed}`].sort());
    expect(await digestsNaming('Ondrej')).toBe(1);
    expect(await digestsNaming('Latevis')).toBe(1);

    // Paused and back once more: nobody is news, emailed or announced again.
    const before = await notices();
    await setStatus([mailed, unmailed], CANDIDATE_STATUS.inactive);
    await setStatus([mailed, unmailed], CANDIDATE_STATUS.active);
    expect(await notices()).toEqual(before);
    expect(await digestsNaming('Latevis')).toBe(1);
    expect(await digestsNaming('Ondrej')).toBe(1);
  });
});
