/**
 * Which documents held in memory (memory.ts) meet a search's conditions: the condition with the
 * fewest holders leads (its postings), and each other condition checks only what the ones before
 * kept, a document's own numbers first, then facet values and texts, the rarest first.
 */
import type { MemoryCondition } from './conditions';
import { NONE, type MemoryDocuments } from './memory';
import { bucketOf } from './memoryTally';
import { intersect, lowerBound, union } from './memoryText';

/** A slot's notice period bucket (0 immediate, 1 to 3 months), or -1 without one: NOTICE_BUCKET_SQL's rule. */
export const noticeBucket = (docs: MemoryDocuments, slot: number): number =>
  bucketOf(docs.noticeType[slot], docs.noticeMonths[slot], docs.noticeDate[slot], docs.today);

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
        // The postings are complete. Values many hold are read from their bitmaps, one step a slot.
        const bitmaps = c.codes.map((code) => docs.bitmapOf(code));
        if (bitmaps.every((b) => b) && bitmaps.length <= 4) {
          const [a, b = a, c2 = a, d = a] = bitmaps as Uint32Array[];
          for (let i = 0; i < length; i += 1) {
            const slot = slots[i];
            const word = slot >> 5;
            const bit = 1 << (slot & 31);
            out[n] = slot;
            n += ((a[word] | b[word] | c2[word] | d[word]) & bit) !== 0 ? 1 : 0;
          }
          break;
        }
        // Else the slots that are also in the union of the values' postings: searched for when the slots are few, merged else.
        const list = union(c.codes.map((code) => docs.postingsOf(code)));
        if (length * 16 < list.length) {
          for (let i = 0; i < length; i += 1) {
            const slot = slots[i];
            const at = lowerBound(list, slot);
            if (at < list.length && list[at] === slot) out[n++] = slot;
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
      const [min, max] = salaryBounds(c);
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

/** A salary condition's range, within the integers a salary is held as (a missing salary, NONE, is below it). */
const salaryBounds = (c: { min: number; max?: number }) => [Math.max(c.min, NONE + 1), Math.min(c.max ?? 2147483647, 2147483647)] as const;

/** Whether a condition's documents are given as a set (`texts`): a text query's, or those found otherwise. */
const given = (c: MemoryCondition) => c.kind === 'text' || c.kind === 'found';

/** Every `step`-th of `list` (step above 1). */
function spread(list: Int32Array, step: number): Int32Array {
  const out = new Int32Array(Math.ceil(list.length / step));
  for (let i = 0; i < out.length; i += 1) out[i] = list[Math.floor(i * step)];
  return out;
}

/** How many documents lead a search's conditions (matches() reads no more than those). */
export function leadSize(docs: MemoryDocuments, conditions: MemoryCondition[], texts: Map<MemoryCondition, Int32Array>): number {
  let size = docs.size;
  for (const c of conditions) {
    if (c.kind === 'status')
      size = Math.min(
        size,
        c.statuses.reduce((n, s) => n + docs.statusPostings(s).length, 0),
      );
    else if (given(c)) size = Math.min(size, (texts.get(c) as Int32Array).length);
    else if (c.kind === 'facet')
      size = Math.min(
        size,
        c.codes.reduce((n, code) => n + docs.postingsOf(code).length, 0),
      );
    else if (c.kind === 'salary') size = Math.min(size, docs.orders.salaryCount(...salaryBounds(c)));
  }
  return size;
}

/** Every status condition (the visibility and the permission) together, as one set of statuses; undefined without. */
export function statusesOf(conditions: MemoryCondition[]): number[] | undefined {
  let statuses: number[] | undefined;
  for (const c of conditions) if (c.kind === 'status') statuses = statuses ? statuses.filter((s) => c.statuses.includes(s)) : [...new Set(c.statuses)];
  return statuses;
}

/**
 * The slots of the documents meeting every condition, in slot order; with `step` above 1, of an even
 * spread of the leading condition's holders alone (every step-th), for facets to be estimated from.
 */
export function matches(docs: MemoryDocuments, conditions: MemoryCondition[], texts: Map<MemoryCondition, Int32Array>, step = 1): Int32Array {
  const statuses = statusesOf(conditions);
  const others = conditions.filter((c) => c.kind !== 'status');
  // The postings written since the last build are incomplete: those slots are checked whatever leads.
  const exact = !docs.changed.length && !docs.added.length && !docs.removed;
  // What leads: the facet value, salary range or text condition, or the statuses, with the fewest holders; only
  // those are checked. A text condition's slots are complete (the slots written since the build read one by one).
  let lead: { lists: () => Int32Array[]; size: number; condition?: MemoryCondition; complete?: boolean } | undefined;
  if (statuses) {
    const lists = statuses.map((s) => docs.statusPostings(s));
    lead = { lists: () => lists, size: lists.reduce((n, l) => n + l.length, 0) };
  }
  for (const c of others) {
    if (given(c)) {
      const set = texts.get(c) as Int32Array;
      if (!lead || set.length < lead.size) lead = { lists: () => [set], size: set.length, condition: c, complete: true };
    } else if (c.kind === 'facet') {
      const lists = c.codes.map((code) => docs.postingsOf(code));
      const size = lists.reduce((n, l) => n + l.length, 0);
      if (!lead || size < lead.size) lead = { lists: () => lists, size, condition: c };
    } else if (c.kind === 'salary') {
      const bounds = salaryBounds(c);
      const size = docs.orders.salaryCount(...bounds);
      if (!lead || size < lead.size) lead = { lists: () => [docs.orders.salaryRange(...bounds)], size, condition: c };
    }
  }
  let slots: Int32Array;
  // Whether `slots` is this search's own array (not a posting list) and may be filtered in place.
  let own = true;
  if (!lead) {
    slots = new Int32Array(Math.ceil(docs.size / step));
    for (let i = 0; i < slots.length; i += 1) slots[i] = Math.floor(i * step);
  } else {
    const lists = lead.lists();
    slots = union(step > 1 ? lists.map((list) => spread(list, step)) : lists);
    own = lists.length > 1 || step > 1 || lead.condition?.kind === 'salary';
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
    c.kind === 'facet' ? c.codes.reduce((n, code) => n + docs.postingsOf(code).length, 0) : given(c) ? (texts.get(c) as Int32Array).length : -1;
  checks.push(...rest.sort((a, b) => holders(a) - holders(b)));
  for (const check of checks) {
    slots = check.kind !== 'live' && given(check) ? intersect(slots, texts.get(check) as Int32Array) : filter(docs, slots, check, own, exact);
    own = true;
  }
  return slots;
}
