/**
 * Pairs of profiles that look like one person, found by joining match keys (keys.ts) in
 * PostgreSQL: equal keys of one kind, and for employer-and-title and employer keys a close name as
 * well (pg_trgm similarity; closer for the employer alone). Each pair carries its reasons and a confidence from 0 to 100: one minus
 * the chance that every reason is a coincidence, each reason's chance taken as independent.
 */
import type { Knex } from 'knex';
import { DUPLICATE_STATUS, MATCH_KEY_KIND, type DuplicateReason } from '../../../schema/entities/candidateDuplicate';
import { keysSelect, locationCountries, phoneKey, refreshKeys } from './keys';

/** How close two names must be (pg_trgm similarity, 0-1) to count with the same employer and title. */
export const NAME_SIMILARITY = 0.5;
/** How close two names must be to count with the same employer alone (another title: a promotion, a move). */
export const NAME_SIMILARITY_EMPLOYER = 0.7;

/** The chance that a shared key is a coincidence between two people, per kind. */
const COINCIDENCE: Record<number, number> = {
  [MATCH_KEY_KIND.email]: 0.02,
  [MATCH_KEY_KIND.phone]: 0.08,
  [MATCH_KEY_KIND.linkedIn]: 0.02,
  [MATCH_KEY_KIND.github]: 0.04,
};

const REASON_OF: Record<number, DuplicateReason> = {
  [MATCH_KEY_KIND.email]: 'email',
  [MATCH_KEY_KIND.phone]: 'phone',
  [MATCH_KEY_KIND.linkedIn]: 'linkedIn',
  [MATCH_KEY_KIND.github]: 'github',
  [MATCH_KEY_KIND.employerTitle]: 'nameEmployerTitle',
  [MATCH_KEY_KIND.nameEmployer]: 'nameEmployer',
};

const ET = MATCH_KEY_KIND.employerTitle;
const NE = MATCH_KEY_KIND.nameEmployer;
/** The name-based kinds, whose keys are compared by name too. */
const NAMED = `(${ET}, ${NE})`;
/** The closeness a name-based key `kind` needs. */
const threshold = (kind: string) =>
  `(case when ${kind} = ${ET} then ${NAME_SIMILARITY} else ${NAME_SIMILARITY_EMPLOYER} end)`;

/**
 * From matches m(a, b, kind, sim) to one row per pair: a < b, reasons in the declared order, confidence.
 * A name match with the same title is worth 0.45 at the threshold and 0.95 for the same name; with the
 * same employer alone 0.3 at its threshold and 0.6 for the same name, and only for a pair without the first
 * (the same name's evidence counted once).
 */
const pairsFrom = (matches: string) => `
  select least(a, b) as candidate_id, greatest(a, b) as other_id,
         array_agg(distinct kind order by kind) as kinds,
         round(100 * (1 - exp(sum(ln(case ${Object.entries(COINCIDENCE)
           .map(([k, c]) => `when kind = ${k} then ${c}`)
           .join(' ')}
           when kind = ${NE} then 0.7 - (sim - ${NAME_SIMILARITY_EMPLOYER}) / ${1 - NAME_SIMILARITY_EMPLOYER} * 0.3
           else greatest(0.05, 0.55 - (sim - ${NAME_SIMILARITY}) / ${1 - NAME_SIMILARITY} * 0.5) end)))))::int as confidence
    from (select a, b, kind, max(sim) as sim,
                 bool_or(kind = ${ET}) over (partition by least(a, b), greatest(a, b)) as titled
            from ${matches} m group by a, b, kind) g
   where not (kind = ${NE} and titled)
   group by least(a, b), greatest(a, b)`;

/**
 * Matches m(a, b, kind, sim) of the keys `left` among the keys `right`. The pool's scan joins all
 * keys to all by hash; a few profiles' keys (`probe`: a write, an import's batch, a draft) are each
 * looked up in the (kind, key) index, so a batch costs its own keys, not a read of the pool's.
 */
const joinKeys = (left: string, right: string, pairing: string, probe = false) =>
  probe
    ? `
  (select s.candidate_id as a, p.candidate_id as b, s.kind, p.sim
     from ${left} s
     cross join lateral (select p.candidate_id, case when s.kind in ${NAMED} then similarity(s.name, p.name) end as sim
                           from ${right} p where p.kind = s.kind and p.key = s.key and ${pairing} offset 0) p
    where s.kind not in ${NAMED} or p.sim >= ${threshold('s.kind')})`
    : `
  (select s.candidate_id as a, p.candidate_id as b, s.kind,
          case when s.kind in ${NAMED} then similarity(s.name, p.name) end as sim
     from ${left} s
     join ${right} p on p.kind = s.kind and p.key = s.key and ${pairing}
    where s.kind not in ${NAMED} or similarity(s.name, p.name) >= ${threshold('s.kind')})`;

export interface Twin {
  id: number;
  reasons: DuplicateReason[];
  confidence: number;
  /** The stored pair in the review queue (a saved profile's twins only; a draft's are not stored). */
  pairId?: number;
}

const reasonsOf = (kinds: number[]) => kinds.map((k) => REASON_OF[k]);

/**
 * Writes pairs: new ones open, known open ones with their reasons and confidence now; a pair an
 * admin judged two people keeps that judgement and is never reopened.
 */
async function storePairs(knex: Knex, pairsSql: string, bindings: Knex.RawBinding[]): Promise<number> {
  const { rowCount } = await knex.raw(
    `insert into candidate_duplicates (candidate_id, other_id, reasons, confidence)
     select candidate_id, other_id,
            array(select (?::text[])[k] from unnest(kinds) k), confidence
       from (${pairsSql}) pairs
      -- In key order: two writers storing overlapping pairs take their row locks in one order.
      order by candidate_id, other_id
     on conflict (candidate_id, other_id) do update
        set reasons = excluded.reasons, confidence = excluded.confidence, updated_at = now()
      where candidate_duplicates.status = ${DUPLICATE_STATUS.open}
        and (candidate_duplicates.reasons, candidate_duplicates.confidence) is distinct from (excluded.reasons, excluded.confidence)`,
    [reasonArray(), ...bindings],
  );
  return rowCount ?? 0;
}

/** The reasons by key kind, as a 1-based SQL array. */
function reasonArray(): string[] {
  const max = Math.max(...Object.keys(REASON_OF).map(Number));
  return Array.from({ length: max }, (_, i) => REASON_OF[i + 1] ?? '');
}

/**
 * The likely twins of saved candidates `ids` in the pool, each pair stored for review, in two
 * set-based statements whatever the number of ids (an import's batch: its keys joined to the pool's
 * by the (kind, key) index). Their keys are refreshed first unless `keysKept` (a write that kept
 * them in its own transaction). Returns them per candidate, pairs judged two people left out.
 */
export async function findTwins(
  knex: Knex,
  ids: number[],
  { keysKept = false }: { keysKept?: boolean } = {},
): Promise<Map<number, Twin[]>> {
  const found = new Map<number, Twin[]>();
  if (!ids.length) return found;
  if (!keysKept) await refreshKeys(knex, ids);
  const pairs = pairsFrom(
    joinKeys(
      '(select * from candidate_match_keys where candidate_id = any(?::int[]))',
      'candidate_match_keys',
      'p.candidate_id <> s.candidate_id',
      true,
    ),
  );
  await storePairs(knex, pairs, [ids]);
  const rows = (
    await knex.raw(
      `select d.id, d.candidate_id, d.other_id, d.reasons, d.confidence from candidate_duplicates d
        where (d.candidate_id = any(?::int[]) or d.other_id = any(?::int[])) and d.status = ${DUPLICATE_STATUS.open}
        order by d.confidence desc`,
      [ids, ids],
    )
  ).rows as { id: number; candidate_id: number; other_id: number; reasons: DuplicateReason[]; confidence: number }[];
  const wanted = new Set(ids);
  for (const r of rows) {
    for (const [me, other] of [
      [r.candidate_id, r.other_id],
      [r.other_id, r.candidate_id],
    ]) {
      if (!wanted.has(me)) continue;
      found.set(me, [
        ...(found.get(me) ?? []),
        { id: other, reasons: r.reasons, confidence: r.confidence, pairId: r.id },
      ]);
    }
  }
  return found;
}

/** What the console's form holds before a profile is saved. */
export interface Draft {
  id?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  linkedInUrl?: string;
  githubUrl?: string;
  /** The current location (a city): the country a national phone number is read with. */
  currentLocationId?: number | null;
  experiences?: { company?: string; title?: string }[];
}

/** The likely twins of a profile not yet saved (or being edited: `id` is then left out), nothing stored. */
export async function twinsOfDraft(knex: Knex, draft: Draft): Promise<Twin[]> {
  const jobs = (draft.experiences ?? []).filter((x) => x.company && x.title);
  const country = (await locationCountries(knex, [draft.currentLocationId])).get(draft.currentLocationId ?? 0);
  const { rows } = await knex.raw(
    `with p as (select -1 as id, ?::text as first_name, ?::text as last_name, ?::text as email,
                       ?::text as phone, ?::text as linked_in_url, ?::text as github_url),
          x as (select -1 as candidate_id, x.company, x.title
                  from jsonb_to_recordset(?::jsonb) as x(company text, title text)),
          ph as (select -1 as candidate_id, ?::text as key),
          draft_keys as (${keysSelect('p', 'x', 'ph')})
     select pairs.other_id as id,
            pairs.kinds, pairs.confidence
       from (${pairsFrom(joinKeys('draft_keys', 'candidate_match_keys', 'p.candidate_id <> ?', true))}) pairs
      where not exists (select 1 from candidate_duplicates d where d.status = ${DUPLICATE_STATUS.dismissed}
                          and d.candidate_id = least(?::int, pairs.other_id) and d.other_id = greatest(?::int, pairs.other_id))
      order by pairs.confidence desc limit 5`,
    [
      draft.firstName ?? '',
      draft.lastName ?? '',
      draft.email ?? '',
      draft.phone ?? '',
      draft.linkedInUrl ?? null,
      draft.githubUrl ?? null,
      JSON.stringify(jobs),
      phoneKey(draft.phone, country) ?? null,
      draft.id ?? 0,
      draft.id ?? 0,
      draft.id ?? 0,
    ],
  );
  return (rows as { id: number; kinds: number[]; confidence: number }[]).map((r) => ({
    id: r.id,
    reasons: reasonsOf(r.kinds),
    confidence: r.confidence,
  }));
}

export interface ScanResult {
  candidates: number;
  keys: number;
  pairs: number;
  seconds: number;
}

/**
 * The whole pool at once: every candidate's keys rebuilt in one statement, then one self-join of
 * the keys by hash, the pairs written in one upsert; open pairs that no longer match are dropped.
 */
export async function scanPool(knex: Knex): Promise<ScanResult> {
  const started = performance.now();
  await refreshKeys(knex, 'all');
  await knex.raw('analyze candidate_match_keys');
  const pairs = pairsFrom(joinKeys('candidate_match_keys', 'candidate_match_keys', 'p.candidate_id > s.candidate_id'));
  await knex.transaction(async (trx) => {
    await trx.raw(`create temporary table found_pairs on commit drop as ${pairs}`);
    await trx.raw(
      `delete from candidate_duplicates d where d.status = ${DUPLICATE_STATUS.open}
          and not exists (select 1 from found_pairs f where f.candidate_id = d.candidate_id and f.other_id = d.other_id)`,
    );
    await storePairs(trx, 'select * from found_pairs', []);
  });
  const [{ candidates, keys, pairs: open }] = (
    await knex.raw(
      `select (select count(*) from candidates)::int as candidates, (select count(*) from candidate_match_keys)::int as keys,
              (select count(*) from candidate_duplicates where status = ${DUPLICATE_STATUS.open})::int as pairs`,
    )
  ).rows;
  return { candidates, keys, pairs: open, seconds: (performance.now() - started) / 1000 };
}
