/**
 * Estimates: a search over more than 10,000 candidates estimates its total and facets from a
 * repeatable sample of the documents (or an even spread of the set) and says so. On a pool of
 * 16,000 synthetic candidates (over 10,000 of them active) the estimates land near what the
 * documents' own columns count, both for facets read from every encoded value of a set and for a
 * filter's own facet, read from that dimension's column alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_BUCKET_SQL } from '../../backend/features/search';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let company: string;

beforeAll(async () => {
  t = await testApp();
  await generateCandidates({ knex: t.knex, connectionString: t.url, count: 16_000, workers: 1, chunk: 2_000 });
  await t.knex.raw('analyze candidate_search_documents');
  company = await t.login('owner@acme.example.com');
}, 180_000);

interface Facet {
  options: { id: number; label: string; count: number }[];
  estimated: boolean;
}

async function search(
  query: string,
): Promise<{ totalResults: number; totalIsEstimate: boolean; facets: Record<string, Facet> }> {
  const res = await t.http.get(`/api/v1/search?${query}`).set('Authorization', `Bearer ${company}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** How each checked facet's options are counted from the documents' own columns. */
const OPTIONS = { te: 'unnest(d.type_of_employment)', lang: 'unnest(d.language_ids)', np: NOTICE_BUCKET_SQL } as const;

/** Active candidates per option of a facet, as the documents hold them, among those `where` keeps. */
async function counted(
  key: keyof typeof OPTIONS,
  where = 'true',
  bindings: number[] = [],
): Promise<Map<number, number>> {
  const { rows } = await t.knex.raw(
    `select v, count(*)::int as n from (select ${OPTIONS[key]} as v from candidate_search_documents d where d.status = ? and ${where}) x
      where v is not null group by v`,
    [CANDIDATE_STATUS.active, ...bindings],
  );
  return new Map((rows as { v: number; n: number }[]).map((r) => [Number(r.v), r.n]));
}

/**
 * Options held by at least a tenth of the set are estimated within 40% of their counted number (a
 * facet is estimated from about 1,000 rows: such an option's count varies by about a tenth).
 */
function expectNear(facet: Facet, actual: Map<number, number>, size: number, label: string) {
  expect(facet.estimated, label).toBe(true);
  let checked = 0;
  for (const option of facet.options) {
    const real = actual.get(option.id) ?? 0;
    if (real < size / 10) continue;
    expect(
      Math.abs(option.count - real),
      `${label}: ${option.label} estimated ${option.count}, counted ${real}`,
    ).toBeLessThanOrEqual(real * 0.4);
    checked += 1;
  }
  expect(checked, label).toBeGreaterThan(0);
  // No option counted in the hundreds is missing from the facet.
  const shown = new Set(facet.options.map((o) => o.id));
  for (const [id, real] of actual)
    if (real >= size / 5) expect(shown.has(id), `${label}: option ${id} (${real})`).toBe(true);
}

/** A total estimated within a tenth of the counted number, and said to be; or counted exactly. */
function expectTotal(answer: { totalResults: number; totalIsEstimate: boolean }, real: number, label: string) {
  if (answer.totalIsEstimate) expect(Math.abs(answer.totalResults - real), label).toBeLessThanOrEqual(real * 0.1);
  else expect(answer.totalResults, label).toBe(real);
}

const activeCount = async (where = 'true', bindings: number[] = []) =>
  Number(
    (
      await t.knex.raw(`select count(*)::int as n from candidate_search_documents d where d.status = ? and ${where}`, [
        CANDIDATE_STATUS.active,
        ...bindings,
      ])
    ).rows[0].n,
  );

describe('Searches over more than 10,000 candidates', () => {
  it('Estimate the total and the facets of every visible candidate near the counted numbers, and say so', async () => {
    const active = await activeCount();
    expect(active).toBeGreaterThan(10_000);
    const answer = await search('');
    expect(answer.totalIsEstimate).toBe(true);
    expectTotal(answer, active, 'no filter');
    for (const key of ['te', 'lang', 'np'] as const)
      expectNear(answer.facets[key], await counted(key), active, `${key}, no filter`);
  });

  it('Estimate the facets of a big set narrowed by a filter near the counted numbers, and say so', async () => {
    const employment = await counted('te');
    const [type] = [...employment].sort((a, b) => b[1] - a[1])[0];
    const answer = await search(`te=${type}`);
    const where = '? = any(d.type_of_employment)';
    const size = await activeCount(where, [type]);
    expect(size).toBeGreaterThan(10_000);
    expectTotal(answer, size, 'an employment type');
    for (const key of ['lang', 'np'] as const)
      expectNear(answer.facets[key], await counted(key, where, [type]), size, `${key} under a filter`);
  });

  it("Estimate a filter's own facet from its column, and the other facets under the filter", async () => {
    const languages = await counted('lang');
    const [language] = [...languages].sort((a, b) => b[1] - a[1])[0];
    const answer = await search(`lang=${language}&sort=recent`);
    // The language's facet counts under the other filters (none): every active candidate's languages.
    expectNear(answer.facets.lang, languages, await activeCount(), 'languages beside a language');
    // The other facets count among the language's speakers.
    const speakers = await activeCount('? = any(d.language_ids)', [language]);
    expect(Math.abs(answer.totalResults - speakers)).toBeLessThanOrEqual(Math.max(40, speakers * 0.1));
    for (const key of ['te', 'np'] as const)
      expectNear(
        answer.facets[key],
        await counted(key, '? = any(d.language_ids)', [language]),
        speakers,
        `${key} among speakers`,
      );
  });
});
