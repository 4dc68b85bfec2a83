/**
 * Names of one lookup found in a job description's prose, through the one name matcher's index
 * (lookups/match.ts: the names, aliases and keys the import, the search filters and the CV parser
 * resolve). As the CV parser does: phrases of up to five words looked up as written, longest
 * first; an alias counts only as the alias is written ('Kafka', 'AWS'), a short name (Go, C, R)
 * only as the name is. Job descriptions are prose, so a one-word name that is also an everyday
 * word ('design', 'less', 'move', 'swift') counts only when written with its capital, and not as
 * the first word of a sentence unless the line is a short list item.
 */
import { normalise, type NameIndex } from '../../lookups';

export interface Found {
  id: number;
  label: string;
  /** The character offset of the phrase in the text it was found in, and of its end. */
  at: number;
  end: number;
}

interface Key {
  id: number;
  label: string;
  /** Set when the key is an alias or code: the phrase must be written so. */
  alias?: string;
}

const built = new WeakMap<NameIndex, Map<string, Key>>();

function keysOf(index: NameIndex): Map<string, Key> {
  let keys = built.get(index);
  if (keys) return keys;
  keys = new Map();
  for (const [key, row] of index.names()) {
    const written = index.byId(row.id);
    const own = normalise(row.name) === key;
    const alias = own
      ? undefined
      : [...(written?.aliases ?? []), ...(written?.keys ?? [])].find((a) => normalise(a) === key);
    keys.set(key, alias ? { id: row.id, label: row.name, alias } : { id: row.id, label: row.name });
  }
  built.set(index, keys);
  return keys;
}

/** A word with its offset; separators are whitespace and list punctuation, trailing dots and colons dropped. */
function wordsOf(line: string): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  for (const m of line.matchAll(/[^\s,;|/•·()[\]{}"“”!?]+/g)) {
    const word = m[0].replace(/[.:'’]+$/, '').replace(/^['‘’]+/, '');
    if (word) out.push({ word, at: m.index ?? 0 });
  }
  return out;
}

const PLAIN_WORD = /^\p{L}+$/u;

/**
 * One-word skill names that are everyday words too: opening a sentence, written with a capital as
 * any word is there, they are read as the word ('Design and build services', 'Express interest').
 * Other names open a sentence as names ('TypeScript and Go on PostgreSQL', 'Python first').
 */
const EVERYDAY = new Set(
  (
    'design build go rust swift express spring sketch unity chef puppet ember meteor flask less move sass ' +
    'hive pig spark storm beam flow dart julia shell bash make ant maven gradle jest mocha jasmine chai ' +
    'sinatra rails django play gin echo fiber tornado pyramid bottle falcon phoenix elixir crystal nim ' +
    'ruby pearl perl prolog logo scheme racket clean pure io red ring lead sales marketing finance ' +
    'accounting excel word access outlook teams slack zoom notion asana jira confluence trello figma ' +
    'canva drive docs sheets office project visio analytics communication leadership management ' +
    'negotiation research writing editing photography video audio music testing security networking ' +
    'support operations strategy planning budgeting recruitment training coaching mentoring'
  ).split(' '),
);

/** Whether a phrase written so may stand for the key's row. */
function writtenAsName(phrase: string, key: Key, firstOfSentence: boolean, listItem: boolean): boolean {
  if (key.alias !== undefined) return phrase === key.alias;
  if (phrase.length <= 2) return phrase === key.label;
  if (phrase.includes(' ') || !PLAIN_WORD.test(phrase)) return true;
  // One plain word: capitalised as the name is (or all capitals), and not merely an everyday word opening a sentence.
  const capital = /^\p{Lu}/u.test(key.label);
  if (capital && !/^\p{Lu}/u.test(phrase)) return false;
  return !(capital && firstOfSentence && !listItem && EVERYDAY.has(phrase.toLowerCase()));
}

/**
 * Every name of `index` in `line`, in order, each row once per line. `minLength` skips shorter
 * phrases; `properNames` (places, languages, countries) may open a sentence.
 */
export function namesIn(line: string, index: NameIndex, minLength = 1, properNames = false): Found[] {
  const keys = keysOf(index);
  const words = wordsOf(line);
  const listItem = words.length <= 5;
  const found: Found[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < words.length; i += 1) {
    const firstOfSentence =
      !properNames &&
      (i === 0 ||
        /[.!?:]$/.test(line.slice(0, words[i].at).trimEnd()) ||
        /^[-*•·\d.)\s]*$/.test(line.slice(0, words[i].at)));
    for (let n = Math.min(5, words.length - i); n >= 1; n -= 1) {
      const phrase = line.slice(words[i].at, words[i + n - 1].at + words[i + n - 1].word.length);
      if (phrase.length < minLength || phrase.length > 80) continue;
      const key = keys.get(normalise(phrase));
      if (!key || !writtenAsName(phrase, key, firstOfSentence, listItem)) continue;
      if (!seen.has(key.id))
        found.push({ id: key.id, label: key.label, at: words[i].at, end: words[i].at + phrase.length });
      seen.add(key.id);
      i += n - 1;
      break;
    }
  }
  return found;
}
