/**
 * Two profiles of one person, found as a likely pair by the scan, for tests of what a merge does with their
 * insight counts: `views` logs a company's profile views of one of them, `pairId` finds the pair in the queue.
 */
import { expect } from 'vitest';
import { ACTOR_KINDS } from '../../schema/roles';
import { testApp, type TestApp } from './app';
import { runJobs } from './jobs';
import { bearer, candidatePayload, talentIds } from './talent';

export interface ViewedPair {
  t: TestApp;
  admin: string;
  survivor: number;
  merged: number;
  /** `n` profile views of candidate `id` by a company user, `daysAgo` days ago. */
  views(id: number, n: number, daysAgo: number): Promise<void>;
  /** The queue's id of the pair. */
  pairId(): Promise<number | string>;
}

const num = (id: unknown) => Number(String(id).split(':').pop());

export async function viewedPair(first: string, last: string, phone: string): Promise<ViewedPair> {
  const t = await testApp();
  const admin = await t.login('admin@example.com');
  const ids = await talentIds(t.knex);
  const create = async (over: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return num(res.body.id);
  };
  // The same phone written two ways: one pair, by phone.
  const survivor = await create({ firstName: first, lastName: last, phone });
  const merged = await create({ firstName: first, lastName: `${last}e`, phone: phone.replace(/\s/g, '') });
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
  const company = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  return {
    t,
    admin,
    survivor,
    merged,
    views: async (id, n, daysAgo) => {
      for (let i = 0; i < n; i++)
        await t.knex.raw(
          `insert into candidate_search_or_view_logs (candidate_id, kind, actor_kind, actor_id, company_id, created_at, updated_at)
           values (?, 2, ?, ?, ?, now() - make_interval(days => ?), now() - make_interval(days => ?))`,
          [id, ACTOR_KINDS.companyUser, company.id, company.company_id, daysAgo, daysAgo],
        );
    },
    pairId: async () => {
      const list = await t.http.get('/api/v1/candidate-duplicates').set(bearer(admin));
      const pair = list.body.data.find(
        (p: { candidate: { id: string }; other: { id: string } }) =>
          [p.candidate.id, p.other.id].sort().join() === [`Candidate:${survivor}`, `Candidate:${merged}`].sort().join(),
      );
      expect(pair, JSON.stringify(list.body)).toBeDefined();
      return pair.id;
    },
  };
}
