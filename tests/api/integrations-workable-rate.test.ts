/**
 * Workable's rate limit, with Workable's real client against its stand-in on loopback enforcing the
 * limit of account tokens (10 calls per 10-second interval) the way Workable does: every answer
 * carries X-Rate-Limit-Remaining and X-Rate-Limit-Reset (epoch seconds of the next interval), and a
 * call over the limit gets 429 with those headers only, no Retry-After. A 429 is waited out until
 * that reset; a screen of more cards than an interval allows is looked up one at a time, paced on
 * X-Rate-Limit-Remaining, and answered in full without a single 429. The volume is kept to about
 * 12 calls per case: each case waits for one interval to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { people, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let project: TestProject;
let cards: number[];

const SHORTLIST = 2;
const CARDS = 12;

beforeAll(async () => {
  t = await testApp();
  // A run waits up to 15 s for a vendor here: more than one of Workable's intervals.
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 15_000, retries: 2 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  project = await makeProject(t.knex, { title: 'Paced look-ups' });
  cards = await activeCandidates(t.knex, CARDS, { skip: 820 });
  await addToProject(t.knex, project, cards, SHORTLIST);
  const email = (await t.knex('candidates').where('id', cards[0]).first('email')).email as string;
  ws.candidates.push({
    id: 'rate-known',
    job: 'BE01',
    stage: 'sourced',
    disqualified: false,
    sourced: true,
    created_at: '2022-05-06T07:08:09Z',
    candidate: { name: 'Known One', email },
  });
  ws.limitRate(10, 10_000);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const lookUp = (candidateIds: number[]) =>
  p.admin.post('/integrations/already-known/batch', { projectId: project.id, candidateIds });

type Answer = { known: { ats: string; since: string | null }[]; unanswered?: string[] };

describe("Workable's 10 calls per 10 seconds", () => {
  it('waits out a 429 until its X-Rate-Limit-Reset, with no Retry-After to go by', async () => {
    // Another client of the account (its own sync, say) has spent this interval.
    for (let i = 0; i < 10; i++) {
      const spent = await fetch(`${ws.url}/acme/spi/v3/jobs`, { headers: { Authorization: `Bearer ${ws.token}` } });
      expect(spent.status).toBe(200);
    }
    const res = await lookUp([cards[0]]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [answer] = res.body.candidates as Answer[];
    expect(answer.unanswered).toBeUndefined();
    expect(answer.known).toEqual([{ ats: 'Workable', since: '2022-05' }]);
    const refused = ws.calls.filter((c) => c.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(ws.calls.at(-1)).toMatchObject({ status: 200 });
  });

  it('paces a screen of more cards than an interval allows, and answers every one without a 429', async () => {
    const refusedBefore = ws.calls.filter((c) => c.status === 429).length;
    const res = await lookUp(cards);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answers = res.body.candidates as Answer[];
    expect(answers).toHaveLength(CARDS);
    expect(answers.filter((a) => a.unanswered)).toEqual([]);
    expect(answers.filter((a) => a.known.length)).toHaveLength(1);
    expect(ws.calls.filter((c) => c.status === 429)).toHaveLength(refusedBefore);
  });
});
