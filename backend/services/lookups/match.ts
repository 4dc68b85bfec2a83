/**
 * The one name matcher: how a name someone typed ('aws', 'Mandarin', 'Kuala Lumpr') finds a lookup
 * row. Tiers, in order: the name itself (case and accents aside), one of its aliases or other keys
 * (codes, 'City (CC)'), then, when nothing else does, a close fuzzy match that has no close rival.
 * Suggestions (autocompletes) rank the same way with prefixes: name, alias, a word of the name,
 * then fuzzy. Fuzzy similarity is pg_trgm's, reimplemented here so that the in-memory index (bulk
 * import, CV parsing) and the SQL matcher (autocompletes, search filters; sqlMatch.ts) agree.
 */

/**
 * Letters with no accent to take off, which PostgreSQL's unaccent (the SQL side of every match) folds all the same:
 * without them 'Łukasz', 'Søren' or 'Strauß' typed as stored would miss the row SQL keeps as 'lukasz', 'soren', 'strauss'.
 */
const FOLDED: Record<string, string> = {
  æ: 'ae',
  ð: 'd',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ĸ: 'q',
  ł: 'l',
  ŋ: 'n',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ŧ: 't',
};
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu');

/** Lower case, accents and extra spaces removed, as unaccent folds: 'São  Paulo ' → 'sao paulo', 'Łódź' → 'lodz'. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNFOLDED, (c) => FOLDED[c])
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}]+/gu;

/** pg_trgm's trigrams: each run of letters and digits padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 2 < chars.length; i += 1) out.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both. */
export function similarity(a: string, b: string): number {
  return overlap(trigrams(a), trigrams(b));
}

function overlap(x: Set<string>, y: Set<string>): number {
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** A fuzzy match counts from this similarity on, and only when the next best is this far behind. */
export const FUZZY_MIN = 0.45;
export const FUZZY_MARGIN = 0.1;
/** Names shorter than this are never matched fuzzily ('Go' is not 'Goa'). */
export const FUZZY_MIN_LENGTH = 4;
/**
 * Autocompletes answer from one character: 'R', 'C' or 'D' is a skill of its own, so a single character
 * finds its exact name or alias first, then names that start with it; close fuzzy matches count only from
 * SUGGEST_FUZZY_MIN characters (one letter is close to nothing in particular).
 */
export const SUGGEST_MIN = 1;
export const SUGGEST_FUZZY_MIN = 2;
export const SUGGEST_MAX = 20;

export interface NamedRow {
  id: number;
  name: string;
  aliases?: string[] | null;
  /** Other exact keys: a language or country code, 'Singapore (SG)'. */
  keys?: string[];
  /** An icon or picture for the option, when it has one. */
  src?: string | null;
}

export type MatchedBy = 'name' | 'alias' | 'fuzzy';

export interface Match {
  id: number;
  name: string;
  by: MatchedBy;
  score: number;
}

export interface Option {
  id: number;
  label: string;
  src: string | null;
}

/** Code-point order, as PostgreSQL's "C" collation sorts. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Entry {
  row: NamedRow;
  name: string;
  others: string[];
}

/** The rank of a row for a typed prefix, or undefined when it is not a prefix match (tiers 0-4). */
function prefixTier(entry: Entry, q: string): number | undefined {
  if (entry.name === q) return 0;
  if (entry.others.includes(q)) return 1;
  if (entry.name.startsWith(q)) return 2;
  if (entry.others.some((o) => o.startsWith(q))) return 3;
  if (entry.name.includes(` ${q}`)) return 4;
  return undefined;
}

/** An in-memory index of one lookup table: exact keys in a map, trigrams for the fuzzy tier. */
export class NameIndex {
  private readonly exact = new Map<string, { row: NamedRow; by: MatchedBy }>();
  private readonly entries: Entry[];
  private ids?: Map<number, NamedRow>;
  /** Each trigram to the names (an entry's name or other name, numbered across entries) that hold it. */
  private readonly postings = new Map<string, number[]>();
  /** For each numbered name: its entry and how many distinct trigrams it has. */
  private readonly owner: number[] = [];
  private readonly sizes: number[] = [];

  constructor(rows: readonly NamedRow[]) {
    this.entries = rows.map((row) => {
      const name = normalise(row.name);
      const others = [...(row.aliases ?? []), ...(row.keys ?? [])].map(normalise).filter(Boolean);
      return { row, name, others };
    });
    this.entries.forEach((e, i) => {
      for (const grams of [e.name, ...e.others].map(trigrams)) {
        const n = this.owner.push(i) - 1;
        this.sizes.push(grams.size);
        for (const g of grams) {
          const list = this.postings.get(g);
          if (list) list.push(n);
          else this.postings.set(g, [n]);
        }
      }
    });
    // Names first: a name always wins over another row's alias; the first row of a name wins (cities by population).
    for (const e of this.entries) if (!this.exact.has(e.name)) this.exact.set(e.name, { row: e.row, by: 'name' });
    for (const e of this.entries)
      for (const o of e.others) if (!this.exact.has(o)) this.exact.set(o, { row: e.row, by: 'alias' });
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every exact key (normalised name, alias or code) and the row it names. */
  names(): Map<string, { id: number; name: string }> {
    return new Map([...this.exact].map(([key, hit]) => [key, { id: hit.row.id, name: hit.row.name }]));
  }

  /** The row of an id. */
  byId(id: number): NamedRow | undefined {
    this.ids ??= new Map(this.entries.map((e) => [e.row.id, e.row]));
    return this.ids.get(id);
  }

  /** The row whose name, alias or key is exactly this text (case and accents aside). */
  exactly(text: string): Match | undefined {
    const hit = this.exact.get(normalise(text));
    return hit ? { id: hit.row.id, name: hit.row.name, by: hit.by, score: 1 } : undefined;
  }

  /** The row a typed name means: exact name, alias or key, then an unambiguous close fuzzy match. */
  resolve(text: string): Match | undefined {
    const q = normalise(text);
    if (!q) return undefined;
    const hit = this.exact.get(q);
    if (hit) return { id: hit.row.id, name: hit.row.name, by: hit.by, score: 1 };
    if (q.length < FUZZY_MIN_LENGTH) return undefined;
    const [best, second] = this.nearest(text, 2);
    if (!best || best.score < FUZZY_MIN) return undefined;
    if (second && second.id !== best.id && second.score > best.score - FUZZY_MARGIN) return undefined;
    return { ...best, by: 'fuzzy' };
  }

  /**
   * pg_trgm's similarity of the typed text to each entry that shares a trigram with it (the best of
   * its name and other names), read through the trigram postings rather than by comparing every entry.
   */
  private scores(text: string): Map<number, number> {
    const grams = trigrams(text);
    const shared = new Map<number, number>();
    for (const g of grams) for (const n of this.postings.get(g) ?? []) shared.set(n, (shared.get(n) ?? 0) + 1);
    const best = new Map<number, number>();
    for (const [n, s] of shared) {
      const score = s / (grams.size + this.sizes[n] - s);
      const entry = this.owner[n];
      if (score > (best.get(entry) ?? 0)) best.set(entry, score);
    }
    return best;
  }

  /** The closest rows by trigram similarity of the name or any alias, best first (for "did you mean"). */
  nearest(text: string, count = 3): Match[] {
    const scored: Match[] = [];
    for (const [i, score] of this.scores(normalise(text))) {
      const e = this.entries[i];
      scored.push({ id: e.row.id, name: e.row.name, by: 'fuzzy', score });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.name.length - b.name.length || byCode(a.name, b.name) || a.id - b.id)
      .slice(0, count);
  }

  /** Autocomplete: prefix matches by tier, then close fuzzy ones, at most `limit`. */
  suggest(text: string, limit = SUGGEST_MAX): Option[] {
    return this.suggestTiered(text, limit).map((r) => r.option);
  }

  /** The rows whose option shows `src` (a city's country code), in the table's order (cities: most populous first). */
  withSrc(src: string, limit = SUGGEST_MAX): Option[] {
    const rows = this.entries.filter((e) => e.row.src === src).slice(0, limit);
    return rows.map(({ row }) => ({ id: row.id, label: row.name, src: row.src ?? null }));
  }

  /** suggest's options with their tiers: 0 the name, 1 another name, 2-4 prefixes, 5 fuzzy. */
  suggestTiered(text: string, limit = SUGGEST_MAX): { option: Option; tier: number }[] {
    const q = normalise(text);
    if (q.length < SUGGEST_MIN) return [];
    const ranked: { e: Entry; tier: number; score: number }[] = [];
    const fuzzy = this.scores(q);
    this.entries.forEach((e, i) => {
      const tier = prefixTier(e, q);
      const score = fuzzy.get(i) ?? 0;
      if (tier !== undefined) ranked.push({ e, tier, score: 1 });
      else if (score >= FUZZY_MIN && q.length >= SUGGEST_FUZZY_MIN) ranked.push({ e, tier: 5, score });
    });
    ranked.sort(
      (a, b) =>
        a.tier - b.tier ||
        b.score - a.score ||
        a.e.row.name.length - b.e.row.name.length ||
        byCode(a.e.row.name, b.e.row.name) ||
        a.e.row.id - b.e.row.id,
    );
    return ranked
      .slice(0, limit)
      .map(({ e, tier }) => ({ option: { id: e.row.id, label: e.row.name, src: e.row.src ?? null }, tier }));
  }
}
