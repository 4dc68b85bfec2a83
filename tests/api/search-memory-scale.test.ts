/**
 * The documents held in memory at a size where their faster paths apply (the search worlds of the
 * other tests are too small for them): the newest matches found by walking the creation order
 * rather than sorting, facet values many hold checked through bitmaps rather than merged, salary
 * ranges found through the salary order, facet counts kept by status, and a set counted for its
 * facets alone read from an even spread. Each is held to the plain reading of
 * the same documents, before and after documents are written since the last build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FACET_STEP, type MemoryCondition } from '../../backend/features/search/conditions';
import { MemoryDocuments, type DocumentRow } from '../../backend/features/search/memory';
import { matches } from '../../backend/features/search/memoryMatch';
import { member } from '../../backend/features/search/memoryOrder';
import { bucketOf } from '../../backend/features/search/memoryTally';

const SIZE = 60_000;
const SKILL = 2 * FACET_STEP;
const CITY = 3 * FACET_STEP;

/** A deterministic generator, so that a failure replays. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(11);

const TODAY = 20_000;

/** A document: status 1 mostly; skill 1 held by half, skill 2 by a tenth, skill 3 by a few; one of 20 cities; creation times that repeat (ties broken by id); every kind of notice period. */
function row(id: number): DocumentRow {
  const notice = Math.floor(random() * 4);
  const facets: number[] = [];
  if (random() < 0.5) facets.push(SKILL + 1);
  if (random() < 0.1) facets.push(SKILL + 2);
  if (random() < 0.005) facets.push(SKILL + 3);
  facets.push(CITY + 1 + Math.floor(random() * 20));
  return {
    id,
    status: random() < 0.8 ? 1 : 2,
    created: 1_700_000_000_000 + Math.floor(random() * 5_000) * 1000,
    updated: 1_700_000_000_000,
    completeness: 50,
    popularity: 0,
    salary_sgd: random() < 0.8 ? Math.floor(random() * 200) * 100 : null,
    career: null,
    working_remotely: null,
    notice_type: notice === 3 ? null : notice,
    notice_months: notice === 1 ? Math.floor(random() * 5) : null,
    notice_date: notice === 2 && random() < 0.9 ? TODAY - 40 + Math.floor(random() * 150) : null,
    owner_id: null,
    situations: '',
    facets: facets.join(','),
    words: null,
    names: null,
  };
}

let docs: MemoryDocuments;
const rows = new Map<number, DocumentRow>();

beforeAll(() => {
  docs = new MemoryDocuments();
  docs.today = TODAY;
  for (let id = 1; id <= SIZE; id += 1) {
    const r = row(id);
    rows.set(id, r);
    docs.put(r);
  }
  docs.build();
});

/** The ids meeting a status and any of the facet values, read document by document. */
function plainly(status: number, values: number[]): number[] {
  return [...rows.values()].filter((r) => r.status === status && r.facets.split(',').some((v) => values.includes(Number(v)))).map((r) => r.id);
}

const idsOf = (slots: Int32Array | number[]) => Array.from(slots, (slot) => docs.ids[slot]);
const newestPlainly = (ids: number[], count: number) =>
  [...ids].sort((a, b) => (rows.get(b) as DocumentRow).created - (rows.get(a) as DocumentRow).created || b - a).slice(0, count);

/** The counts of each skill, city and notice bucket among the documents of `statuses`, read document by document. */
function tallyPlainly(statuses: number[]): Map<number, Map<number, number>> {
  const out = new Map([2, 3, 9].map((code) => [code, new Map<number, number>()]));
  const add = (code: number, option: number) => out.get(code)?.set(option, (out.get(code)?.get(option) ?? 0) + 1);
  for (const r of rows.values()) {
    if (!statuses.includes(r.status)) continue;
    for (const v of r.facets.split(',').map(Number)) add(Math.floor(v / FACET_STEP), v % FACET_STEP);
    const NONE = -2147483648;
    const bucket = bucketOf(r.notice_type ?? -1, r.notice_months ?? NONE, r.notice_date ?? NONE, TODAY);
    if (bucket >= 0) add(9, bucket);
  }
  return out;
}

const sorted = (counts: Map<number, Map<number, number>>) => [...counts].map(([code, options]) => [code, [...options].sort((a, b) => a[0] - b[0])]);

function check(): void {
  // The facet counts kept by status, for the sets no filter narrows.
  for (const statuses of [[1], [2], [1, 2]])
    expect(sorted(docs.tally.counts(statuses, [2, 3, 9], 9, TODAY)), `tally of ${statuses}`).toEqual(sorted(tallyPlainly(statuses)));
  for (const values of [[SKILL + 1], [SKILL + 2], [SKILL + 3], [SKILL + 1, SKILL + 3], [CITY + 4], []]) {
    const conditions: MemoryCondition[] = [{ kind: 'status', statuses: [1] }];
    if (values.length) conditions.push({ kind: 'facet', codes: values });
    const found = matches(docs, conditions, new Map());
    const expected = values.length ? plainly(1, values) : [...rows.values()].filter((r) => r.status === 1).map((r) => r.id);
    expect(
      idsOf(found).sort((a, b) => a - b),
      `values ${values}`,
    ).toEqual(expected);
    // The newest 1,000: sorted by their place in the creation order when few, found by walking it when many
    // (each slot checked against marks, or looked up in the set when it holds most documents).
    expect(idsOf(docs.orders.newest(found, 1_000)), `newest of ${values}`).toEqual(newestPlainly(expected, 1_000));
    expect(idsOf(docs.orders.newest(found, 25)), `newest 25 of ${values}`).toEqual(newestPlainly(expected, 25));
  }
  // Salary ranges, found through the salary order when they hold fewer than the other conditions.
  for (const [min, max, values] of [
    [1_000, 1_200, []],
    [0, 19_900, []],
    [15_000, undefined, []],
    [1_000, 3_000, [SKILL + 3]],
    [2_000, 12_000, [SKILL + 2]],
  ] as const) {
    const conditions: MemoryCondition[] = [
      { kind: 'status', statuses: [1] },
      { kind: 'salary', min, max },
    ];
    if (values.length) conditions.push({ kind: 'facet', codes: [...values] });
    const expected = [...rows.values()]
      .filter((r) => r.status === 1 && r.salary_sgd !== null && r.salary_sgd >= min && (max === undefined || r.salary_sgd <= max))
      .filter((r) => !values.length || r.facets.split(',').some((v) => (values as readonly number[]).includes(Number(v))))
      .map((r) => r.id);
    expect(
      idsOf(matches(docs, conditions, new Map())).sort((a, b) => a - b),
      `salary ${min} to ${max} with ${values}`,
    ).toEqual(expected);
  }
}

describe('At 60,000 documents the faster paths answer as the plain reading does', () => {
  it('Sets and the newest of them, with facet values many hold read through bitmaps', () => {
    // Skill 1 is held by half: its bitmap is used, skill 3's few holders are searched.
    expect(docs.bitmapOf(SKILL + 1)).toBeDefined();
    expect(docs.bitmapOf(SKILL + 3)).toBeUndefined();
    check();
  });

  it('The same once documents were added, changed and deleted since the build (their postings late)', () => {
    for (let id = SIZE + 1; id <= SIZE + 500; id += 1) {
      const r = { ...row(id), created: 1_700_000_000_000 + 6_000_000 + id };
      rows.set(id, r);
      docs.put(r);
    }
    for (let id = 1; id <= 500; id += 1) {
      const r = { ...(rows.get(id * 7) as DocumentRow), facets: `${SKILL + 3},${CITY + 4}`, status: 1, salary_sgd: 1_000 + id };
      rows.set(id * 7, r);
      docs.put(r);
    }
    for (let id = 1; id <= 300; id += 1) {
      const r = { ...(rows.get(id * 11) as DocumentRow), status: 2, notice_type: 2, notice_date: TODAY + id, salary_sgd: id % 3 ? 1_100 : null };
      rows.set(id * 11, r);
      docs.put(r);
    }
    for (let id = 1; id <= 200; id += 1) {
      rows.delete(id * 13);
      docs.remove(id * 13);
    }
    expect(docs.lateSlots().length).toBeGreaterThan(1_000);
    check();
  });

  it('An even spread of the leading condition keeps the share of each value', () => {
    const conditions: MemoryCondition[] = [
      { kind: 'status', statuses: [1] },
      { kind: 'facet', codes: [SKILL + 1] },
    ];
    const all = matches(docs, conditions, new Map());
    const spread = matches(docs, conditions, new Map(), 8);
    expect(spread.length).toBeGreaterThan(all.length / 8 - 400);
    expect(spread.length).toBeLessThan(all.length / 8 + 400);
    const share = (slots: Int32Array, value: number) =>
      Array.from(slots).filter((slot) => (rows.get(docs.ids[slot]) as DocumentRow).facets.split(',').includes(String(value))).length / slots.length;
    for (const city of [CITY + 1, CITY + 7, CITY + 15]) expect(Math.abs(share(spread, city) - share(all, city))).toBeLessThan(0.02);
  });

  it('A slot is found in a set whichever slot was looked up before it', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const size of [0, 1, 2, 3, 50, 5_000]) {
      const set = new Set<number>();
      while (set.size < size) set.add(Math.floor(random() * size * 3));
      const slots = Int32Array.from([...set].sort((a, b) => a - b));
      const has = member(slots);
      // Neighbours going down (as the creation order walks), jumps both ways, and the ends.
      const asked = [
        ...Array.from({ length: size * 3 + 2 }, (_, i) => size * 3 - i),
        ...Array.from({ length: 2_000 }, () => Math.floor(random() * (size * 3 + 4)) - 2),
        0,
        size * 3 + 5,
        -1,
      ];
      for (const slot of asked) expect(has(slot), `slot ${slot} of ${size}`).toBe(set.has(slot));
    }
  });
});
