/**
 * Free text into a full-text query. People type as in a web search box: words (all must match),
 * "quoted phrases", -excluded words (alone too: `-java` keeps everyone without Java) and OR. On
 * top of PostgreSQL's parsing and English stemming: the last word matches as a prefix while it is
 * not yet a word the documents contain (as you type: 'kube' finds Kubernetes, while 'java' is the
 * word Java, not JavaScript, and a whole word is read from the index by its own entry), a word
 * that is a lookup alias also finds the
 * name it stands for ('k8s' finds Kubernetes), and a word the documents do not contain is widened
 * to the closest words they do (pg_trgm over search_terms), so a typo still finds people.
 * Accents fold on both sides (TEXT_CONFIG): 'cafe' finds café and 'café' finds cafe.
 */
import type { Knex } from 'knex';
import { cachedIndex } from '../../services/lookups/load';
import { normalise } from '../../services/lookups/match';

/**
 * The text search configuration of the documents' vectors and of the queries: `english` with
 * accents folded (migrations/20261206004000_search_text_folds_accents.ts). Highlights over the
 * original text use it too, so they mark the accented words a folded query matched.
 */
export const TEXT_CONFIG = 'english_unaccent';

export interface Term {
  text: string;
  phrase: boolean;
  negated: boolean;
  prefix: boolean;
}

/** OR of clauses, each an AND of terms. Pure. */
export function parseUserText(input: string): Term[][] {
  const clauses: Term[][] = [[]];
  const pattern = /(-?)"([^"]*)"|(\S+)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(input)) !== null) {
    if (match[3] !== undefined) {
      const raw = match[3];
      if (/^or$/i.test(raw)) {
        if (clauses[clauses.length - 1].length) clauses.push([]);
        continue;
      }
      const negated = raw.startsWith('-') && raw.length > 1;
      const text = (negated ? raw.slice(1) : raw).replace(/^[()[\]{},;:!?'"]+|[()[\]{},;:!?'".]+$/g, '');
      if (text) clauses[clauses.length - 1].push({ text, phrase: false, negated, prefix: false });
    } else if (match[2].trim()) {
      clauses[clauses.length - 1].push({
        text: match[2].trim(),
        phrase: true,
        negated: match[1] === '-',
        prefix: false,
      });
    }
  }
  const all = clauses.filter((c) => c.length);
  // The word being typed is matched as a prefix.
  const last = all[all.length - 1]?.[all[all.length - 1].length - 1];
  if (last && !last.phrase && !last.negated && !/\s$/.test(input) && /[\p{L}\p{N}]$/u.test(last.text))
    last.prefix = true;
  return all;
}

/** A tsquery operand list as PostgreSQL prints it, e.g. `'engin':*` or `'amazon' <-> 'web'`. */
export interface TextQuery {
  /** The tsquery text, to be cast with ::tsquery; null when nothing searchable was typed. */
  query: string | null;
  /** For estimates: AND of groups, each an OR of lexemes. */
  groups: { word: string; prefix: boolean }[][];
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const LEXEME = /'((?:[^']|'')*)'(:\*)?/g;

/** The lexemes of one piece of text, in PostgreSQL's own words. */
interface Piece {
  kind: 'word' | 'prefix' | 'phrase';
  text: string;
}

/** Typo corrections are looked for from this length, among words at least this similar. */
const TYPO_MIN_LENGTH = 4;
const TYPO_SIMILARITY = 0.45;

async function lexemes(knex: Knex, pieces: Piece[]): Promise<{ query: string; corrections: string[] }[]> {
  if (!pieces.length) return [];
  const { rows } = await knex.raw(
    `select p.i,
            case when p.kind = 'phrase' then phraseto_tsquery('${TEXT_CONFIG}', p.t)::text
                 when p.kind = 'prefix' and not (numnode(plainto_tsquery('${TEXT_CONFIG}', p.t)) = 1 and k.known)
                   then to_tsquery('${TEXT_CONFIG}', p.q)::text
                 else plainto_tsquery('${TEXT_CONFIG}', p.t)::text end as query,
            case when p.kind <> 'phrase' and l.lex is not null and length(l.lex) >= ? and not k.known
                 then array(select s.word from search_terms s where s.word % l.lex and s.documents > 0 and similarity(s.word, l.lex) >= ?
                            order by similarity(s.word, l.lex) desc, s.documents desc limit 2)
                 else '{}' end as corrections
       from unnest(?::text[], ?::text[], ?::text[]) with ordinality as p(t, kind, q, i)
       left join lateral (select (tsvector_to_array(to_tsvector('${TEXT_CONFIG}', p.t)))[1] as lex) l on true
       cross join lateral (select exists (select 1 from search_terms s where s.word = l.lex and s.documents > 0) as known) k
      order by p.i`,
    [
      TYPO_MIN_LENGTH,
      TYPO_SIMILARITY,
      pieces.map((p) => p.text),
      pieces.map((p) => p.kind),
      pieces.map((p) => `${quote(p.text)}:*`),
    ],
  );
  return (rows as { query: string; corrections: string[] }[]).map((r) => ({
    query: r.query,
    corrections: r.corrections ?? [],
  }));
}

/** Weights a query's lexemes (e.g. employers only: 'C') and makes each a prefix. */
export function restrictTo(query: string, weights: string): string {
  return query.replace(LEXEME, (_, word: string) => `'${word}':*${weights}`);
}

/**
 * Builds the query. `aliasKinds` name the lookups whose aliases widen a word (skills and job
 * titles for the text box); none for employer names.
 */
export async function textQuery(
  knex: Knex,
  input: string,
  aliasKinds: ('skills' | 'jobTitles')[] = ['skills', 'jobTitles'],
): Promise<TextQuery> {
  const clauses = parseUserText(input);
  const indexes = await Promise.all(aliasKinds.map((k) => cachedIndex(knex, k)));
  const pieces: Piece[] = [];
  const plan = clauses.map((terms) =>
    terms.map((term) => {
      const own = pieces.push({ kind: term.phrase ? 'phrase' : term.prefix ? 'prefix' : 'word', text: term.text }) - 1;
      const aliases: number[] = [];
      for (const index of indexes) {
        const hit = index.exactly(term.text);
        if (hit?.by === 'alias') aliases.push(pieces.push({ kind: 'phrase', text: hit.name }) - 1);
      }
      return { term, own, aliases };
    }),
  );
  const found = await lexemes(knex, pieces);
  const groups: TextQuery['groups'] = [];
  let excludesOnly = false;
  const clauseTexts = plan
    .map((items) => {
      const parts = items
        .map(({ term, own, aliases }) => {
          const alternatives = [
            found[own].query,
            ...aliases.map((i) => found[i].query),
            ...found[own].corrections.map((w) => quote(w)),
          ].filter(Boolean);
          if (!alternatives.length) return '';
          if (!term.negated) {
            const words = [...alternatives.join(' ').matchAll(LEXEME)].map((m) => ({
              word: m[1].replace(/''/g, "'"),
              prefix: Boolean(m[2]),
            }));
            groups.push(words);
          }
          const either =
            alternatives.length > 1 ? `(${alternatives.map((a) => `(${a})`).join(' | ')})` : `(${alternatives[0]})`;
          return term.negated ? `!${either}` : either;
        })
        .filter(Boolean);
      // A clause of exclusions alone keeps everyone without the excluded words: it is kept as typed.
      if (parts.length && parts.every((p) => p.startsWith('!'))) excludesOnly = true;
      return parts.join(' & ');
    })
    .filter(Boolean);
  if (!clauseTexts.length) return { query: null, groups: [] };
  const query = clauseTexts.length > 1 ? clauseTexts.map((c) => `(${c})`).join(' | ') : clauseTexts[0];
  // Such a clause keeps most documents, whatever the others' words: the query is expected to keep them all.
  return { query, groups: excludesOnly ? [] : groups };
}

/**
 * A name search: each typed word starts a word of the name; a word no name starts with (a typo)
 * also matches the closest names (pg_trgm over the names in search_terms). In 'simple' form.
 */
export async function nameQuery(
  knex: Knex,
  input: string,
): Promise<{ query: string | null; words: string[]; counts: number[] }> {
  const words = normalise(input).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return { query: null, words: [], counts: [] };
  // `names`: about how many names hold a word starting with the typed one (search_terms' counts), for the estimates.
  const { rows } = await knex.raw(
    `select w.word, case when length(w.word) >= ? and not exists (select 1 from search_terms s where s.names > 0 and s.word like w.word || '%')
                         then array(select s.word from search_terms s where s.names > 0 and s.word % w.word and similarity(s.word, w.word) >= ?
                                    order by similarity(s.word, w.word) desc, s.names desc limit 2)
                         else '{}' end as corrections,
            (select coalesce(sum(s.names), 0) from search_terms s where s.word like w.word || '%')::float8 as names
       from unnest(?::text[]) with ordinality as w(word, i) order by w.i`,
    [TYPO_MIN_LENGTH, TYPO_SIMILARITY, words],
  );
  const found = rows as { word: string; corrections: string[]; names: number }[];
  const parts = found.map((r) => {
    const alternatives = [`${quote(r.word)}:*`, ...(r.corrections ?? []).map((c) => quote(c))];
    return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0];
  });
  return { query: parts.join(' & '), words, counts: found.map((r) => Number(r.names)) };
}
