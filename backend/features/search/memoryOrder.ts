/**
 * The orders the documents held in memory (memory.ts) are read in, built with their postings: the
 * creation order (newest first), which pages a search and finds the newest of a set, and the order
 * of expected salary (in SGD), which finds the documents of a salary range without checking every
 * document of a big set. Slots added since the build are merged in; slots written since are checked
 * on their own by the caller (memoryMatch.ts), as for the postings.
 */
import type { MemoryDocuments } from './memory';
import { NONE } from './memoryParse';
import { lowerBound } from './memoryText';

export class DocumentOrders {
  /** Slots in creation order (newest first) as of the last build. */
  private order = new Int32Array(0);
  /** Each slot's place in `order` (-1 for none). */
  private placeOf = new Int32Array(0);
  /** Whether a creation time changed since the build (the creation order is then built again when next read). */
  stale = false;
  /** The live slots with a salary, by salary ascending, and their salaries, as of the last build. */
  private bySalary = new Int32Array(0);
  private salaries = new Int32Array(0);
  /** Bits of places or slots, set and cleared while the newest are found or a salary range is put in slot order. */
  private bits = new Uint32Array(0);

  constructor(private readonly docs: MemoryDocuments) {}

  reset(): void {
    this.order = new Int32Array(0);
    this.placeOf = new Int32Array(0);
    this.bySalary = new Int32Array(0);
    this.salaries = new Int32Array(0);
    this.stale = false;
  }

  /** Both orders, built anew over the live slots. */
  build(): void {
    this.buildCreation();
    const { docs } = this;
    const withSalary: number[] = [];
    for (let slot = 0; slot < docs.size; slot += 1) if (docs.live(slot) && docs.salary[slot] !== NONE) withSalary.push(slot);
    const bySalary = Int32Array.from(withSalary).sort((a, b) => docs.salary[a] - docs.salary[b]);
    this.bySalary = bySalary;
    this.salaries = bySalary.map((slot) => docs.salary[slot]);
  }

  private buildCreation(): void {
    const { docs } = this;
    const order: number[] = [];
    for (let slot = 0; slot < docs.size; slot += 1) if (docs.live(slot)) order.push(slot);
    order.sort(docs.newer);
    this.order = Int32Array.from(order);
    this.placeOf = new Int32Array(docs.size).fill(-1);
    for (let i = 0; i < order.length; i += 1) this.placeOf[order[i]] = i;
    this.stale = false;
  }

  /** Whether a slot is in the creation order as built. */
  private placed(slot: number): boolean {
    return slot < this.placeOf.length && this.placeOf[slot] >= 0;
  }

  /**
   * The newest `count` of `slots` (live, ascending), newest first. When they are a good share of all
   * documents the creation order is walked (a short walk), each slot looked up in `slots`; else their
   * places in the creation order are marked in bits and the first `count` read off. The slots added
   * since the build are merged in.
   */
  newest(slots: Int32Array, count: number): number[] {
    if (this.stale) this.buildCreation();
    const walked = (count * this.docs.size) / slots.length;
    if (walked * 2 * Math.log2(slots.length + 1) < slots.length) {
      return this.walk(count, member(slots));
    }
    const bits = this.bitsFor(this.order.length);
    const added: number[] = [];
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i];
      if (this.placed(slot)) bits[this.placeOf[slot] >> 5] |= 1 << (this.placeOf[slot] & 31);
      else added.push(slot);
    }
    const first = new Int32Array(Math.min(count, slots.length));
    const n = drain(bits, 0, this.order.length >> 5, first);
    bits.fill(0);
    return this.merged(count, added, n, (i) => this.order[first[i]]);
  }

  /** The scratch bits for `size` places, all clear. */
  private bitsFor(size: number): Uint32Array {
    const words = (size >> 5) + 1;
    if (this.bits.length < words) this.bits = new Uint32Array(Math.ceil(words * 1.5));
    return this.bits;
  }

  /** The newest `count` slots that `has`, walking the creation order with the slots added since merged in. */
  private walk(count: number, has: (slot: number) => boolean): number[] {
    const added = this.docs.added.filter((slot) => !this.placed(slot) && has(slot));
    return this.merged(count, added, this.order.length, (i) => (has(this.order[i]) ? this.order[i] : -1));
  }

  /** The first `count` of `length` slots in creation order (`at(i)`, -1 to pass over), the `added` ones merged in. */
  private merged(count: number, added: number[], length: number, at: (i: number) => number): number[] {
    const { newer } = this.docs;
    added.sort(newer);
    const out: number[] = [];
    let j = 0;
    for (let i = 0; i < length && out.length < count; i += 1) {
      const slot = at(i);
      if (slot < 0) continue;
      while (j < added.length && out.length < count && newer(added[j], slot) < 0) out.push(added[j++]);
      if (out.length < count) out.push(slot);
    }
    while (j < added.length && out.length < count) out.push(added[j++]);
    return out;
  }

  /** How many slots held a salary from `min` to `max` (SGD) at the build. */
  salaryCount(min: number, max: number): number {
    return lowerBound(this.salaries, max + 1) - lowerBound(this.salaries, min);
  }

  /** The slots (ascending) that held a salary from `min` to `max` at the build: their order by salary marked in bits, then read in slot order. */
  salaryRange(min: number, max: number): Int32Array {
    const from = lowerBound(this.salaries, min);
    const to = lowerBound(this.salaries, max + 1);
    const bits = this.bitsFor(this.docs.size);
    const { bySalary } = this;
    let low = bits.length;
    let high = 0;
    for (let i = from; i < to; i += 1) {
      const word = bySalary[i] >> 5;
      bits[word] |= 1 << (bySalary[i] & 31);
      if (word < low) low = word;
      if (word > high) high = word;
    }
    const out = new Int32Array(to - from);
    drain(bits, low, high, out);
    return out;
  }
}

/** The set bits of words `from` to `to` of `bits`, ascending, into `out` until it is full; each word read is cleared. How many were read. */
function drain(bits: Uint32Array, from: number, to: number, out: Int32Array): number {
  let n = 0;
  for (let word = from; word <= to && n < out.length; word += 1) {
    let w = bits[word];
    if (!w) continue;
    bits[word] = 0;
    while (w && n < out.length) {
      out[n++] = (word << 5) | (31 - Math.clz32(w & -w));
      w &= w - 1;
    }
  }
  return n;
}

/**
 * Whether a slot is in `slots` (ascending), each look-up starting where the last one ended and
 * striding out from there: the creation order mostly visits neighbouring slots one after another,
 * which this finds in a few steps where a search of the whole list takes twenty.
 */
export function member(slots: Int32Array): (slot: number) => boolean {
  const n = slots.length;
  let at = 0;
  return (slot) => {
    let lo = 0;
    let hi = n;
    if (at < n && slots[at] < slot) {
      // Right of `at`: stride until past it.
      lo = at + 1;
      for (let step = 1; ; step *= 2) {
        const probe = at + step;
        if (probe >= n) break;
        if (slots[probe] >= slot) {
          hi = probe;
          break;
        }
        lo = probe + 1;
      }
    } else {
      // At or left of `at`: stride back until before it.
      hi = Math.min(at, n);
      for (let step = 1; ; step *= 2) {
        const probe = at - step;
        if (probe < 0) break;
        if (slots[probe] < slot) {
          lo = probe + 1;
          break;
        }
        hi = probe;
      }
    }
    at = lowerBound(slots, slot, lo, hi);
    return at < n && slots[at] === slot;
  };
}
