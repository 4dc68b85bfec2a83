/**
 * The ends of search's ranges and what "popular" counts:
 * - a range minimum beyond the slider's end (99 years of experience, a salary of 100,000) is that end, not a date
 *   before year 0 or an integer PostgreSQL cannot compare: the search answers as for the end, never a 500;
 * - popular profiles count companies' profile opens only: an admin's curation work does not make a candidate popular.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../helpers/jobs';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

describe('A range minimum beyond the slider', () => {
  it.each([
    ['ef=999999', 'ef=99'],
    ['ef=2000', 'ef=99'],
    ['sf=999999999999', 'sf=100000'],
  ])('%s answers as %s', async (beyond, end) => {
    const answer = await w.search(beyond);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(w.names(answer)).toEqual(w.names(await w.search(end)));
  });
});

describe('Popular profiles', () => {
  it("count companies' profile opens, not an admin's", async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    for (let i = 0; i < 5; i += 1)
      await w.t.http
        .get(`/api/v1/search/candidates/Candidate:${w.ids.Ava}`)
        .set('Authorization', `Bearer ${w.tokens.admin}`)
        .expect(200);
    for (let i = 0; i < 50 && (await w.t.knex('candidate_search_or_view_logs').where('kind', 2)).length < 5; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(await w.t.knex('candidate_search_or_view_logs').where({ kind: 2, candidate_id: w.ids.Ava })).toHaveLength(5);

    await w.t.knex.raw("select graphile_worker.add_job('refresh_popular_candidates', '{}'::json)");
    await runJobs(w.t);
    expect(w.names(await w.search('isp=1'))).toEqual([]);
  });
});
