/**
 * The words of the search documents held in memory (memory.ts): each document's lexemes as
 * PostgreSQL's text vector holds them (tsvector_to_array), the documents of each lexeme, and a
 * full-text query, as text.ts writes it, answered as the set of documents it matches. Whole words,
 * prefixes (`'kube':*`), and, or and not are read here; a query with a phrase (`<->`) or weights
 * (`:C`) needs the words' positions and is left to PostgreSQL (parseQuery answers undefined).
 */

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

/** The slots of ascending `a` also in ascending `b` (or, `keep` false, not in it). */
export function intersect(a: Int32Array, b: Int32Array, keep = true): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i += 1) {
    const slot = a[i];
    while (j < b.length && b[j] < slot) j += 1;
    if ((j < b.length && b[j] === slot) === keep) out[n++] = slot;
  }
  return out.subarray(0, n);
}

export class TextField {
  private idOf = new Map<string, number>();
  private words: string[] = [];
  /** Word ids in the words' order, as of the last build (prefixes are ranges of it). */
  private sorted: number[] = [];
  /** Words first seen since the last build. */
  private newWords: number[] = [];
  private start = new Int32Array(0);
  private count = new Uint16Array(0);
  private arena = new Int32Array(1024);
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
    this.live -= this.count[slot];
    const words = text ? text.split(WORD_SEPARATOR) : [];
    if (this.used + words.length > this.arena.length) {
      const next = new Int32Array(Math.max(this.used + words.length, this.arena.length * 2));
      next.set(this.arena.subarray(0, this.used));
      this.arena = next;
    }
    this.start[slot] = this.used;
    this.count[slot] = words.length;
    for (const word of words) {
      let id = this.idOf.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(word);
        this.idOf.set(word, id);
        this.newWords.push(id);
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
    let used = 0;
    for (let slot = 0; slot < size; slot += 1) {
      next.set(this.arena.subarray(this.start[slot], this.start[slot] + this.count[slot]), used);
      this.start[slot] = used;
      used += this.count[slot];
    }
    this.arena = next;
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
