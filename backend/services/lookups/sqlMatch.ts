/**
 * The name matcher of match.ts in SQL, for rows read through the caller's permissions:
 * autocompletes and the names search filters accept. Same normalisation (pg's unaccent and lower
 * case), same tiers, same thresholds, pg_trgm's own similarity; tests hold both to one table of cases.
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { formatId } from '../../../schema/lib/ids';
import { permissionSql, scopeQuery } from '../../permissions/sql';
import { locationSuggestions } from './countryCities';
import { cachedIndex } from './load';
import {
  FUZZY_MARGIN,
  FUZZY_MIN,
  FUZZY_MIN_LENGTH,
  normalise,
  SUGGEST_FUZZY_MIN,
  SUGGEST_MAX,
  SUGGEST_MIN,
  type Match,
} from './match';
import { LOOKUP_SOURCES, type LookupKind } from './sources';

const norm = (sql: string) => `btrim(regexp_replace(lower(unaccent(${sql})), '\\s+', ' ', 'g'))`;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows of `kind` this caller may read, each with its normalised name `n` and other names `o`. */
function candidates(knex: Knex, ability: AppAbility, kind: LookupKind): Knex.QueryBuilder {
  const source = LOOKUP_SOURCES[kind];
  const def = entity(source.entity);
  const inner = knex
    .from(`${def.table} as t`)
    .select(
      knex.raw('t.id'),
      knex.raw(`${source.label} as label`),
      knex.raw(`${source.src} as src`),
      knex.raw(`${norm(source.label)} as n`),
      knex.raw(`array(select ${norm('x')} from unnest(${source.others}) x where x is not null) as o`),
      knex.raw(`${source.order} as ord`),
    );
  // Permission conditions name the table's columns; the alias `t` is the table.
  scopeQuery(inner, ability, 'read', def.subject, 't');
  return knex.from(inner.as('c'));
}

export interface Option {
  id: string | number;
  label: string;
  src: string | null;
}

/** Lookups people edit rarely (in the console), whose in-memory index is kept fresh within seconds (load.ts). */
const CACHED_KINDS = new Set<LookupKind>([
  'jobTitles',
  'locations',
  'skills',
  'languages',
  'citizenships',
  'industries',
  'countries',
]);

/**
 * Autocomplete: prefix of the name, of another name, of a word of the name, then close fuzzy matches; at most `limit`.
 * One character ('R') finds its exact name or alias first, then the prefixes; no fuzzy tier (match.ts SUGGEST_FUZZY_MIN).
 * A country's name typed in the city picker also offers its cities (countryCities.ts).
 * A lookup the caller may read whole is answered by its cached in-memory index, which ranks the same
 * way without normalising and comparing every row in SQL on each keystroke; other rows are read through the caller's permissions.
 */
export async function suggest(
  knex: Knex,
  ability: AppAbility,
  kind: LookupKind,
  text: string,
  limit = SUGGEST_MAX,
): Promise<Option[]> {
  const def = entity(LOOKUP_SOURCES[kind].entity);
  if (CACHED_KINDS.has(kind) && permissionSql(ability, 'read', def.subject, 't') === null) {
    const found =
      kind === 'locations'
        ? await locationSuggestions(knex, text, limit)
        : (await cachedIndex(knex, kind)).suggest(text, limit);
    return found.map((o) => ({ id: formatId(def, o.id) as string | number, label: o.label, src: o.src }));
  }
  return suggestInSql(knex, ability, kind, text, limit);
}

/** The autocomplete in SQL, over the rows the caller may read. */
export async function suggestInSql(
  knex: Knex,
  ability: AppAbility,
  kind: LookupKind,
  text: string,
  limit = SUGGEST_MAX,
): Promise<Option[]> {
  const q = normalise(text);
  if (q.length < SUGGEST_MIN) return [];
  const prefix = `${likeEscape(q)}%`;
  const word = `% ${likeEscape(q)}%`;
  const ranked = candidates(knex, ability, kind)
    .select(
      'id',
      'label',
      'src',
      'ord',
      knex.raw(
        `case when n = :q then 0 when :q = any(o) then 1 when n like :prefix then 2
              when exists (select 1 from unnest(o) a where a like :prefix) then 3 when n like :word then 4 else 5 end as tier`,
        { q, prefix, word },
      ),
      knex.raw(
        'greatest(similarity(n, :q), coalesce((select max(similarity(a, :q)) from unnest(o) a), 0)) as similarity',
        { q },
      ),
    )
    .as('r');
  // Prefix tiers rank equally within a tier (shorter names first); the fuzzy tier by similarity.
  const rows = (await knex
    .from(ranked)
    .select('id', 'label', 'src')
    .whereRaw('tier < 5 or (similarity >= ? and ?)', [FUZZY_MIN, q.length >= SUGGEST_FUZZY_MIN])
    .orderByRaw('tier, case when tier < 5 then 1 else similarity end desc, length(label), label collate "C", ord')
    .limit(limit)) as { id: number; label: string; src: string | null }[];
  const def = entity(LOOKUP_SOURCES[kind].entity);
  return rows.map((r) => ({ id: formatId(def, r.id) as string | number, label: r.label, src: r.src }));
}

/** pg_trgm's similarity of a row's name or best other name to the typed name `q.n`. */
const SCORE = 'greatest(similarity(c.n, q.n), coalesce((select max(similarity(a, q.n)) from unnest(c.o) a), 0))';
const RANK = 'order by tier, score desc, length(c.label), c.label collate "C", c.ord limit 3';

/**
 * What each typed name means, read through the caller's permissions: exact name, another name,
 * then an unambiguous close fuzzy match. Unknown names map to undefined with their nearest rows.
 * The rows are read and normalised once (`c`); a name equal to a row's name or other name is found
 * by a hash join on those keys, and only the names with no such row are compared with every row by
 * similarity (no index holds the normalised names: `unaccent` is not immutable). A matched name's
 * `nearest` are its exact rows.
 */
export async function resolveNames(
  knex: Knex,
  ability: AppAbility,
  kind: LookupKind,
  names: string[],
): Promise<Map<string, { match?: Match; nearest: string[] }>> {
  const out = new Map<string, { match?: Match; nearest: string[] }>();
  const distinct = [...new Set(names)];
  if (!distinct.length) return out;
  // Every distinct name in one statement, each with its three best rows (a bulk of names is one round trip).
  const rows = candidates(knex, ability, kind).select('*').toSQL();
  const { rows: ranked } = (await knex.raw(
    `with c as materialized (${rows.sql}),
          q as (select n, i from unnest(?::text[]) with ordinality as q(n, i)),
          keys as (select c.id, c.n as k, 0 as tier from c union all select c.id, a, 1 from c cross join unnest(c.o) a),
          hits as (select q.i, keys.id, min(keys.tier) as tier from q join keys on keys.k = q.n group by q.i, keys.id),
          misses as (select q.n, q.i from q where not exists (select 1 from hits h where h.i = q.i))
     select * from (
       select q.i, r.id, r.label, r.tier, r.score
         from q cross join lateral (
           select c.id, c.label, h.tier, ${SCORE} as score
             from hits h join c on c.id = h.id where h.i = q.i ${RANK}) r
       union all
       select q.i, r.id, r.label, r.tier, r.score
         from misses q cross join lateral (select c.id, c.label, 2 as tier, ${SCORE} as score from c ${RANK}) r) x
      order by i, tier, score desc, length(label), label collate "C"`,
    [...rows.bindings, distinct.map(normalise)] as Knex.RawBinding[],
  )) as { rows: { i: string; id: number; label: string; tier: number; score: number }[] };
  const byName = new Map<number, typeof ranked>();
  for (const r of ranked) byName.set(Number(r.i), [...(byName.get(Number(r.i)) ?? []), r]);
  distinct.forEach((name, k) => {
    const q = normalise(name);
    const found = byName.get(k + 1) ?? [];
    const [best, second] = found;
    let match: Match | undefined;
    if (best && best.tier < 2)
      match = { id: best.id, name: best.label, by: best.tier === 0 ? 'name' : 'alias', score: 1 };
    else if (
      best &&
      q.length >= FUZZY_MIN_LENGTH &&
      best.score >= FUZZY_MIN &&
      !(second && second.id !== best.id && second.score > best.score - FUZZY_MARGIN)
    ) {
      match = { id: best.id, name: best.label, by: 'fuzzy', score: best.score };
    }
    out.set(name, { match, nearest: found.filter((r) => r.score > 0 || r.tier < 2).map((r) => r.label) });
  });
  return out;
}
