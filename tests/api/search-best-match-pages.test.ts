/**
 * Best match pages past the ranked set: the newest 1,000 matches are ranked, the rest follow newest
 * first, so asking page after page lists every match once (no page repeats another's rows, none is
 * skipped), on a synthetic pool with more active candidates than the ranked set holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let company: string;

beforeAll(async () => {
  t = await testApp();
  await generateCandidates({ knex: t.knex, connectionString: t.url, count: 2_000, workers: 1, chunk: 2_000 });
  await t.knex.raw('analyze candidate_search_documents');
  company = await t.login('owner@acme.example.com');
}, 180_000);

async function page(query: string): Promise<string[]> {
  const res = await t.http.get(`/api/v1/search?${query}`).set('Authorization', `Bearer ${company}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.docs as { id: string }[]).map((d) => d.id);
}

describe('Best match pages past the ranked set', () => {
  it('Pages 20 and 21 of 50 share no candidate, and pages 1 to 21 hold 1,050 different ones', async () => {
    const active = Number(
      (
        await t.knex.raw('select count(*)::int as n from candidate_search_documents where status = ?', [
          CANDIDATE_STATUS.active,
        ])
      ).rows[0].n,
    );
    expect(active).toBeGreaterThan(1_050);
    // Without text, and with text ranked too (a word excluded that no one holds keeps everyone).
    for (const query of ['', '&ts=-zzzzqqxx']) {
      const pages: string[][] = [];
      for (let p = 1; p <= 21; p += 1) pages.push(await page(`pp=50&p=${p}${query}`));
      expect(pages.every((ids) => ids.length === 50)).toBe(true);
      const twenty = new Set(pages[19]);
      expect(
        pages[20].filter((id) => twenty.has(id)),
        query,
      ).toEqual([]);
      expect(new Set(pages.flat()).size, query).toBe(1_050);
    }
  });

  it('A page across the end of the ranked set takes its last rows, then the first of the rest', async () => {
    // 30 a page: page 34 holds the ranked set's rows 991 to 1,000 and the rest's first 20.
    const pages: string[][] = [];
    for (const p of [33, 34, 35]) pages.push(await page(`pp=30&p=${p}`));
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(ids.length);
    const [ranked, across, rest] = pages;
    const asFifty = [...(await page('pp=50&p=20')), ...(await page('pp=50&p=21'))];
    // Rows 961 to 1,050 are the same whatever the page size.
    expect([...ranked, ...across, ...rest]).toEqual(asFifty.slice(10, 100));
  });
});
