/**
 * The search documents held in the API's memory, column by column in typed arrays, with their
 * words (memoryText.ts), so a search counts, facets and pages its matches without visiting a row of
 * PostgreSQL: an exact count of 10,000 documents in the database reads 10,000 rows (about 2.5 µs
 * each on a 2-core machine), here it checks a few numbers per document. Postings (the slots of each
 * facet value and status) and the creation order are built after a load; slots written since are
 * kept aside as late until enough of them call for a rebuild. memorySync.ts loads the documents and
 * keeps them true.
 */
import { FACET_STEP } from './conditions';
import { integers, NONE } from './memoryParse';
import { DocumentOrders } from './memoryOrder';
import { StatusTally } from './memoryTally';
import { TextField } from './memoryText';

/** The status of a slot whose document was deleted. */
const DEAD = 255;
export { NONE };
/** Facet values at or above this are index tokens, never counted or filtered by here. */
const TOKENS_FROM = 9 * FACET_STEP;

/** What a document is read as, from candidate_search_documents `d`. */
export const DOCUMENT_COLUMNS = `d.id, d.status, (extract(epoch from d.created_at) * 1000)::float8 as created, (extract(epoch from d.updated_at) * 1000)::float8 as updated,
  d.completeness, d.popularity, d.salary_sgd, (d.career_start - date '1970-01-01') as career, d.working_remotely, d.notice_type, d.notice_months,
  (d.notice_date - date '1970-01-01') as notice_date, d.owner_id, array_to_string(d.candidate_status, ',') as situations, array_to_string(d.facet_values, ',') as facets,
  d.vector::text as words, array_to_string(tsvector_to_array(d.name_vector), chr(31)) as names`;

/** A document as DOCUMENT_COLUMNS read it. */
export interface DocumentRow {
  id: number;
  status: number;
  created: number;
  updated: number;
  completeness: number;
  popularity: number;
  salary_sgd: number | null;
  career: number | null;
  working_remotely: boolean | null;
  notice_type: number | null;
  notice_months: number | null;
  notice_date: number | null;
  owner_id: number | null;
  situations: string;
  facets: string;
  words: string | null;
  names: string | null;
}

const grow = <T extends Int32Array | Float64Array | Uint8Array | Int8Array | Uint16Array | Int16Array>(a: T, size: number): T => {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  return next;
};

export class MemoryDocuments {
  /** Slots in use; a slot is a document's place in every column. */
  size = 0;
  private capacity = 0;
  ids = new Int32Array(0);
  status = new Uint8Array(0);
  created = new Float64Array(0);
  updated = new Float64Array(0);
  completeness = new Int16Array(0);
  popularity = new Int32Array(0);
  salary = new Int32Array(0);
  career = new Int32Array(0);
  /** 1 true, 0 false, -1 null. */
  remote = new Int8Array(0);
  noticeType = new Int8Array(0);
  noticeMonths = new Int32Array(0);
  noticeDate = new Int32Array(0);
  owner = new Int32Array(0);
  /** The candidate's situations as bits. */
  situations = new Int32Array(0);
  /** Each slot's encoded facet values: `facetCount` of them from `facetStart` in `facets`. */
  facetStart = new Int32Array(0);
  facetCount = new Uint16Array(0);
  facets = new Int32Array(1024);
  private facetsUsed = 0;
  private facetsLive = 0;
  /** The words of each document's text vector and of its name (the admins' name search). */
  text = new TextField(true);
  names = new TextField();
  /** Facet and notice counts per status, of the live documents. */
  tally = new StatusTally();
  /** The largest option id held per dimension code (facet counting sizes its tables by it). */
  maxOption = new Int32Array(16);
  /** Slot of each document id (-1 none). */
  private slotOfId = new Int32Array(0);
  /** Slots holding each facet value, as of the last build; slots written since are in `changed`. */
  private postings = new Map<number, Int32Array>();
  changed: number[] = [];
  private changedMark = new Uint8Array(0);
  /** Documents deleted since the last build (their slots are still in the postings). */
  removed = 0;
  /** Slots of each status as of the last build; slots written since are in `changed` and `added`. */
  private statusSlots = new Map<number, Int32Array>();
  /** The creation order and the salary order, as of the last build; slots added since are in `added`. */
  orders = new DocumentOrders(this);
  /** Bitmaps of the facet values many hold, built when first asked for after a build. */
  private bitmaps = new Map<number, Uint32Array>();
  added: number[] = [];
  /** Today in the database's time zone, days since 1970-01-01 (notice periods count from it). */
  today = 0;
  /** Whether the postings and the creation order have been built: slots written after that are late. */
  private built = false;

  /** Empties the documents, before a load. */
  reset(): void {
    this.size = 0;
    this.facetsUsed = 0;
    this.facetsLive = 0;
    this.slotOfId = new Int32Array(0);
    this.postings = new Map();
    this.statusSlots = new Map();
    this.text.reset();
    this.names.reset();
    this.tally.reset();
    this.changed = [];
    this.removed = 0;
    this.added = [];
    this.orders.reset();
    this.bitmaps = new Map();
    this.built = false;
  }

  private ensure(slots: number): void {
    if (slots <= this.capacity) return;
    const size = Math.max(slots, Math.ceil(this.capacity * 1.5), 1024);
    this.ids = grow(this.ids, size);
    this.status = grow(this.status, size);
    this.created = grow(this.created, size);
    this.updated = grow(this.updated, size);
    this.completeness = grow(this.completeness, size);
    this.popularity = grow(this.popularity, size);
    this.salary = grow(this.salary, size);
    this.career = grow(this.career, size);
    this.remote = grow(this.remote, size);
    this.noticeType = grow(this.noticeType, size);
    this.noticeMonths = grow(this.noticeMonths, size);
    this.noticeDate = grow(this.noticeDate, size);
    this.owner = grow(this.owner, size);
    this.situations = grow(this.situations, size);
    this.facetStart = grow(this.facetStart, size);
    this.facetCount = grow(this.facetCount, size);
    this.changedMark = grow(this.changedMark, size);
    this.text.ensure(size);
    this.names.ensure(size);
    this.capacity = size;
  }

  private slotOf(id: number): number {
    return id < this.slotOfId.length ? this.slotOfId[id] : -1;
  }

  /** Writes a document as the database hands it over (DOCUMENT_COLUMNS), in its slot or a new one. */
  put(row: DocumentRow): void {
    let slot = this.slotOf(row.id);
    const isNew = slot < 0;
    if (isNew) {
      this.ensure(this.size + 1);
      slot = this.size;
      this.size += 1;
      if (row.id >= this.slotOfId.length) {
        const next = new Int32Array(Math.max(row.id + 1, Math.ceil(this.slotOfId.length * 1.5), 1024)).fill(-1);
        next.set(this.slotOfId);
        this.slotOfId = next;
      }
      this.slotOfId[row.id] = slot;
      if (this.built) this.added.push(slot);
    } else {
      this.tallied(slot, -1);
      this.facetsLive -= this.facetCount[slot];
    }
    if (!isNew && this.created[slot] !== row.created) this.orders.stale = true;
    this.ids[slot] = row.id;
    this.status[slot] = row.status;
    this.created[slot] = row.created;
    this.updated[slot] = row.updated;
    this.completeness[slot] = row.completeness;
    this.popularity[slot] = row.popularity;
    this.salary[slot] = row.salary_sgd ?? NONE;
    this.career[slot] = row.career ?? NONE;
    this.remote[slot] = row.working_remotely === null ? -1 : row.working_remotely ? 1 : 0;
    this.noticeType[slot] = row.notice_type ?? -1;
    this.noticeMonths[slot] = row.notice_months ?? NONE;
    this.noticeDate[slot] = row.notice_date ?? NONE;
    this.owner[slot] = row.owner_id ?? NONE;
    let bits = 0;
    for (const s of integers(row.situations ?? '', [])) if (s < 31) bits |= 1 << s;
    this.situations[slot] = bits;
    const values = integers(row.facets ?? '', []).filter((v) => v < TOKENS_FROM);
    for (const v of values) {
      const code = Math.floor(v / FACET_STEP);
      if (v - code * FACET_STEP > this.maxOption[code]) this.maxOption[code] = v - code * FACET_STEP;
    }
    if (this.facetsUsed + values.length > this.facets.length)
      this.facets = grow(this.facets, Math.max(this.facetsUsed + values.length, this.facets.length * 2));
    this.facetStart[slot] = this.facetsUsed;
    this.facetCount[slot] = values.length;
    this.facets.set(values, this.facetsUsed);
    this.facetsUsed += values.length;
    this.facetsLive += values.length;
    this.tallied(slot, 1);
    this.text.putVector(slot, row.words);
    this.names.put(slot, row.names);
    if (this.built && !isNew && !this.changedMark[slot]) {
      this.changedMark[slot] = 1;
      this.changed.push(slot);
    }
  }

  /** The slots of documents by id, ascending (ids not held are left out). */
  slotsOf(ids: number[]): Int32Array {
    const slots = new Int32Array(ids.length);
    let n = 0;
    for (const slot of ids.map((id) => this.slotOf(id))) if (slot >= 0) slots[n++] = slot;
    return slots.subarray(0, n).sort();
  }

  private tallied(slot: number, sign: 1 | -1): void {
    const start = this.facetStart[slot];
    const { status, noticeType, noticeMonths, noticeDate } = this;
    const values = this.facets.subarray(start, start + this.facetCount[slot]);
    this.tally.count({ status: status[slot], values, noticeType: noticeType[slot], noticeMonths: noticeMonths[slot], noticeDate: noticeDate[slot] }, sign);
  }

  /** Drops a deleted document. */
  remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot < 0) return;
    this.tallied(slot, -1);
    this.status[slot] = DEAD;
    this.slotOfId[id] = -1;
    this.removed += 1;
    this.facetsLive -= this.facetCount[slot];
    this.facetCount[slot] = 0;
    this.text.clear(slot);
    this.names.clear(slot);
  }

  /** The slots written since the last build (changed or added), each once, ascending: their postings may be out of date. */
  lateSlots(): Int32Array {
    return Int32Array.from(new Set([...this.changed, ...this.added])).sort();
  }

  /** Whether a slot holds a live document. */
  live(slot: number): boolean {
    return this.status[slot] !== DEAD;
  }

  /** The postings and the orders, built anew (after a load). */
  build(): void {
    const counts = new Map<number, number>();
    for (let slot = 0; slot < this.size; slot += 1) {
      if (this.status[slot] === DEAD) continue;
      const end = this.facetStart[slot] + this.facetCount[slot];
      for (let i = this.facetStart[slot]; i < end; i += 1) counts.set(this.facets[i], (counts.get(this.facets[i]) ?? 0) + 1);
    }
    const postings = new Map<number, Int32Array>();
    const filled = new Map<number, number>();
    for (const [value, n] of counts) {
      postings.set(value, new Int32Array(n));
      filled.set(value, 0);
    }
    for (let slot = 0; slot < this.size; slot += 1) {
      if (this.status[slot] === DEAD) continue;
      const end = this.facetStart[slot] + this.facetCount[slot];
      for (let i = this.facetStart[slot]; i < end; i += 1) {
        const value = this.facets[i];
        const at = filled.get(value) as number;
        (postings.get(value) as Int32Array)[at] = slot;
        filled.set(value, at + 1);
      }
    }
    this.postings = postings;
    this.bitmaps = new Map();
    const live = (slot: number) => this.status[slot] !== DEAD;
    this.text.build(this.size, live);
    this.names.build(this.size, live);
    const byStatus = new Map<number, number[]>();
    for (let slot = 0; slot < this.size; slot += 1) {
      const status = this.status[slot];
      if (status === DEAD) continue;
      const list = byStatus.get(status);
      if (list) list.push(slot);
      else byStatus.set(status, [slot]);
    }
    this.statusSlots = new Map([...byStatus].map(([status, list]) => [status, Int32Array.from(list)]));
    for (const slot of this.changed) this.changedMark[slot] = 0;
    this.changed = [];
    this.removed = 0;
    this.orders.build();
    this.added = [];
    this.built = true;
  }

  /** After a catch-up: the postings rebuilt once many slots are late, the facet values rewritten once updates left much space behind. */
  tidy(): void {
    const late = Math.max(2_000, this.size / 50);
    if (this.changed.length > late || this.added.length > late || this.removed > late) this.build();
    if (this.facetsUsed > 2 * this.facetsLive + 1_000_000) this.compact();
  }

  /** Rewrites the facet values without the space updates left behind. */
  private compact(): void {
    const next = new Int32Array(Math.max(1024, this.facetsLive * 1.25));
    let used = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      const n = this.facetCount[slot];
      next.set(this.facets.subarray(this.facetStart[slot], this.facetStart[slot] + n), used);
      this.facetStart[slot] = used;
      used += n;
    }
    this.facets = next;
    this.facetsUsed = used;
    this.facetsLive = used;
  }

  /** Sort order of the newest first (creation time, then id, both descending). */
  newer = (a: number, b: number): number => this.created[b] - this.created[a] || this.ids[b] - this.ids[a];

  /** The slots that may hold a facet value: those that held it at the last build, and those written since (check each). */
  postingsOf(value: number): Int32Array {
    return this.postings.get(value) ?? EMPTY;
  }

  /** The slots that may have a status, as postingsOf. */
  statusPostings(status: number): Int32Array {
    return this.statusSlots.get(status) ?? EMPTY;
  }

  /**
   * A bitmap of the slots holding a facet value at the last build, for a value held by many (at least
   * one in BITMAP_SHARE): a slot is checked against it in one step. Built when first asked for.
   */
  bitmapOf(value: number): Uint32Array | undefined {
    const list = this.postingsOf(value);
    if (list.length * BITMAP_SHARE < this.size) return undefined;
    let bits = this.bitmaps.get(value);
    if (!bits) {
      bits = new Uint32Array((this.size >> 5) + 1);
      for (let i = 0; i < list.length; i += 1) bits[list[i] >> 5] |= 1 << (list[i] & 31);
      this.bitmaps.set(value, bits);
    }
    return bits;
  }
}

const EMPTY = new Int32Array(0);
/** A facet value held by at least one slot in this many has a bitmap (bitmapOf). */
const BITMAP_SHARE = 32;
