/**
 * What each surface of an alert says it counts: the bell's title states no number (it would go stale as candidates are
 * seen or paused; the panel it opens counts them live), the digest counts what it carries, "since your last digest",
 * and names each candidate with the headline and city their card shows, even one without work history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;
let acme: string;
const OWNER = 'owner@acme.example.com';

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);

async function run(task: 'match_alerts' | 'send_alert_digests') {
  await w.knex.raw('select graphile_worker.add_job(?)', [task]);
  await runJobs(w.t, w.t.config);
}

describe("An alert's words", () => {
  it('the bell states no count; the digest says since when it counts, and each line the card headline', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const engineer = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
    // No work history: the card's headline is the title looked for.
    const res = await w.as('admin').post(
      '/candidates',
      candidatePayload(await talentIds(w.knex), {
        firstName: 'Wen',
        lastName: 'Nohistory',
        email: 'wen@words.example.org',
        jobTitleLookingFor: [engineer],
        tags: [],
        educations: [],
        experiences: [],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await run('match_alerts');
    const panel = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(panel.body.newCandidateIds).toContain(String(res.body.id));

    const threads = (await w.as('company').get('/notifications')).body;
    const alert = ((threads.data ?? threads) as { kind: string; title: string }[]).filter(
      (n) => n.kind === 'savedSearchAlert',
    );
    expect(alert.map((n) => n.title)).toEqual(['New candidates match Acme engineers']);

    await w.knex('alert_subscriptions').update({ digest_handled_at: w.knex.raw("now() - interval '8 days'") });
    await run('send_alert_digests');
    const digest = (await listOutbox(w.knex, OWNER, 20)).find((m) => /new candidate/.test(m.subject));
    expect(digest?.subject).toMatch(/^\d+ new candidates? for Acme engineers since your last digest$/);
    const line = digest!.text.split('\n').find((l) => l.includes('Wen'));
    expect(line).toMatch(/^• Wen Nohistory, Software Engineer( · .+)?$/);
  });
});
