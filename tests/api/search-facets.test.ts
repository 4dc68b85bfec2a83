/**
 * Facets: for each multi-select filter, the top options with how many candidates each would give
 * under the other current filters. On a small pool every count is exact, and each must equal the
 * total of the search that picks that option.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_KEYS } from '../../backend/features/search';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

/** The query with `key` set to one option instead of what it had. */
function withOption(query: string, key: string, id: number | string): string {
  const params = new URLSearchParams(query);
  params.set(key, String(id));
  return params.toString();
}

async function expectFacetsMatchFilteredTotals(query: string, who: 'company' | 'admin' = 'company') {
  const answer = await w.search(query, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  let checked = 0;
  for (const key of DIMENSION_KEYS) {
    const facet = answer.body.facets[key];
    expect(facet, `facet ${key}`).toBeDefined();
    expect(facet.estimated).toBe(false);
    for (const option of facet.options) {
      const single = await w.search(withOption(query, key, option.id), who);
      expect(single.body.totalResults, `${key}=${option.label} (${option.id}) under ${query || 'no filter'}`).toBe(
        option.count,
      );
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(10);
  return answer;
}

describe('Facet counts equal the counts of the filtered searches', () => {
  it('with no filter, for a company user', async () => {
    const answer = await expectFacetsMatchFilteredTotals('');
    expect(answer.body.facets.np.options.map((o) => o.label)).toEqual([
      '1 month',
      'Immediate',
      '2 months',
      '3 months or more',
    ]);
    expect(answer.body.facets.te.options.find((o) => o.id === 1)).toMatchObject({ label: 'Permanent', count: 4 });
  });

  it('with no filter, for an admin', async () => {
    await expectFacetsMatchFilteredTotals('', 'admin');
  });

  it('with text and filters of other facets active', async () => {
    const answer = await expectFacetsMatchFilteredTotals('ts=engineer&l=Singapore&te=1');
    // The location facet counts under the other filters (text, employment type), not under itself.
    const l = answer.body.facets.l.options;
    expect(l.find((o) => o.label === 'Singapore')).toMatchObject({ selected: true });
    expect(l.find((o) => o.label === 'Hong Kong')?.count).toBe(1);
  });

  it('with a salary range in another currency and remote work', async () => {
    await expectFacetsMatchFilteredTotals('sf=5000&cur=USD&r=true');
  });
});

describe('What a facet shows', () => {
  it('Options carry the id, the label and the count; chosen ones are marked and always listed', async () => {
    const python = await w.lookup('skills', 'Python');
    const answer = await w.search(`s=${python}`);
    const s = answer.body.facets.s.options;
    expect(s.find((o) => o.id === python)).toMatchObject({ label: 'Python', count: 2, selected: true });
    expect(s.every((o) => typeof o.count === 'number' && o.count > 0 && typeof o.label === 'string')).toBe(true);
    const tags = answer.body.facets.bd.options;
    expect(tags.find((o) => o.label === 'Top talent')).toMatchObject({
      id: expect.stringMatching(/^Tags:\d+$/),
      src: 'star',
    });
  });

  it('Options are ordered by count, at most 20 per facet', async () => {
    const answer = await w.search('', 'admin');
    for (const key of DIMENSION_KEYS) {
      const counts = answer.body.facets[key].options.map((o) => o.count);
      expect(counts.length).toBeLessThanOrEqual(20);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    }
  });
});
