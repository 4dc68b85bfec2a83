/**
 * A candidate's match keys, normalised in SQL (but for the phone library's part, below) so one rule
 * serves one profile, a batch, a draft not yet saved and the whole pool:
 * - email: lower case, '+tag' dropped; for providers that ignore dots (gmail.com, googlemail.com)
 *   the dots dropped too and the domains made one. A survivor also keeps the address of every
 *   profile merged into it, and its own from before a merge that gave it the merged profile's
 *   (through chains of merges, until undone): an address a merge took away still finds its
 *   person, in a draft's check and in an import's twins;
 * - phone: the number in E.164 without its '+' (phoneKey): a national number ('07911 123456',
 *   '9123 4567') read with the profile's country (its current location's), so it meets its
 *   international spelling ('+44 7911 123456', '+65 9123 4567'); one written internationally, or
 *   whose country is unknown or which the phone library cannot read, by its digits (8 or more), so
 *   '+65 9123 4567' and '6591234567' are one number as before. The library runs in the server
 *   (PostgreSQL has none): for the national numbers of profiles with a country only, handed to the
 *   statement as (candidate_id, key) rows; every other number is keyed in SQL (phoneKeySql);
 * - LinkedIn: the /in/ handle; an old /pub/ link by its whole path (name and numbers: two John Tans
 *   share the name part), /profile/view by its id; /pub/dir/ (a search page, not a person) and
 *   other paths have none. GitHub: the handle. Lower case;
 * - the latest employer and title (the one the search document keeps: the current job, else the
 *   newest; accents, case, punctuation and legal forms such as 'Pte Ltd' dropped), once per initial
 *   of the first and the last name, with the name beside it: a pair needs a close name too (pg_trgm
 *   similarity), and the initials keep each block small so the pool's scan compares few names,
 *   while a typo in one name's first letter is still caught by the other's. The same employer
 *   without the title is a key too (a promotion changes the title), held to a closer name and
 *   worth less (detect.ts).
 * Keys are computed when a profile is written: after a change of these rules, a scan of the pool
 * (POST /candidate-duplicates/scan, nightly, or queued by a migration as
 * migrations/20261206090000_queue_rekey_of_national_phones.ts does) brings every stored key up to date.
 * The profiles' names, addresses and links are read through the candidate gate (matchKeySource), to
 * compute the keys only.
 */
import type { Knex } from 'knex';
import { MATCH_KEY_KIND } from '../../../schema/entities/candidateDuplicate';
import { DOTLESS_DOMAINS } from '../../../schema/lib/email';
import { phoneKey } from '../../services/phoneKeys';
import { matchKeySource } from '../../services/candidateGate';

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
export const phoneKeySql = (p: string) => `(case when length(${digits(p)}) >= 8 then ${digits(p)} end)`;

// A phone's match key and a location's country: shared with the WhatsApp opt-out (services/phoneKeys.ts).
export { locationCountries, phoneKey } from '../../services/phoneKeys';

/**
 * The phone keys only the library gives: of the candidates `ids` (every candidate when 'all') whose
 * number is national and whose current location names a country, as (ids, keys) for unnest().
 */
async function nationalPhoneKeys(knex: Knex, ids: number[] | 'all'): Promise<[number[], string[]]> {
  const people = matchKeySource(ids);
  const { rows } = await knex.raw(
    `select c.id, c.phone, ci.code from ${people.sql} c join cities ci on ci.id = c.current_location_id
      where c.phone is not null and left(btrim(c.phone), 1) <> '+'`,
    people.bindings,
  );
  const [keyed, keys]: [number[], string[]] = [[], []];
  for (const r of rows as { id: number; phone: string; code: string }[]) {
    const key = phoneKey(r.phone, r.code);
    if (!key) continue;
    keyed.push(r.id);
    keys.push(key);
  }
  return [keyed, keys];
}

/** The LinkedIn path after linkedin.com/, in lower case, without a query or fragment (chr(63): '?'). */
const liPath = (u: string) => `split_part(split_part(split_part(lower(${u}), 'linkedin.com/', 2), chr(63), 1), '#', 1)`;
const liSegment = (u: string, n: number) => `split_part(${liPath(u)}, '/', ${n})`;
/**
 * The profile a LinkedIn address names: 'in/<handle>' keyed by the handle; 'pub/<name>/<n>/<n>/<n>'
 * by its whole path; 'profile/view?id=<id>' by the id. Anything else (pub/dir/..., a company) has no key.
 */
export const linkedInKeySql = (u: string) => `(case ${liSegment(u, 1)}
  when 'in' then nullif(${liSegment(u, 2)}, '')
  when 'pub' then case when ${liSegment(u, 2)} not in ('', 'dir') then rtrim(${liPath(u)}, '/') end
  when 'profile' then case when ${liSegment(u, 2)} = 'view'
    then 'profile/' || (regexp_match(split_part(split_part(lower(${u}), chr(63), 2), '#', 1), '(^|&)id=([^&]+)'))[2] end
  end)`;
export const githubKeySql = (u: string) =>
  `nullif(split_part(split_part(split_part(split_part(lower(${u}), 'github.com/', 2), '/', 1), chr(63), 1), '#', 1), '')`;

/** Accents taken off (unaccent: 'Nguyễn' is 'nguyen'), lower case, punctuation as spaces, runs of spaces as one, trimmed. */
const PUNCT = `.,-_&/()'"+:;!`;
export const plain = (s: string) =>
  `btrim(replace(replace(translate(lower(unaccent(${s})), '${PUNCT.replace(/'/g, "''")}', '${' '.repeat(PUNCT.length)}'), '   ', ' '), '  ', ' '))`;
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
 * The addresses each profile held before its merges: of the profiles merged into it and its own before each merge
 * (the same as its address now unless the merge took the merged one's), directly or through a chain of merges (B
 * merged into C after A into B: A's address is C's), undone merges left out: (holder, e).
 */
const FORMER_EMAILS = `(with recursive chain(holder, e, depth) as (
    select m.survivor_id, lower(btrim(x.e)), 1 from candidate_merges m
     cross join lateral (values (m.journal->'merged'->>'email'), (m.journal->'survivorBefore'->>'email')) x(e)
     where m.undone_at is null
    union all
    select m.survivor_id, ch.e, ch.depth + 1
      from chain ch join candidate_merges m on m.merged_id = ch.holder and m.undone_at is null where ch.depth < 20)
  select holder, e from chain where e <> '')`;

/**
 * A select of (candidate_id, kind, key, name) for the candidates of `people` (an SQL source with id,
 * first_name, last_name, email, phone, linked_in_url, github_url), their `jobs` (candidate_id,
 * company, title) and the `phones` keyed by the library (candidate_id, key: one row at most each;
 * the others keyed here).
 */
export function keysSelect(people: string, jobs: string, phones: string): string {
  const K = MATCH_KEY_KIND;
  return `
    select c.id as candidate_id, k.kind, k.key, null::text as name
      from ${people} c
      left join ${phones} ph on ph.candidate_id = c.id
      cross join lateral (select lower(btrim(c.email)) as e) v
      cross join lateral (values
        (${K.email}, ${emailKeySql('v.e')}),
        (${K.phone}, coalesce(ph.key, ${phoneKeySql('c.phone')})),
        (${K.linkedIn}, ${linkedInKeySql('c.linked_in_url')}),
        (${K.github}, ${githubKeySql('c.github_url')})
      ) k(kind, key)
     where k.key is not null and k.key <> ''
    union
    select f.holder, ${K.email}, ${emailKeySql('f.e')}, null::text
      from ${FORMER_EMAILS} f join ${people} c on c.id = f.holder
    union all
    select j.candidate_id, k.kind, k.key, n.name
      from (select distinct x.candidate_id, ${employerSql('x.company')} as employer, ${plain('x.title')} as title
              from ${jobs} x) j
      join ${people} c on c.id = j.candidate_id
      cross join lateral (select ${nameSql('c.first_name', 'c.last_name')} as name) n
      cross join lateral (select distinct left(w, 1) as initial
                            from unnest(array[${plain('c.first_name')}, ${plain('c.last_name')}]) w where w <> '') i
      cross join lateral (values (${K.employerTitle}, j.employer || '|' || j.title || '|' || i.initial),
                                 (${K.nameEmployer}, j.employer || '|' || i.initial)) k(kind, key)
     where j.employer <> '' and (j.title <> '' or k.kind = ${K.nameEmployer})`;
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
      await trx.raw('create temporary table phone_keys (candidate_id int primary key, key text) on commit drop');
      await trx.raw(
        'insert into phone_keys select * from unnest(?::int[], ?::text[])',
        await nationalPhoneKeys(trx, 'all'),
      );
      await trx.raw(
        `create temporary table fresh_keys on commit drop as ${keysSelect(matchKeySource('all').sql, LATEST_JOBS, 'phone_keys')}`,
      );
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
  const people = matchKeySource(ids);
  await knex.raw(
    `with p as ${people.sql},
          x as (select distinct on (e.candidate_id) e.candidate_id, e.company, e.title
                  from candidate_experiences e where e.candidate_id = any(?::int[])
                 order by e.candidate_id, e.current_position desc, e.start_date desc, e.id desc),
          ph as (select * from unnest(?::int[], ?::text[]) as ph(candidate_id, key))
     insert into candidate_match_keys (candidate_id, kind, key, name) ${keysSelect('p', 'x', 'ph')}`,
    [...people.bindings, ids, ...(await nationalPhoneKeys(knex, ids))],
  );
}
