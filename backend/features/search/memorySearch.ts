/**
 * A search answered from the documents held in memory (memory.ts, memoryText.ts, memoryMatch.ts):
 * the same sets as counts.ts reads in SQL (the full set and, for each active multi-select filter,
 * the set without it). The total is exact; facets are counted from every match up to FACET_EXACT
 * and from an even spread above, marked estimated (a set counted for its facets alone reads only an
 * even spread of its leading condition's holders when they are many). The page is newest first or
 * by best match, ranked as page.ts ranks it, with the text relevance computed here for a query of
 * words and ORs and read from PostgreSQL for another. A search with any condition that has no
 * in-memory form (phrases, employers, shortlisted), or one that arrives while the documents load,
 * is left to SQL: `memorySearch` answers undefined.
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import { dispatched } from '../../db/dispatch';
import { DIMENSION_CODES, FACET_STEP, type MemoryCondition, type Predicate } from './conditions';
import { passesOf } from './counts';
import type { TableStats } from './estimate';
import type { Filters } from './filters';
import { NONE, type MemoryDocuments } from './memory';
import { leadSize, matches, noticeBucket, statusesOf } from './memoryMatch';
import { union, type QueryNode } from './memoryText';
import { requestDocuments } from './memorySync';
import { RANK_BOUND, RANK_WEIGHTS, textRankColumn, window } from './page';
import type { DimensionKey, SearchParams } from './params';
import { binder, rankFacets, type RawFacet } from './passes';

/** Sets up to this size have their facets counted from every match; larger ones from an even spread of FACET_SPREAD (and say so). */
const FACET_EXACT = 10_000;
const FACET_SPREAD = 4_000;
/** A set counted for its facets alone reads an even spread of this many of its leading condition's holders first. */
const LEAD_SPREAD = 16_000;

const NOTICE_CODE = DIMENSION_CODES.np;

/**
 * The facets of `dims` over the matched slots: every match up to FACET_EXACT, an even spread of
 * FACET_SPREAD above; `scale` above 1 when the slots are themselves a spread of the matches.
 */
function facetsOf(docs: MemoryDocuments, slots: Int32Array, dims: DimensionKey[], selected: Filters['selected'], scale = 1): RawFacet[] {
  if (!dims.length || !slots.length) return [];
  // One table of counts for every dimension counted, each from its base (by dimension code; -1 not counted).
  const base = new Int32Array(16).fill(-1);
  let size = 0;
  for (const d of dims) {
    const code = DIMENSION_CODES[d];
    base[code] = size;
    size += (code === NOTICE_CODE ? 4 : docs.maxOption[code]) + 1;
  }
  const table = new Int32Array(size);
  const notice = base[NOTICE_CODE];
  // A spread of the matches (themselves a spread when `scale` is above 1) is read when they are many.
  const step = slots.length > FACET_EXACT || (scale > 1 && slots.length > FACET_SPREAD) ? slots.length / FACET_SPREAD : 1;
  const taken = step > 1 ? FACET_SPREAD : slots.length;
  const { facets, facetStart, facetCount } = docs;
  // Read in passes (where each slot's values start and end, then the values) so the memory reads of
  // one pass do not wait on each other: the slots of a spread are far apart.
  const picked = step > 1 ? Int32Array.from({ length: taken }, (_, k) => slots[Math.floor(k * step)]) : slots;
  const starts = new Int32Array(taken);
  const ends = new Int32Array(taken);
  for (let k = 0; k < taken; k += 1) starts[k] = facetStart[picked[k]];
  for (let k = 0; k < taken; k += 1) ends[k] = starts[k] + facetCount[picked[k]];
  for (let k = 0; k < taken; k += 1) {
    for (let i = starts[k]; i < ends[k]; i += 1) {
      const value = facets[i];
      const code = (value / FACET_STEP) | 0;
      const from = base[code];
      if (from >= 0) table[from + value - code * FACET_STEP] += 1;
    }
  }
  if (notice >= 0)
    for (let k = 0; k < taken; k += 1) {
      const bucket = noticeBucket(docs, picked[k]);
      if (bucket >= 0) table[notice + bucket] += 1;
    }
  const counts = new Map<number, Map<number, number>>();
  for (const d of dims) {
    const code = DIMENSION_CODES[d];
    const kept = new Map<number, number>();
    const end = base[code] + (code === NOTICE_CODE ? 4 : docs.maxOption[code]) + 1;
    for (let at = base[code]; at < end; at += 1) if (table[at]) kept.set(at - base[code], table[at]);
    counts.set(code, kept);
  }
  const estimated = step > 1 || scale > 1;
  return rankFacets(counts, selected, (scale * slots.length) / taken, estimated);
}

/** The exact facets of `dims` over the documents of the statuses every condition (each a status condition) allows, from the counts kept by status. */
function tallied(docs: MemoryDocuments, conditions: MemoryCondition[], dims: DimensionKey[], selected: Filters['selected']): RawFacet[] {
  const counts = docs.tally.counts(
    statusesOf(conditions),
    dims.map((d) => DIMENSION_CODES[d]),
    NOTICE_CODE,
    docs.today,
  );
  return rankFacets(counts, selected, 1, false);
}

/** How many of `codes` a slot holds. */
function overlap(docs: MemoryDocuments, slot: number, codes: Set<number>): number {
  let n = 0;
  const end = docs.facetStart[slot] + docs.facetCount[slot];
  for (let i = docs.facetStart[slot]; i < end; i += 1) if (codes.has(docs.facets[i])) n += 1;
  return n;
}

/**
 * The page's document ids: newest first, or best match as page.ts ranks it (chosen skills and
 * titles, completeness, recent updates, popularity). The text relevance of a query of words and
 * ORs is computed from the words' weights held here; another's needs the words' positions and is
 * asked of PostgreSQL, and this resolves once it has been, so that the caller's work overlaps it:
 * `later` then gives the page, which is `ids` otherwise.
 */
async function pageOf(
  knex: Knex,
  docs: MemoryDocuments,
  slots: Int32Array,
  filters: Filters,
  params: SearchParams,
): Promise<{ ids: number[] } | { later: () => Promise<number[]> }> {
  const asked = window(params);
  if (!asked) return { ids: [] };
  const { offset, limit } = asked;
  if (params.sort === 'recentlyAdded')
    return {
      ids: docs.orders
        .newest(slots, offset + limit)
        .slice(offset)
        .map((s) => docs.ids[s]),
    };
  const bounded = docs.orders.newest(slots, Math.max(RANK_BOUND, offset + limit));
  const page = (relevance: Map<number, number>) =>
    ranked(docs, bounded, relevance, filters)
      .slice(offset, offset + limit)
      .map((s) => docs.ids[s]);
  if (!filters.text || !bounded.length) return { ids: page(new Map()) };
  // A query of words and ORs has its relevance computed here; another needs the words' positions, read by PostgreSQL.
  const text = filters.predicates.find((p) => p.key === 'ts')?.memory;
  const words = text?.kind === 'text' ? docs.text.anyOf(text.query) : undefined;
  if (words) return { ids: page(new Map(bounded.map((slot) => [docs.ids[slot], docs.text.relevance(words, slot, RANK_WEIGHTS)]))) };
  const bindings: unknown[] = [];
  const column = textRankColumn(filters, binder(bindings));
  const statement = knex.raw(`select d.id, ${column} from candidate_search_documents d where d.id = any(?::int[])`, [
    ...bindings,
    bounded.map((slot) => docs.ids[slot]),
  ] as Knex.RawBinding[]);
  const { result } = await dispatched<{ rows: { id: number; text_rank: number }[] }>(statement);
  return { later: async () => page(new Map((await result).rows.map((row) => [row.id, Number(row.text_rank)]))) };
}

/** `bounded` by best match, given the text relevance of each document id. */
function ranked(docs: MemoryDocuments, bounded: number[], relevance: Map<number, number>, filters: Filters): number[] {
  const skills = filters.selected.s?.length ? new Set(filters.selected.s.map((id) => DIMENSION_CODES.s * FACET_STEP + id)) : undefined;
  const titles = filters.selected.jt?.length ? new Set(filters.selected.jt.map((id) => DIMENSION_CODES.jt * FACET_STEP + id)) : undefined;
  const now = Date.now();
  const score = new Float64Array(bounded.length);
  for (let i = 0; i < bounded.length; i += 1) {
    const slot = bounded[i];
    let s = filters.text ? 0.45 * (relevance.get(docs.ids[slot]) ?? 0) : 0;
    if (skills) s += (0.2 * overlap(docs, slot, skills)) / skills.size;
    if (titles) s += (0.15 * overlap(docs, slot, titles)) / titles.size;
    s += 0.0012 * docs.completeness[slot];
    s += 0.05 * Math.exp(-(now - docs.updated[slot]) / 1000 / (86400 * 90));
    s += 0.0015 * Math.min(docs.popularity[slot], 20);
    score[i] = s;
  }
  // `bounded` is newest first, so equal scores keep that order (the sort is stable).
  const places = Array.from(bounded.keys()).sort((a, b) => score[b] - score[a]);
  return places.map((i) => bounded[i]);
}

/** Whether every condition of the search can be checked in memory. */
const inMemory = (predicates: Predicate[]) => predicates.every((p) => p.memory);

/**
 * The documents held in memory, caught up; undefined while they load or when they could not be
 * caught up (logged), for SQL to answer. A search starts this first, while it reads its conditions.
 */
export function searchDocuments(knex: Knex, req?: Request): Promise<MemoryDocuments | undefined> {
  return requestDocuments(knex, req).catch(() => undefined);
}

/** A search answered in memory: its total and page, and its facets, counted when asked (once the page's rows are being read). */
export interface MemoryAnswer {
  total: number;
  totalIsEstimate: false;
  pageIds: number[];
  facets(): RawFacet[];
}

/** The total, page and facets of a search held in memory, or undefined when a condition needs SQL or the documents are not ready. */
export async function memorySearch(
  knex: Knex,
  filters: Filters,
  stats: TableStats,
  params: SearchParams,
  held: Promise<MemoryDocuments | undefined> = searchDocuments(knex),
): Promise<MemoryAnswer | undefined> {
  if (!inMemory(filters.predicates)) return undefined;
  const docs = await held;
  if (!docs) return undefined;
  const passes = passesOf(filters, stats, true);
  // Each text condition's documents, read once for every set it is in.
  const late = docs.lateSlots();
  const texts = new Map<MemoryCondition, Int32Array>();
  for (const p of filters.predicates) {
    const c = p.memory as MemoryCondition;
    if (c.kind === 'text') texts.set(c, docs[c.field].matching(c.query, docs.size, late));
  }
  const main = matches(
    docs,
    passes[0].predicates.map((p) => p.memory as MemoryCondition),
    texts,
  );
  const countFacets = () =>
    passes.flatMap((pass, i) => {
      const conditions = pass.predicates.map((p) => p.memory as MemoryCondition);
      // A set of statuses alone (nothing else narrows it) has its counts kept by status.
      if (conditions.every((c) => c.kind === 'status')) return tallied(docs, conditions, pass.dims, filters.selected);
      return i === 0 ? facetsOf(docs, main, pass.dims, filters.selected) : passFacets(pass);
    });
  /**
   * The facets of a set without one filter, which is counted for its facets alone: when its leading
   * condition has many holders, from an even spread of them, as dense as it takes to hold FACET_SPREAD
   * matches; counted exactly when the spread foretells at most twice FACET_EXACT matches.
   */
  const passFacets = (pass: (typeof passes)[number]) => {
    const conditions = pass.predicates.map((p) => p.memory as MemoryCondition);
    const lead = leadSize(docs, conditions, texts);
    let step = lead / LEAD_SPREAD;
    while (step > 1) {
      const slots = matches(docs, conditions, texts, step);
      if (slots.length * step <= 2 * FACET_EXACT) break;
      if (slots.length >= FACET_SPREAD) return facetsOf(docs, slots, pass.dims, filters.selected, step);
      step = Math.max(1, (step * slots.length) / (1.25 * FACET_SPREAD));
    }
    return facetsOf(docs, matches(docs, conditions, texts), pass.dims, filters.selected);
  };
  // The page is picked first. When PostgreSQL reads the ranked documents' text relevance, the facets are counted meanwhile.
  const page = await pageOf(knex, docs, main, filters, params);
  if ('ids' in page) return { total: main.length, totalIsEstimate: false, pageIds: page.ids, facets: countFacets };
  const pageIds = page.later();
  pageIds.catch(() => undefined);
  const facets = countFacets();
  return { total: main.length, totalIsEstimate: false, pageIds: await pageIds, facets: () => facets };
}

/** What the console's text box finds: documents holding its text or names (queries held in memory), or those whose ids SQL found (a part of a name or email). */
export interface FoundBy {
  text?: QueryNode;
  names?: QueryNode;
  ids?: Promise<number[]>;
}

/** The orders the console's talent list is paged in from memory: newest first, or by expected salary in SGD (as SQL orders it: no salary first when descending, last when ascending; then by id the same way). */
export type ListOrder = 'newest' | 'salaryDesc' | 'salaryAsc';

/** The first `k` of `slots` in a salary order: kept in a bounded heap, so that a page of a big set costs one pass. */
function bySalary(docs: MemoryDocuments, slots: Int32Array, k: number, desc: boolean): number[] {
  const key = (slot: number) => (docs.salary[slot] === NONE ? Infinity : docs.salary[slot]);
  // Negative when `a` comes before `b`.
  const compare = (a: number, b: number) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * (desc ? -1 : 1);
    return (docs.ids[a] - docs.ids[b]) * (desc ? -1 : 1);
  };
  if (k >= slots.length) return Array.from(slots).sort(compare);
  // A heap whose top is the kept slot that comes last.
  const heap: number[] = [];
  const down = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let last = at;
      if (left < heap.length && compare(heap[left], heap[last]) > 0) last = left;
      if (right < heap.length && compare(heap[right], heap[last]) > 0) last = right;
      if (last === at) return;
      [heap[at], heap[last]] = [heap[last], heap[at]];
      at = last;
    }
  };
  // Once the heap is full, the salary of its top: a slot whose salary comes after it is passed over at once.
  let bound = 0;
  const { salary } = docs;
  for (let i = 0; i < slots.length; i += 1) {
    const slot = slots[i];
    if (heap.length < k) {
      heap.push(slot);
      for (let at = heap.length - 1; at > 0 && compare(heap[at], heap[(at - 1) >> 1]) > 0; at = (at - 1) >> 1)
        [heap[at], heap[(at - 1) >> 1]] = [heap[(at - 1) >> 1], heap[at]];
      bound = key(heap[0]);
      continue;
    }
    const value = salary[slot] === NONE ? Infinity : salary[slot];
    if (desc ? value < bound : value > bound) continue;
    if (compare(slot, heap[0]) < 0) {
      heap[0] = slot;
      down(0);
      bound = key(heap[0]);
    }
  }
  return heap.sort(compare);
}

/**
 * A page of the console's talent list, newest first or by expected salary, from the documents held
 * in memory: those meeting every condition and, with `found`, found by the text box; with the exact
 * total. Undefined while the documents load.
 */
export async function memoryListPage(
  knex: Knex,
  conditions: MemoryCondition[],
  found: FoundBy | undefined,
  { start, count, order }: { start: number; count: number; order: ListOrder },
  held: Promise<MemoryDocuments | undefined> = searchDocuments(knex),
): Promise<{ ids: number[]; total: number } | undefined> {
  const docs = await held;
  if (!docs) return undefined;
  const texts = new Map<MemoryCondition, Int32Array>();
  const all = [...conditions];
  if (found) {
    const late = docs.lateSlots();
    const sets: Int32Array[] = [];
    if (found.text) sets.push(docs.text.matching(found.text, docs.size, late));
    if (found.names) sets.push(docs.names.matching(found.names, docs.size, late));
    if (found.ids) sets.push(docs.slotsOf(await found.ids));
    const condition: MemoryCondition = { kind: 'found' };
    texts.set(condition, union(sets));
    all.push(condition);
  }
  const slots = matches(docs, all, texts);
  const first = order === 'newest' ? docs.orders.newest(slots, start + count) : bySalary(docs, slots, start + count, order === 'salaryDesc');
  return { total: slots.length, ids: first.slice(start).map((slot) => docs.ids[slot]) };
}
