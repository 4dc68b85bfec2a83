/**
 * A candidate's match keys, normalised in SQL so one rule serves one profile, a batch, a draft not
 * yet saved and the whole pool:
 * - email: lower case, '+tag' dropped; for providers that ignore dots (gmail.com, googlemail.com)
 *   the dots dropped too and the domains made one;
 * - phone: E.164 ('+' and digits) when written internationally, else its digits (8 or more);
 * - LinkedIn (/in/, /pub/, /profile/) and GitHub handles, lower case;
 * - the latest employer and title (the one the search document keeps: the current job, else the
 *   newest; case, punctuation and legal forms such as 'Pte Ltd' dropped), once per initial of the first and the last name, with the name beside it: a
 *   pair needs a close name too (pg_trgm similarity), and the initials keep each block small so
 *   the pool's scan compares few names, while a typo in one name's first letter is still caught
 *   by the other's.
 */
import type { Knex } from 'knex';
import { MATCH_KEY_KIND } from '../../../schema/entities/candidateDuplicate';
import { DOTLESS_DOMAINS } from '../../../schema/lib/email';

/**
 * The email key of a lower-cased, trimmed address `e` (an SQL expression): emailKey
 * (schema/lib/email.ts) written in SQL, kept in agreement by tests/api/email-key-agreement.test.ts.
 */
export const emailKeySql = (e: string) => `(case when split_part(${e}, '@', 2) = any('{${DOTLESS_DOMAINS.join(',')}}')
  then replace(split_part(split_part(${e}, '@', 1), '+', 1), '.', '') || '@${DOTLESS_DOMAINS[0]}'
  else split_part(split_part(${e}, '@', 1), '+', 1) || '@' || split_part(${e}, '@', 2) end)`;

// split_part and translate, not regular expressions: on the pool they cost a tenth of the time.
// The phone's characters are the ones the phone rule lets through (digits, spaces, . - ( ) +).
const digits = (p: string) => `translate(${p}, ' -.()+', '')`;
export const phoneKeySql = (p: string) =>
  `(case when length(${digits(p)}) >= 8 then (case when ltrim(${p}) like '+%' then '+' else '' end) || ${digits(p)} end)`;
/** The handle after linkedin.com/in/ (or /pub/, /profile/), without a query or fragment. */
export const linkedInKeySql = (u: string) =>
  `nullif(split_part(split_part(split_part(split_part(lower(${u}), 'linkedin.com/', 2), '/', 2), chr(63), 1), '#', 1), '')`;
export const githubKeySql = (u: string) =>
  `nullif(split_part(split_part(split_part(split_part(lower(${u}), 'github.com/', 2), '/', 1), chr(63), 1), '#', 1), '')`;

/** Lower case, punctuation as spaces, runs of spaces as one, trimmed. */
const PUNCT = `.,-_&/()'"+:;!`;
const plain = (s: string) =>
  `btrim(replace(replace(translate(lower(${s}), '${PUNCT.replace(/'/g, "''")}', '${' '.repeat(PUNCT.length)}'), '   ', ' '), '  ', ' '))`;
// '(?:' is written with chr(63), folded to a constant when planned: a '?' would be read as a binding.
const q = `' || chr(63) || '`;
/**
 * An employer without its legal form: 'Acme Pte. Ltd.' and 'ACME' are one employer. The groups do
 * not capture: PostgreSQL matches capturing groups by its slow engine, thirty times the time
 * (0.4 ms an employer, most of a batch's keys and of the pool's scan).
 */
export const employerSql = (s: string) =>
  `regexp_replace(${plain(s)}, '(${q}: (${q}:pte|pvt|private|ltd|limited|inc|llc|corp|corporation|co|company|plc|gmbh|ag|sa|bv|group|holdings))+$', '')`;
export const nameSql = (first: string, last: string) => plain(`${first} || ' ' || ${last}`);

/**
 * A select of (candidate_id, kind, key, name) for the candidates of `people` (an SQL source with id,
 * first_name, last_name, email, phone, linked_in_url, github_url) and their `jobs` (candidate_id,
 * company, title).
 */
export function keysSelect(people: string, jobs: string): string {
  const K = MATCH_KEY_KIND;
  return `
    select c.id as candidate_id, k.kind, k.key, null::text as name
      from ${people} c
      cross join lateral (select lower(btrim(c.email)) as e) v
      cross join lateral (values
        (${K.email}, ${emailKeySql('v.e')}),
        (${K.phone}, ${phoneKeySql('c.phone')}),
        (${K.linkedIn}, ${linkedInKeySql('c.linked_in_url')}),
        (${K.github}, ${githubKeySql('c.github_url')})
      ) k(kind, key)
     where k.key is not null and k.key <> ''
    union all
    select j.candidate_id, ${K.employerTitle}, j.employer || '|' || j.title || '|' || i.initial, n.name
      from (select distinct x.candidate_id, ${employerSql('x.company')} as employer, ${plain('x.title')} as title
              from ${jobs} x) j
      join ${people} c on c.id = j.candidate_id
      cross join lateral (select ${nameSql('c.first_name', 'c.last_name')} as name) n
      cross join lateral (select distinct left(w, 1) as initial
                            from unnest(array[${plain('c.first_name')}, ${plain('c.last_name')}]) w where w <> '') i
     where j.employer <> '' and j.title <> ''`;
}

/** Each candidate's latest job, as their search document keeps it (kept by the database on every write). */
const LATEST_JOBS = `(select id as candidate_id, latest_company as company, latest_job_title as title
                        from candidate_search_documents where latest_company is not null)`;

/** Keeps the match keys of the candidates `ids` (every candidate when 'all') as their profiles now are. */
export async function refreshKeys(knex: Knex, ids: number[] | 'all'): Promise<void> {
  if (ids === 'all') {
    await knex.transaction(async (trx) => {
      // The pool's keys computed in one statement into a table without indexes, then only the
      // difference written: writes keep keys true, so a scan rewrites few of them, and the
      // indexes and foreign-key checks of rewriting them all (most of a scan's time) are spared.
      // Both differences are hash anti-joins over the whole key set.
      await trx.raw(`create temporary table fresh_keys on commit drop as ${keysSelect('candidates', LATEST_JOBS)}`);
      await trx.raw('analyze fresh_keys');
      const same = (a: string, b: string) =>
        `${a}.candidate_id = ${b}.candidate_id and ${a}.kind = ${b}.kind and ${a}.key = ${b}.key
         and coalesce(${a}.name, '') = coalesce(${b}.name, '')`;
      await trx.raw(
        `delete from candidate_match_keys k where not exists (select 1 from fresh_keys f where ${same('f', 'k')})`,
      );
      await trx.raw(
        `insert into candidate_match_keys (candidate_id, kind, key, name)
         select f.candidate_id, f.kind, f.key, f.name from fresh_keys f
          where not exists (select 1 from candidate_match_keys k where ${same('k', 'f')})`,
      );
    });
    return;
  }
  if (!ids.length) return;
  await knex.raw('delete from candidate_match_keys where candidate_id = any(?::int[])', [ids]);
  // The latest job as the search document picks it (current first, then the newest start), read from
  // the experiences themselves: a write's search document may be refreshed after this.
  await knex.raw(
    `with p as (select id, first_name, last_name, email, phone, linked_in_url, github_url
                  from candidates where id = any(?::int[])),
          x as (select distinct on (e.candidate_id) e.candidate_id, e.company, e.title
                  from candidate_experiences e where e.candidate_id = any(?::int[])
                 order by e.candidate_id, e.current_position desc, e.start_date desc, e.id desc)
     insert into candidate_match_keys (candidate_id, kind, key, name) ${keysSelect('p', 'x')}`,
    [ids, ids],
  );
}
