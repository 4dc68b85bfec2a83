/**
 * A search answered from the documents held in memory (memory.ts, memoryText.ts): the same sets as
 * counts.ts reads in SQL (the full set and, for each active multi-select filter, the set without
 * it), each counted exactly; facets counted from every match up to FACET_EXACT and from an even
 * spread above, marked estimated; the page newest first or by best match, ranked as page.ts ranks
 * it (the text relevance of the ranked documents read from PostgreSQL). A search with any condition
 * that has no in-memory form (phrases, employers, shortlisted), or one that arrives while the
 * documents load, is left to SQL: `memorySearch` answers undefined.
 */
import type { Knex } from 'knex';
import { DIMENSION_CODES, FACET_STEP, type MemoryCondition, type Predicate } from './conditions';
import { passesOf, type Counts } from './counts';
import type { TableStats } from './estimate';
import type { Filters } from './filters';
import { NONE, type MemoryDocuments } from './memory';
import { readyDocuments } from './memorySync';
import { RANK_BOUND, textRankColumn, window } from './page';
import type { DimensionKey, SearchParams } from './params';
import { intersect, union } from './memoryText';
import { binder, rankFacets, type RawFacet } from './passes';

/** Sets up to this size have their facets counted from every match; larger ones from an even spread of FACET_SPREAD (and say so). */
const FACET_EXACT = 10_000;
const FACET_SPREAD = 4_000;

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

/**
 * The slots of `slots` meeting a condition, in order: into `slots` itself when `own`, else into a
 * new array. One loop per kind of condition, so each stays small and monomorphic. A facet value
 * condition intersects with its postings when they are complete (`postingsExact`), else reads
 * each slot's values.
 */
function filter(docs: MemoryDocuments, slots: Int32Array, c: MemoryCondition | { kind: 'live' }, own: boolean, postingsExact: boolean): Int32Array {
  const out = own ? slots : new Int32Array(slots.length);
  let n = 0;
  const length = slots.length;
  switch (c.kind) {
    case 'live': {
      for (let i = 0; i < length; i += 1) if (docs.live(slots[i])) out[n++] = slots[i];
      break;
    }
    case 'status': {
      const allowed = new Uint8Array(256);
      for (const status of c.statuses) if (status >= 0 && status < 255) allowed[status] = 1;
      const status = docs.status;
      for (let i = 0; i < length; i += 1) {
        const slot = slots[i];
        out[n] = slot;
        n += allowed[status[slot]];
      }
      break;
    }
    case 'facet': {
      if (postingsExact) {
        // The postings are complete: the slots that are also in the union of the values' postings.
        const list = union(c.codes.map((code) => docs.postingsOf(code)));
        if (length * 16 < list.length) {
          for (let i = 0; i < length; i += 1) {
            const slot = slots[i];
            let lo = 0;
            let hi = list.length;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (list[mid] < slot) lo = mid + 1;
              else hi = mid;
            }
            if (lo < list.length && list[lo] === slot) out[n++] = slot;
          }
        } else {
          let j = 0;
          for (let i = 0; i < length; i += 1) {
            const slot = slots[i];
            while (j < list.length && list[j] < slot) j += 1;
            if (j < list.length && list[j] === slot) out[n++] = slot;
          }
        }
        break;
      }
      const codes = Int32Array.from(c.codes);
      const { facets, facetStart, facetCount } = docs;
      for (let i = 0; i < length; i += 1) {
        const slot = slots[i];
        const end = facetStart[slot] + facetCount[slot];
        let held = false;
        for (let j = facetStart[slot]; j < end && !held; j += 1) for (let k = 0; k < codes.length; k += 1) if (facets[j] === codes[k]) held = true;
        if (held) out[n++] = slot;
      }
      break;
    }
    case 'salary': {
      // Written without branches (the outcome is a coin toss per document); a missing salary (NONE) is below any minimum.
      const salary = docs.salary;
      const min = Math.max(c.min, NONE + 1);
      const max = Math.min(c.max ?? 2147483647, 2147483647);
      for (let i = 0; i < length; i += 1) {
        const slot = slots[i];
        const v = salary[slot];
        out[n] = slot;
        n += (v >= min ? 1 : 0) & (v <= max ? 1 : 0);
      }
      break;
    }
    case 'career': {
      // Without experience (NONE) a career counts as 0 years: within a range from 0, never with a minimum.
      const career = docs.career;
      const atMost = c.atMost ?? 2147483647;
      const after = c.after ?? NONE;
      const none = c.atMost === undefined ? 1 : 0;
      for (let i = 0; i < length; i += 1) {
        const slot = slots[i];
        const start = career[slot];
        out[n] = slot;
        n += start === NONE ? none : (start <= atMost ? 1 : 0) & (start > after ? 1 : 0);
      }
      break;
    }
    case 'notice': {
      const buckets = new Set(c.buckets);
      for (let i = 0; i < length; i += 1) if (buckets.has(noticeBucket(docs, slots[i]))) out[n++] = slots[i];
      break;
    }
    case 'situation': {
      let bits = 0;
      for (const v of c.values) if (v < 31) bits |= 1 << v;
      const situations = docs.situations;
      for (let i = 0; i < length; i += 1) if ((situations[slots[i]] & bits) !== 0) out[n++] = slots[i];
      break;
    }
    case 'owner': {
      const ids = new Set(c.ids);
      const owner = docs.owner;
      for (let i = 0; i < length; i += 1) if (ids.has(owner[slots[i]])) out[n++] = slots[i];
      break;
    }
    case 'remote': {
      const remote = docs.remote;
      for (let i = 0; i < length; i += 1) if (remote[slots[i]] === 1) out[n++] = slots[i];
      break;
    }
    case 'popular': {
      const popularity = docs.popularity;
      for (let i = 0; i < length; i += 1) if (popularity[slots[i]] >= c.min) out[n++] = slots[i];
      break;
    }
  }
  return out.subarray(0, n);
}

/** The slots of the documents meeting every condition, in slot order. */
function matches(docs: MemoryDocuments, conditions: MemoryCondition[], texts: Map<MemoryCondition, Int32Array>): Int32Array {
  // Every status condition (the visibility and the permission) together, as one set of statuses; none without.
  let statuses: number[] | undefined;
  for (const c of conditions) if (c.kind === 'status') statuses = statuses ? statuses.filter((s) => c.statuses.includes(s)) : [...new Set(c.statuses)];
  const others = conditions.filter((c) => c.kind !== 'status');
  // The postings written since the last build are incomplete: those slots are checked whatever leads.
  const exact = !docs.changed.length && !docs.added.length && !docs.removed;
  // What leads: the facet value or text condition, or the statuses, with the fewest holders; only those are
  // checked. A text condition's slots are complete (the slots written since the build read one by one).
  let lead: { lists: Int32Array[]; size: number; condition?: MemoryCondition; complete?: boolean } | undefined;
  if (statuses) {
    const lists = statuses.map((s) => docs.statusPostings(s));
    lead = { lists, size: lists.reduce((n, l) => n + l.length, 0) };
  }
  for (const c of others) {
    if (c.kind === 'text') {
      const set = texts.get(c) as Int32Array;
      if (!lead || set.length < lead.size) lead = { lists: [set], size: set.length, condition: c, complete: true };
      continue;
    }
    if (c.kind !== 'facet') continue;
    const lists = c.codes.map((code) => docs.postingsOf(code));
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (!lead || size < lead.size) lead = { lists, size, condition: c };
  }
  let slots: Int32Array;
  // Whether `slots` is this search's own array (not a posting list) and may be filtered in place.
  let own = true;
  if (!lead) {
    slots = new Int32Array(docs.size);
    for (let slot = 0; slot < docs.size; slot += 1) slots[slot] = slot;
  } else {
    slots = union(lead.lists);
    own = lead.lists.length > 1;
    if (!exact && !lead.complete) {
      slots = union([slots, docs.lateSlots()]);
      own = true;
    }
  }
  const checks: (MemoryCondition | { kind: 'live' })[] = [];
  if (statuses && (!exact || lead?.condition)) checks.push({ kind: 'status', statuses });
  if (!statuses) checks.push({ kind: 'live' });
  // Checks on a document's own numbers first, then the facet values and texts, the rarest first: each check reads only what the ones before kept.
  const rest = others.filter((c) => !(c === lead?.condition && (exact || lead.complete)));
  const holders = (c: MemoryCondition) =>
    c.kind === 'facet' ? c.codes.reduce((n, code) => n + docs.postingsOf(code).length, 0) : c.kind === 'text' ? (texts.get(c) as Int32Array).length : -1;
  checks.push(...rest.sort((a, b) => holders(a) - holders(b)));
  for (const check of checks) {
    slots = check.kind === 'text' ? intersect(slots, texts.get(check) as Int32Array) : filter(docs, slots, check, own, exact);
    own = true;
  }
  return slots;
}

/** The facets of `dims` over the matched slots: every match up to FACET_EXACT, an even spread of FACET_SPREAD above. */
function facetsOf(docs: MemoryDocuments, slots: Int32Array, dims: DimensionKey[], selected: Filters['selected']): RawFacet[] {
  if (!dims.length || !slots.length) return [];
  // Per dimension code, a table of counts by option id.
  const tableOf = new Int32Array(16).fill(-1);
  const tables: Int32Array[] = [];
  for (const d of dims) {
    const code = DIMENSION_CODES[d];
    tableOf[code] = tables.length;
    tables.push(new Int32Array((code === NOTICE_CODE ? 4 : docs.maxOption[code]) + 1));
  }
  const notice = dims.includes('np') ? tables[tableOf[NOTICE_CODE]] : undefined;
  const step = slots.length > FACET_EXACT ? slots.length / FACET_SPREAD : 1;
  const { facets, facetStart, facetCount } = docs;
  let taken = 0;
  for (let at = 0; at < slots.length; at += step) {
    const slot = slots[Math.floor(at)];
    taken += 1;
    const end = facetStart[slot] + facetCount[slot];
    for (let i = facetStart[slot]; i < end; i += 1) {
      const value = facets[i];
      const code = (value / FACET_STEP) | 0;
      const table = tableOf[code];
      if (table >= 0) tables[table][value - code * FACET_STEP] += 1;
    }
    if (notice) {
      const bucket = noticeBucket(docs, slot);
      if (bucket >= 0) notice[bucket] += 1;
    }
  }
  const counts = new Map<number, Map<number, number>>();
  for (const d of dims) {
    const table = tables[tableOf[DIMENSION_CODES[d]]];
    const kept = new Map<number, number>();
    for (let id = 0; id < table.length; id += 1) if (table[id]) kept.set(id, table[id]);
    counts.set(DIMENSION_CODES[d], kept);
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
async function pageOf(knex: Knex, docs: MemoryDocuments, slots: Int32Array, filters: Filters, params: SearchParams): Promise<number[]> {
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
  // The text relevance needs the words' positions and weights: PostgreSQL reads it for the ranked documents alone.
  const relevance = new Map<number, number>();
  if (filters.text && bounded.length) {
    const bindings: unknown[] = [];
    const column = textRankColumn(filters, binder(bindings));
    const { rows } = (await knex.raw(`select d.id, ${column} from candidate_search_documents d where d.id = any(?::int[])`, [
      ...bindings,
      bounded.map((slot) => docs.ids[slot]),
    ] as Knex.RawBinding[])) as { rows: { id: number; text_rank: number }[] };
    for (const row of rows) relevance.set(row.id, Number(row.text_rank));
  }
  const now = Date.now();
  const score = new Map<number, number>();
  for (const slot of bounded) {
    let s = filters.text ? 0.45 * (relevance.get(docs.ids[slot]) ?? 0) : 0;
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
const inMemory = (predicates: Predicate[]) => predicates.every((p) => p.memory);

/** The total, facets and page of a search held in memory, or undefined when a condition needs SQL. */
export async function memorySearch(
  knex: Knex,
  filters: Filters,
  stats: TableStats,
  params: SearchParams,
): Promise<(Counts & { pageIds: number[] }) | undefined> {
  if (!inMemory(filters.predicates)) return undefined;
  let docs: MemoryDocuments | undefined;
  try {
    docs = await readyDocuments(knex);
  } catch {
    // Not caught up (logged): SQL answers.
    return undefined;
  }
  if (!docs) return undefined;
  const passes = passesOf(filters, stats, true);
  // Each text condition's documents, read once for every set it is in.
  const late = docs.lateSlots();
  const texts = new Map<MemoryCondition, Int32Array>();
  for (const p of filters.predicates) {
    const c = p.memory as MemoryCondition;
    if (c.kind === 'text') texts.set(c, docs[c.field].matching(c.query, docs.size, late));
  }
  const matched = (pass: (typeof passes)[number]) =>
    matches(
      docs,
      pass.predicates.map((p) => p.memory as MemoryCondition),
      texts,
    );
  // The page is picked first: while PostgreSQL reads the ranked documents' text relevance, the facets are counted here.
  const main = matched(passes[0]);
  const page = pageOf(knex, docs, main, filters, params);
  page.catch(() => undefined);
  const facets = passes.flatMap((pass, i) => facetsOf(docs, i === 0 ? main : matched(pass), pass.dims, filters.selected));
  return { total: main.length, totalIsEstimate: false, facets, pageIds: await page };
}
