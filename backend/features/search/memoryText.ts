/**
 * The words of the search documents held in memory (memory.ts): each document's lexemes as
 * PostgreSQL's text vector holds them (with, for the text, how many positions carry each weight),
 * the documents of each lexeme, and a full-text query, as text.ts writes it, answered as the set of
 * documents it matches. Whole words, prefixes (`'kube':*`), and, or and not are read here; a query
 * with a phrase (`<->`) or weights (`:C`) needs the words' positions and is left to PostgreSQL
 * (parseQuery answers undefined). The relevance of a query of words and ORs is computed here too;
 * another needs the positions and is read from PostgreSQL.
 */

import { OVERFLOW_KEY, packWeights, parseVector, unpackWeights, WEIGHTS_OVERFLOW } from './memoryParse';

/** A full-text query as a tree. */
export type QueryNode =
  { op: 'word'; word: string; prefix: boolean } | { op: 'and'; of: QueryNode[] } | { op: 'or'; of: QueryNode[] } | { op: 'not'; of: QueryNode };

/** Separates the lexemes of a document in the text the database hands over. */
export const WORD_SEPARATOR = '\u001f';

/**
 * The tree of a tsquery in PostgreSQL's own text form (`'a' & ('b':* | !'c')`), or undefined when
 * it holds what only PostgreSQL can check (phrases, weights) or cannot be read.
 */
export function parseQuery(text: string): QueryNode | undefined {
  let at = 0;
  const space = () => {
    while (at < text.length && text[at] === ' ') at += 1;
  };
  const fail = (): never => {
    throw new Error('unsupported');
  };
  const primary = (): QueryNode => {
    space();
    if (text[at] === '!') {
      at += 1;
      return { op: 'not', of: primary() };
    }
    if (text[at] === '(') {
      at += 1;
      const inner = or();
      space();
      if (text[at] !== ')') fail();
      at += 1;
      return inner;
    }
    if (text[at] !== "'") fail();
    at += 1;
    let word = '';
    for (;;) {
      if (at >= text.length) fail();
      if (text[at] === "'") {
        if (text[at + 1] === "'") {
          word += "'";
          at += 2;
          continue;
        }
        at += 1;
        break;
      }
      if (text[at] === '\\' && at + 1 < text.length) at += 1;
      word += text[at];
      at += 1;
    }
    let prefix = false;
    if (text[at] === ':') {
      at += 1;
      while (at < text.length && /[*A-Da-d]/.test(text[at])) {
        if (text[at] === '*') prefix = true;
        else fail();
        at += 1;
      }
    }
    return { op: 'word', word, prefix };
  };
  const and = (): QueryNode => {
    const of = [primary()];
    for (;;) {
      space();
      if (text[at] === '<') fail();
      if (text[at] !== '&') break;
      at += 1;
      of.push(primary());
    }
    return of.length === 1 ? of[0] : { op: 'and', of };
  };
  const or = (): QueryNode => {
    const of = [and()];
    for (;;) {
      space();
      if (text[at] !== '|') break;
      at += 1;
      of.push(and());
    }
    return of.length === 1 ? of[0] : { op: 'or', of };
  };
  try {
    const tree = or();
    space();
    return at === text.length ? tree : undefined;
  } catch {
    return undefined;
  }
}

const EMPTY = new Int32Array(0);

/** The first index of `sorted` whose value is at least `value`. */
export function lowerBound(sorted: Int32Array, value: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The ascending union of ascending slot lists (without repeats). */
export function union(lists: Int32Array[]): Int32Array {
  if (!lists.length) return EMPTY;
  if (lists.length === 1) return lists[0];
  if (lists.length > 2) {
    const half = lists.length >> 1;
    return union([union(lists.slice(0, half)), union(lists.slice(half))]);
  }
  const [a, b] = lists;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) out[n++] = a[i++];
    else if (b[j] < a[i]) out[n++] = b[j++];
    else {
      out[n++] = a[i++];
      j += 1;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.subarray(0, n);
}

/** The slots of ascending `a` also in ascending `b` (or, `keep` false, not in it): each searched for in `b` when `a` is much the shorter, else merged. */
export function intersect(a: Int32Array, b: Int32Array, keep = true): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  const search = a.length * 16 < b.length;
  for (let i = 0; i < a.length; i += 1) {
    const slot = a[i];
    if (search) {
      let hi = b.length;
      while (j < hi) {
        const mid = (j + hi) >> 1;
        if (b[mid] < slot) j = mid + 1;
        else hi = mid;
      }
    } else while (j < b.length && b[j] < slot) j += 1;
    if ((j < b.length && b[j] === slot) === keep) out[n++] = slot;
  }
  return out.subarray(0, n);
}

export class TextField {
  /** `weighted`: the words' weights are kept too (putVector), for relevance. */
  constructor(private readonly weighted = false) {}

  private idOf = new Map<string, number>();
  private words: string[] = [];
  /** Word ids in the words' order, as of the last build (prefixes are ranges of it). */
  private sorted: number[] = [];
  /** Words first seen since the last build. */
  private newWords: number[] = [];
  private start = new Int32Array(0);
  private count = new Uint16Array(0);
  private arena = new Int32Array(1024);
  /** Beside each word of `arena` in a weighted field: how many of its positions have each weight, four bits each (A, B, C, D). */
  private weights = new Uint16Array(1024);
  /** The counts that do not fit four bits, by slot * OVERFLOW_KEY + word id. */
  private overflow = new Map<number, number[]>();
  private used = 0;
  private live = 0;
  private postings = new Map<number, Int32Array>();

  ensure(capacity: number): void {
    if (capacity <= this.start.length) return;
    const start = new Int32Array(capacity);
    start.set(this.start);
    const count = new Uint16Array(capacity);
    count.set(this.count);
    this.start = start;
    this.count = count;
  }

  /** A slot's words, as the database hands them over (separated by WORD_SEPARATOR). */
  put(slot: number, text: string | null): void {
    this.write(slot, text ? text.split(WORD_SEPARATOR) : [], undefined);
  }

  /** A slot's words with their positions' weights, from a text vector in PostgreSQL's text form (a weighted field). */
  putVector(slot: number, vector: string | null): void {
    const { words, weights } = parseVector(vector ?? '');
    this.write(slot, words, weights);
  }

  private write(slot: number, words: string[], weights: number[] | undefined): void {
    this.live -= this.count[slot];
    if (this.used + words.length > this.arena.length) {
      const size = Math.max(this.used + words.length, this.arena.length * 2);
      const next = new Int32Array(size);
      next.set(this.arena.subarray(0, this.used));
      this.arena = next;
      if (this.weighted) {
        const w = new Uint16Array(size);
        w.set(this.weights.subarray(0, this.used));
        this.weights = w;
      }
    }
    this.start[slot] = this.used;
    this.count[slot] = words.length;
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i];
      let id = this.idOf.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(word);
        this.idOf.set(word, id);
        this.newWords.push(id);
      }
      if (weights && this.weighted) {
        const packed = packWeights(weights, i);
        this.weights[this.used] = packed;
        if (packed === WEIGHTS_OVERFLOW) this.overflow.set(slot * OVERFLOW_KEY + id, weights.slice(4 * i, 4 * i + 4));
      }
      this.arena[this.used++] = id;
    }
    this.live += words.length;
  }

  clear(slot: number): void {
    this.live -= this.count[slot];
    this.count[slot] = 0;
  }

  reset(): void {
    this.idOf = new Map();
    this.words = [];
    this.sorted = [];
    this.newWords = [];
    this.used = 0;
    this.live = 0;
    this.postings = new Map();
    this.overflow = new Map();
  }

  /** Each word's slots and the words' order, built anew over the slots `isLive` keeps. */
  build(size: number, isLive: (slot: number) => boolean): void {
    const counts = new Int32Array(this.words.length);
    for (let slot = 0; slot < size; slot += 1) {
      if (!isLive(slot)) continue;
      for (let i = this.start[slot], end = i + this.count[slot]; i < end; i += 1) counts[this.arena[i]] += 1;
    }
    const lists = Array.from(counts, (n) => new Int32Array(n));
    const filled = new Int32Array(this.words.length);
    for (let slot = 0; slot < size; slot += 1) {
      if (!isLive(slot)) continue;
      for (let i = this.start[slot], end = i + this.count[slot]; i < end; i += 1) {
        const id = this.arena[i];
        lists[id][filled[id]++] = slot;
      }
    }
    this.postings = new Map(lists.map((list, id) => [id, list]));
    this.sorted = this.words.map((_, id) => id).sort((a, b) => (this.words[a] < this.words[b] ? -1 : this.words[a] > this.words[b] ? 1 : 0));
    this.newWords = [];
    if (this.used > 2 * this.live + 1_000_000) this.compact(size);
  }

  private compact(size: number): void {
    const next = new Int32Array(Math.max(1024, Math.ceil(this.live * 1.25)));
    const weights = new Uint16Array(this.weighted ? next.length : 0);
    let used = 0;
    for (let slot = 0; slot < size; slot += 1) {
      next.set(this.arena.subarray(this.start[slot], this.start[slot] + this.count[slot]), used);
      if (this.weighted) weights.set(this.weights.subarray(this.start[slot], this.start[slot] + this.count[slot]), used);
      this.start[slot] = used;
      used += this.count[slot];
    }
    this.arena = next;
    this.weights = weights;
    this.used = used;
  }

  /** The ids of the words a query word stands for: itself, or, as a prefix, every word it starts. */
  private idsOf(word: string, prefix: boolean): number[] {
    if (!prefix) {
      const id = this.idOf.get(word);
      return id === undefined ? [] : [id];
    }
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[this.sorted[mid]] < word) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    for (let i = lo; i < this.sorted.length && this.words[this.sorted[i]].startsWith(word); i += 1) ids.push(this.sorted[i]);
    for (const id of this.newWords) if (this.words[id].startsWith(word)) ids.push(id);
    return ids;
  }

  /** Whether slot's words meet the query (read from the slot itself, for slots written since the last build). */
  private meets(node: QueryNode, slot: number): boolean {
    switch (node.op) {
      case 'word': {
        const ids = new Set(this.idsOf(node.word, node.prefix));
        for (let i = this.start[slot], end = i + this.count[slot]; i < end; i += 1) if (ids.has(this.arena[i])) return true;
        return false;
      }
      case 'and':
        return node.of.every((n) => this.meets(n, slot));
      case 'or':
        return node.of.some((n) => this.meets(n, slot));
      case 'not':
        return !this.meets(node.of, slot);
    }
  }

  /** The slots, among `size`, whose words meet the query, as of the last build. */
  private built(node: QueryNode, size: number): Int32Array {
    switch (node.op) {
      case 'word':
        return union(this.idsOf(node.word, node.prefix).map((id) => this.postings.get(id) ?? EMPTY));
      case 'or':
        return union(node.of.map((n) => this.built(n, size)));
      case 'not': {
        const all = new Int32Array(size);
        for (let slot = 0; slot < size; slot += 1) all[slot] = slot;
        return intersect(all, this.built(node.of, size), false);
      }
      case 'and': {
        const positive = node.of.filter((n) => n.op !== 'not');
        const negative = node.of.filter((n): n is Extract<QueryNode, { op: 'not' }> => n.op === 'not');
        let slots = positive.length
          ? positive.map((n) => this.built(n, size)).reduce((a, b) => (a.length <= b.length ? intersect(a, b) : intersect(b, a)))
          : this.built({ op: 'not', of: { op: 'or', of: [] } }, size);
        for (const n of negative) slots = intersect(slots, this.built(n.of, size), false);
        return slots;
      }
    }
  }

  /** The words a query of words and ORs alone stands for, marked by id (its relevance is then a sum over them), or undefined for another query. */
  anyOf(node: QueryNode, marked = new Uint8Array(this.words.length)): Uint8Array | undefined {
    if (node.op === 'word') for (const id of this.idsOf(node.word, node.prefix)) marked[id] = 1;
    else if (node.op !== 'or' || !node.of.every((n) => this.anyOf(n, marked))) return undefined;
    return marked;
  }

  /**
   * PostgreSQL's ts_rank_cd(weights, vector, query, 32) of a slot in a weighted field, for a query
   * that `anyOf` reads as the words it marks: each position of those words is a cover of its own, worth
   * its weight, and the sum S gives S / (S + 1), as a float4. `weights` for D, C, B and A.
   */
  relevance(marked: Uint8Array, slot: number, weights: readonly number[]): number {
    const held = [0, 0, 0, 0];
    for (let i = this.start[slot], end = i + this.count[slot]; i < end; i += 1) {
      const id = this.arena[i];
      if (marked[id] !== 1) continue;
      const packed = this.weights[i];
      const counts = packed === WEIGHTS_OVERFLOW ? (this.overflow.get(slot * OVERFLOW_KEY + id) as number[]) : unpackWeights(packed);
      for (let w = 0; w < 4; w += 1) held[w] += counts[w];
    }
    // As tsrank.c: each position adds 1 / (1 / weight), the weight a float4 widened to double.
    let sum = 0;
    for (let w = 0; w < 4; w += 1) sum += held[3 - w] * (1 / (1 / Math.fround(weights[w])));
    return sum ? Math.fround(sum / (sum + 1)) : 0;
  }

  /**
   * The slots whose words meet the query, ascending: from the postings for the slots as of the last
   * build, and read from each slot written since (`late`, ascending), whose postings may be out of date.
   */
  matching(node: QueryNode, size: number, late: Int32Array): Int32Array {
    const slots = this.built(node, size);
    if (!late.length) return slots;
    const kept = intersect(slots, late, false);
    return union([kept, late.filter((slot) => this.meets(node, slot))]);
  }
}
