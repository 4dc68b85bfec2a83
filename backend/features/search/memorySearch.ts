/**
 * A search without text answered from the documents held in memory (memory.ts): the same sets as
 * counts.ts reads in SQL (the full set and, for each active multi-select filter, the set without
 * it), each counted exactly; facets counted from every match up to FACET_EXACT and from an even
 * spread above, marked estimated; the page newest first or by best match, ranked as page.ts ranks
 * it. A search with any condition that has no in-memory form (text, names, employers, shortlisted)
 * is left to SQL: `memorySearch` answers undefined.
 */
import type { Knex } from 'knex';
import { DIMENSION_CODES, FACET_STEP, type MemoryCondition, type Predicate } from './conditions';
import { passesOf, type Counts } from './counts';
import type { TableStats } from './estimate';
import type { Filters } from './filters';
import { memoryDocuments, NONE, type MemoryDocuments } from './memory';
import { RANK_BOUND, window } from './page';
import type { DimensionKey, SearchParams } from './params';
import { rankFacets, type RawFacet } from './passes';

/** Sets up to this size have their facets counted from every match; larger ones from an even spread of this many. */
export const FACET_EXACT = 10_000;

const NOTICE_CODE = DIMENSION_CODES.np;

/** A slot's notice period bucket (0 immediate, 1 to 3 months), or -1 without one: NOTICE_BUCKET_SQL's rule. */
function noticeBucket(docs: MemoryDocuments, slot: number): number {
  switch (docs.noticeType[slot]) {
    case 0:
      return 0;
    case 1: {
      const months = docs.noticeMonths[slot];
      return Math.min(Math.max(months === NONE ? 0 : months, 0), 3);
    }
    case 2: {
      const date = docs.noticeDate[slot];
      // As in SQL, where greatest() passes over the null of a missing date.
      if (date === NONE) return 0;
      return Math.min(Math.max(Math.ceil((date - docs.today) / 30.44), 0), 3);
    }
    default:
      return -1;
  }
}

type Test = (slot: number) => boolean;

function holdsAny(docs: MemoryDocuments, codes: Set<number>): Test {
  return (slot) => {
    const end = docs.facetStart[slot] + docs.facetCount[slot];
    for (let i = docs.facetStart[slot]; i < end; i += 1) if (codes.has(docs.facets[i])) return true;
    return false;
  };
}

/** A condition as a test of one slot. */
function testOf(docs: MemoryDocuments, c: MemoryCondition): Test {
  switch (c.kind) {
    case 'status': {
      const allowed = new Uint8Array(256);
      for (const status of c.statuses) if (status >= 0 && status < 255) allowed[status] = 1;
      return (slot) => allowed[docs.status[slot]] === 1;
    }
    case 'facet':
      return holdsAny(docs, new Set(c.codes));
    case 'salary': {
      const max = c.max ?? Infinity;
      return (slot) => docs.salary[slot] !== NONE && docs.salary[slot] >= c.min && docs.salary[slot] <= max;
    }
    case 'career': {
      const atMost = c.atMost;
      const after = c.after;
      return (slot) => {
        const start = docs.career[slot];
        if (atMost !== undefined && (start === NONE || start > atMost)) return false;
        return after === undefined || start === NONE || start > after;
      };
    }
    case 'notice': {
      const buckets = new Set(c.buckets);
      return (slot) => buckets.has(noticeBucket(docs, slot));
    }
    case 'situation': {
      let bits = 0;
      for (const v of c.values) if (v < 31) bits |= 1 << v;
      return (slot) => (docs.situations[slot] & bits) !== 0;
    }
    case 'owner': {
      const ids = new Set(c.ids);
      return (slot) => ids.has(docs.owner[slot]);
    }
    case 'remote':
      return (slot) => docs.remote[slot] === 1;
    case 'popular':
      return (slot) => docs.popularity[slot] >= c.min;
  }
}

/** The slots of the documents meeting every condition, in slot order. */
function matches(docs: MemoryDocuments, conditions: MemoryCondition[]): Int32Array {
  const tests = conditions.map((c) => testOf(docs, c));
  const all = (slot: number) => {
    if (!docs.live(slot)) return false;
    for (let i = 0; i < tests.length; i += 1) if (!tests[i](slot)) return false;
    return true;
  };
  // The facet value or status condition with the fewest holders leads: only its holders (and the
  // slots written since the postings were built) are checked.
  let lead: Int32Array[] | undefined;
  let leadSize = Infinity;
  for (const c of conditions) {
    const lists =
      c.kind === 'facet' ? c.codes.map((code) => docs.postingsOf(code)) : c.kind === 'status' ? c.statuses.map((s) => docs.statusPostings(s)) : undefined;
    if (!lists) continue;
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (size < leadSize) {
      lead = lists;
      leadSize = size;
    }
  }
  if (!lead) {
    const out = new Int32Array(docs.size);
    let n = 0;
    for (let slot = 0; slot < docs.size; slot += 1) if (all(slot)) out[n++] = slot;
    return out.subarray(0, n);
  }
  const late = [...docs.changed, ...docs.added];
  const out = new Int32Array(leadSize + late.length);
  let n = 0;
  if (lead.length === 1 && !late.length) {
    const list = lead[0];
    for (let i = 0; i < list.length; i += 1) if (all(list[i])) out[n++] = list[i];
    return out.subarray(0, n);
  }
  const seen = new Set<number>();
  const consider = (slot: number) => {
    if (seen.has(slot)) return;
    seen.add(slot);
    if (all(slot)) out[n++] = slot;
  };
  for (const list of lead) for (let i = 0; i < list.length; i += 1) consider(list[i]);
  for (const slot of late) consider(slot);
  return out.subarray(0, n).sort();
}

/** The facets of `dims` over the matched slots: every match up to FACET_EXACT, an even spread above. */
function facetsOf(docs: MemoryDocuments, slots: Int32Array, dims: DimensionKey[], selected: Filters['selected']): RawFacet[] {
  if (!dims.length || !slots.length) return [];
  // Per dimension code, a count per option id (ids are small: a dense array serves).
  const byCode: (Int32Array | undefined)[] = [];
  for (const d of dims) byCode[DIMENSION_CODES[d]] = new Int32Array(1024);
  const countNotice = dims.includes('np');
  const step = slots.length > FACET_EXACT ? slots.length / FACET_EXACT : 1;
  let taken = 0;
  for (let at = 0; at < slots.length; at += step) {
    const slot = slots[Math.floor(at)];
    taken += 1;
    const end = docs.facetStart[slot] + docs.facetCount[slot];
    for (let i = docs.facetStart[slot]; i < end; i += 1) {
      const value = docs.facets[i];
      const code = Math.floor(value / FACET_STEP);
      let options = byCode[code];
      if (!options) continue;
      const id = value - code * FACET_STEP;
      if (id >= options.length) {
        const next = new Int32Array(Math.max(id + 1, options.length * 2));
        next.set(options);
        byCode[code] = options = next;
      }
      options[id] += 1;
    }
    if (countNotice) {
      const bucket = noticeBucket(docs, slot);
      if (bucket >= 0) (byCode[NOTICE_CODE] as Int32Array)[bucket] += 1;
    }
  }
  const counts = new Map<number, Map<number, number>>();
  for (const d of dims) {
    const code = DIMENSION_CODES[d];
    const options = byCode[code] as Int32Array;
    const kept = new Map<number, number>();
    for (let id = 0; id < options.length; id += 1) if (options[id]) kept.set(id, options[id]);
    counts.set(code, kept);
  }
  const estimated = step > 1;
  return rankFacets(counts, selected, estimated ? slots.length / taken : 1, estimated);
}

/** How many of `codes` a slot holds. */
function overlap(docs: MemoryDocuments, slot: number, codes: Set<number>): number {
  let n = 0;
  const end = docs.facetStart[slot] + docs.facetCount[slot];
  for (let i = docs.facetStart[slot]; i < end; i += 1) if (codes.has(docs.facets[i])) n += 1;
  return n;
}

/** The newest `count` of the matched slots, newest first. */
function newest(docs: MemoryDocuments, slots: Int32Array, count: number): number[] {
  if (slots.length <= 2_000) return Array.from(slots).sort(docs.newer).slice(0, count);
  // Many matches: walking the creation order finds the newest sooner than sorting every match.
  const matched = new Uint8Array(docs.size);
  for (let i = 0; i < slots.length; i += 1) matched[slots[i]] = 1;
  return docs.newestOf(matched, count);
}

/** The page's document ids: newest first, or best match as page.ts ranks it (chosen skills and titles, completeness, recent updates, popularity). */
function pageOf(docs: MemoryDocuments, slots: Int32Array, filters: Filters, params: SearchParams): number[] {
  const asked = window(params);
  if (!asked) return [];
  const { offset, limit } = asked;
  if (params.sort === 'recentlyAdded')
    return newest(docs, slots, offset + limit)
      .slice(offset)
      .map((s) => docs.ids[s]);
  const bounded = newest(docs, slots, Math.max(RANK_BOUND, offset + limit));
  const skills = filters.selected.s?.length ? new Set(filters.selected.s.map((id) => DIMENSION_CODES.s * FACET_STEP + id)) : undefined;
  const titles = filters.selected.jt?.length ? new Set(filters.selected.jt.map((id) => DIMENSION_CODES.jt * FACET_STEP + id)) : undefined;
  const now = Date.now();
  const score = new Map<number, number>();
  for (const slot of bounded) {
    let s = 0;
    if (skills) s += (0.2 * overlap(docs, slot, skills)) / skills.size;
    if (titles) s += (0.15 * overlap(docs, slot, titles)) / titles.size;
    s += 0.0012 * docs.completeness[slot];
    s += 0.05 * Math.exp(-(now - docs.updated[slot]) / 1000 / (86400 * 90));
    s += 0.0015 * Math.min(docs.popularity[slot], 20);
    score.set(slot, s);
  }
  return bounded
    .sort((a, b) => (score.get(b) as number) - (score.get(a) as number) || docs.newer(a, b))
    .slice(offset, offset + limit)
    .map((s) => docs.ids[s]);
}

/** Whether every condition of the search can be checked in memory. */
export const inMemory = (predicates: Predicate[]) => predicates.every((p) => p.memory);

/** The total, facets and page of a search held in memory, or undefined when a condition needs SQL. */
export async function memorySearch(
  knex: Knex,
  filters: Filters,
  stats: TableStats,
  params: SearchParams,
): Promise<(Counts & { pageIds: number[] }) | undefined> {
  if (!inMemory(filters.predicates)) return undefined;
  let docs: MemoryDocuments;
  try {
    docs = await memoryDocuments(knex);
  } catch {
    // Not caught up (logged): SQL answers.
    return undefined;
  }
  const passes = passesOf(filters, stats, true);
  const results = passes.map((pass) => {
    const slots = matches(
      docs,
      pass.predicates.map((p) => p.memory as MemoryCondition),
    );
    return { slots, facets: facetsOf(docs, slots, pass.dims, filters.selected) };
  });
  const main = results[0];
  return {
    total: main.slots.length,
    totalIsEstimate: false,
    facets: results.flatMap((r) => r.facets),
    pageIds: pageOf(docs, main.slots, filters, params),
  };
}
