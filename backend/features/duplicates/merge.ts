/**
 * Merging two profiles into one, in one transaction: every row that names the merged profile moves
 * to the survivor (foreign keys read from the catalogue, references.ts), rows that would clash are
 * combined (one project's two pipeline rows become one at the furthest stage, with both histories;
 * the folded row's ATS application, when the kept row has its own, stays the survivor's as a former one, links.ts;
 * one match run's two results keep the better; insight counts of one day add up; of the two
 * activity rows the later sign-in stays; a job or school both list is kept once, history.ts), the survivor takes the chosen values (fields.ts; a merge
 * that would show again a person who paused their profile needs `confirm`), the merged row is
 * deleted and its id recorded in candidate_merges, whose journal undoes all of it (undo.ts); the
 * picture the survivor did not keep is served to nobody and deleted once the undo window closes (pictures.ts). The
 * merged profile's sessions and sign-in keys are deleted, not moved: they proved the merged
 * person's address, and would sign them in as the survivor; so do the survivor's own when it takes
 * the merged profile's address (as an email change ends them, talent/candidates.ts). Each address
 * the survivor no longer holds is emailed which one signs in now (emails.ts) and stays a match key
 * of the survivor (keys.ts). One project's two live requests to the person become one (combine.ts). Once both profiles are locked, what may
 * have changed while the merge waited is checked again (mayMerge: an erasure, the reviewed pair,
 * the protective fields the review read), and the merged profile's "not the same person" pairs
 * become the survivor's (carryDismissals). The survivor's keys are kept in the transaction and its twins are found by
 * the find_twins job it queues, after the commit, so nothing after a saved merge can fail its answer.
 */
import type { Knex } from 'knex';
import { STAGE_ORDER, STAGES } from '../../../schema/rules/pipeline';
import { ERASURE_OPEN, ERASURE_STATUS } from '../../../schema/rules/dataRights';
import { DUPLICATE_STATUS, MERGE_UNDO_DAYS } from '../../../schema/entities/candidateDuplicate';
import { entity } from '../../../schema';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { formatId } from '../../../schema/lib/ids';
import { AppError } from '../../errors';
import { storedRows } from '../../services/candidateGate';
import { shareRollup } from '../dashboards';
import type { Config } from '../../config';
import { carryThreads, combineAlertNews } from './afterlife';
import { oneRequestPerProject } from './combine';
import { addressOf, tellChangedAddresses } from './emails';
import { choicesFor, mergedRow, PROTECTIVE_FIELDS, protectiveStamp, selfPaused, type Choices } from './fields';
import { keepHistoryOnce } from './history';
import { foldLinks } from './links';
import { laterGuarantee, refundDoubleGuarantees } from './guarantees';
import { journalWriters, type Journal } from './journal';
import { locationCountries } from './keys';
import { queueDroppedPictures } from './pictures';
import { recordKeys } from './record';
import { allReferences, SIGN_INS } from './references';

/** How long an admin may undo a merge. */
export const UNDO_DAYS = MERGE_UNDO_DAYS;

type Json = Record<string, unknown>;

interface Clash {
  keep: number;
  drop: number;
  s_stage: number;
  m_stage: number;
  project_id: number;
  s_guaranteed: Date | null;
  m_guaranteed: Date | null;
}

export type { Journal } from './journal';

/** A stage's place on the way to a hire; a rejection is behind every live stage. */
const progress = (stage: number) => (stage === STAGES.rejected ? -1 : STAGE_ORDER.indexOf(stage as never));

export interface MergeInput {
  survivorId: number;
  mergedId: number;
  /** The reviewed pair: checked again, under the profiles' locks, to be still open and to name both profiles. */
  pairId?: number;
  /** The pair's protective stamp the review read (fields.ts): a merge with protective choices is refused once it changed. */
  reviewed?: string;
  /** Per field, the side whose value survives; fields left out take the default. */
  keep?: Choices;
  adminId?: number;
  /** The admin saw that the merge un-pauses a profile its person paused, and merges all the same. */
  confirm?: boolean;
  /** The server's settings, for the email telling the merged person which address signs in now (emails.ts). */
  config?: Config;
}

/**
 * Tables where, of the two profiles' rows that clash under a unique index, the merged profile's stays rather than
 * the survivor's when this holds (SQL: `o` the merged profile's row, `t` the survivor's). The survivor's row goes (an
 * undo puts it back) and the merged one moves whole, its other columns with it.
 */
const MERGED_WINS: Record<string, string> = {
  // One person's last sign-in is the later of the two; the reminder and archive of an absence (retention.ts) go
  // with the absence they counted, so a sign-in after a reminder still clears it.
  candidate_activity: 'o.last_active_at > t.last_active_at',
};

/** A profile its person paused that the merge would show again: the admin confirms first (as statusRoutes.ts asks). */
function confirmUnpause(survivor: Json, merged: Json, next: Json, confirm?: boolean): void {
  const chosen = [survivor, merged].filter(selfPaused);
  if (!chosen.length || next.status === CANDIDATE_STATUS.inactive || confirm === true) return;
  throw new AppError(409, 'candidates.errors.selfChosenStatus', undefined, undefined, {
    candidates: chosen.map((r) => formatId(entity('candidate'), r.id as number)),
  });
}

/**
 * What is checked once both profiles are locked, as it may have changed while the merge waited for them: an erasure on
 * its way for either (carried out on the merged one, it would erase the other profile's person without their asking),
 * a profile erased meanwhile (the "Erased candidate" shell would give the survivor its name, address and pause), the
 * reviewed pair still open, and the review's protective stamp when the admin chose a protective field themselves.
 */
async function mayMerge(trx: Knex.Transaction, input: MergeInput, survivor: Json, merged: Json): Promise<void> {
  const ids = [input.survivorId, input.mergedId];
  const requests = await trx('erasure_requests').whereIn('candidate_id', ids).select('status');
  if (requests.some((r) => ERASURE_OPEN.includes(r.status as number)))
    throw new AppError(409, 'duplicates.erasurePending', undefined, { survivorId: 'duplicates.erasurePending' });
  if (requests.some((r) => r.status === ERASURE_STATUS.erased) || [survivor, merged].some(erasedShell))
    throw new AppError(409, 'duplicates.erased');
  if (input.pairId !== undefined) {
    const pair = (
      await trx.raw('select candidate_id, other_id, status from candidate_duplicates where id = ? for update', [
        input.pairId,
      ])
    ).rows[0] as { candidate_id: number; other_id: number; status: number } | undefined;
    const same = pair && [pair.candidate_id, pair.other_id].every((x) => ids.includes(x));
    if (!same || pair.status !== DUPLICATE_STATUS.open) throw new AppError(409, 'duplicates.notOpen');
  }
  const chosen = Object.keys(input.keep ?? {}).some((f) => PROTECTIVE_FIELDS.includes(f));
  if (chosen && input.reviewed !== undefined && input.reviewed !== protectiveStamp(survivor, merged))
    throw new AppError(409, 'duplicates.changedSinceReview');
}

/** The row an erasure leaves (dataRights/erase.ts): its address `erased-<id>@erased.invalid`. */
const erasedShell = (row: Json) => row.email === `erased-${String(row.id)}@erased.invalid`;

/**
 * "Not the same person" said of the merged profile and another (M, C) is said of the survivor and C: it becomes the
 * dismissed pair (S, C), a row the merge adds or an open one it changes (both journaled, an undo takes them back),
 * so the survivor's twins found after the merge never propose C again.
 */
async function carryDismissals(
  trx: Knex.Transaction,
  s: number,
  m: number,
  journal: Journal,
  change: (table: string, ids: number[]) => Promise<void>,
): Promise<void> {
  // j: the other profile C of each of the merged profile's dismissed pairs, but the survivor.
  const judged = `with j as (select case when d.candidate_id = ? then d.other_id else d.candidate_id end as c,
                                    d.reasons, d.confidence, d.decided_by_id, d.decided_at
                               from candidate_duplicates d
                              where (d.candidate_id = ? or d.other_id = ?) and d.status = ${DUPLICATE_STATUS.dismissed})`;
  const bindings = [m, m, m, s, s, s];
  const changed = (
    await trx.raw(
      `${judged} select e.id from j join candidate_duplicates e
          on e.candidate_id = least(?::int, j.c) and e.other_id = greatest(?::int, j.c)
       where j.c <> ? and e.status <> ${DUPLICATE_STATUS.dismissed}`,
      bindings,
    )
  ).rows.map((r: { id: number }) => r.id) as number[];
  await change('candidate_duplicates', changed);
  const written = (
    await trx.raw(
      `${judged} insert into candidate_duplicates (candidate_id, other_id, reasons, confidence, status, decided_by_id, decided_at)
       select least(?::int, j.c), greatest(?::int, j.c), j.reasons, j.confidence, ${DUPLICATE_STATUS.dismissed},
              j.decided_by_id, j.decided_at
         from j where j.c <> ? order by 1, 2
       on conflict (candidate_id, other_id) do update
          set status = excluded.status, decided_by_id = excluded.decided_by_id, decided_at = excluded.decided_at,
              updated_at = now()
        where candidate_duplicates.status <> ${DUPLICATE_STATUS.dismissed}
       returning id, (xmax = 0) as inserted`,
      bindings,
    )
  ).rows as { id: number; inserted: boolean }[];
  const ids = written.filter((r) => r.inserted).map((r) => r.id);
  if (ids.length) (journal.added ??= []).push({ table: 'candidate_duplicates', ids });
}

/** The two profiles' whole rows (through the candidate gate: to compare and move them, never shown), locked. */
export async function lockedPair(trx: Knex.Transaction, a: number, b: number): Promise<[Json, Json]> {
  const rows = await storedRows(trx, [a, b], { forUpdate: true });
  const first = rows.find((r) => r.id === a);
  const second = rows.find((r) => r.id === b);
  if (!first || !second) throw new AppError(404, 'duplicates.notFound');
  return [first, second];
}

export async function mergeCandidates(knex: Knex, input: MergeInput): Promise<{ mergeId: number }> {
  const { survivorId: s, mergedId: m } = input;
  if (s === m) throw new AppError(400, 'duplicates.notInPair');
  return knex.transaction(async (trx) => {
    const [survivor, merged] = await lockedPair(trx, s, m);
    await mayMerge(trx, input, survivor, merged);
    // Before any insight count is added up: a rollup rewriting those rows waits for the merge, never the other way
    // round (shared: merges of other pairs go on side by side; the undo takes it whole at the same point).
    await shareRollup(trx);
    const countries = await locationCountries(trx, [survivor.current_location_id, merged.current_location_id]);
    const next = mergedRow(survivor, merged, choicesFor(survivor, merged, input.keep, countries));
    confirmUnpause(survivor, merged, next, input.confirm);
    const journal: Journal = { survivorBefore: survivor, merged, removed: [], moved: [], changed: [] };
    const { remove, change } = journalWriters(trx, journal);

    // The merged person's sessions and sign-in keys proved their address, not the survivor's: they end here; so do
    // the survivor's when it takes another address, as theirs no longer signs in.
    const ended = addressOf(next) === addressOf(survivor) ? [m] : [m, s];
    for (const ref of SIGN_INS)
      await trx.raw(`delete from ${ref.table} where ${ref.column} = any(?::int[]) and ${ref.where}`, [ended]);

    // Pairs of the merged profile are found again for the survivor afterwards, but for those an admin judged two
    // people: that judgement holds for the survivor too. Its keys go with it.
    await carryDismissals(trx, s, m, journal, change);
    await remove('candidate_duplicates', 'candidate_id = ? or other_id = ?', [m, m]);
    await trx.raw('delete from candidate_match_keys where candidate_id = ?', [m]);

    // One project's two rows: the survivor's keeps the furthest stage and the earliest of each step.
    const clashes = (
      await trx.raw(
        `select ps.id as keep, pm.id as drop, ps.stage as s_stage, pm.stage as m_stage, ps.project_id,
                ps.guaranteed_at as s_guaranteed, pm.guaranteed_at as m_guaranteed
           from project_candidates ps join project_candidates pm on pm.project_id = ps.project_id
          where ps.candidate_id = ? and pm.candidate_id = ?`,
        [s, m],
      )
    ).rows as Clash[];
    // One person guaranteed twice in a project: the later payment is given back once the merge is recorded (guarantees.ts).
    const doubles = clashes.flatMap(
      (c) => laterGuarantee(c.project_id, { id: s, at: c.s_guaranteed }, { id: m, at: c.m_guaranteed }) ?? [],
    );
    await change(
      'project_candidates',
      clashes.map((c) => c.keep),
    );
    for (const c of clashes) {
      const stageFrom = progress(c.m_stage) > progress(c.s_stage) ? 'pm' : 'ps';
      await trx.raw(
        `update project_candidates ps set
            stage = ${stageFrom}.stage, rejected_from = ${stageFrom}.rejected_from, reject_data = ${stageFrom}.reject_data,
            schedule_data = coalesce(${stageFrom}.schedule_data, ps.schedule_data),
            is_hidden = ps.is_hidden and pm.is_hidden, is_favorited = ps.is_favorited or pm.is_favorited,
            curated = ps.curated or pm.curated, added = ps.added or pm.added,
            seen_at = least(ps.seen_at, pm.seen_at), revealed_at = least(ps.revealed_at, pm.revealed_at),
            guaranteed_at = least(ps.guaranteed_at, pm.guaranteed_at),
            interview_scheduled_at = coalesce(${stageFrom}.interview_scheduled_at, ps.interview_scheduled_at, pm.interview_scheduled_at),
            interview_requested_at = least(ps.interview_requested_at, pm.interview_requested_at),
            whitelist_requested_at = least(ps.whitelist_requested_at, pm.whitelist_requested_at),
            last_recruitment_updated_at = greatest(ps.last_recruitment_updated_at, pm.last_recruitment_updated_at),
            created_at = least(ps.created_at, pm.created_at)
           from project_candidates pm where ps.id = ? and pm.id = ?`,
        [c.keep, c.drop],
      );
      // The dropped row's ATS links: moved to the kept row, or kept as the survivor's former applications (links.ts).
      await foldLinks(trx, s, c, journal, remove);
      await remove('project_candidates', 'id = ?', [c.drop]);
    }

    // A reveal is the project's own (schema/rules/visibility.ts, identitySql): a company that revealed one twin in one
    // project has not revealed the person in its other projects, as for one profile; each row keeps its own.

    // One project's two live requests to the person: one stays (combine.ts).
    await oneRequestPerProject(trx, [s, m], change);

    // One match run's two results: the better one stays.
    const results = (
      await trx.raw(
        `select rs.id as s_id, rm.id as m_id, rs.match_score >= rm.match_score as survivor_better
           from ai_match_results rs join ai_match_results rm on rm.run_id = rs.run_id
          where rs.candidate_id = ? and rm.candidate_id = ?`,
        [s, m],
      )
    ).rows as { s_id: number; m_id: number; survivor_better: boolean }[];
    for (const r of results) await remove('ai_match_results', 'id = ?', [r.survivor_better ? r.m_id : r.s_id]);

    // Insight counts of one day add up.
    const days = (
      await trx.raw(
        `select is1.id as keep, im.count as add from candidate_insight_daily is1
           join candidate_insight_daily im on im.kind = is1.kind and im.day = is1.day
          where is1.candidate_id = ? and im.candidate_id = ?`,
        [s, m],
      )
    ).rows as { keep: number; add: number }[];
    await change(
      'candidate_insight_daily',
      days.map((d) => d.keep),
    );
    for (const d of days)
      await trx.raw('update candidate_insight_daily set count = count + ? where id = ?', [d.add, d.keep]);
    await remove(
      'candidate_insight_daily',
      'candidate_id = ? and exists (select 1 from candidate_insight_daily o where o.candidate_id = ? and o.kind = t.kind and o.day = t.day)',
      [m, s],
    );

    // One purpose decided on both profiles: a withdrawal on either stands, as it took effect at once
    // (schema/rules/consents.ts); otherwise the later decision. The survivor's row that gives way goes (an undo restores it).
    await remove(
      'candidate_consents',
      `t.candidate_id = ? and exists (select 1 from candidate_consents o where o.candidate_id = ? and o.purpose = t.purpose
         and (t.granted and not o.granted or o.granted = t.granted and o.decided_at > t.decided_at))`,
      [s, m],
    );

    // One job or school on both profiles is kept once (history.ts).
    await keepHistoryOnce(trx, s, m, remove, change);

    // Inbox threads about the merged profile, and one alert's two news rows, become the survivor's (afterlife.ts).
    await carryThreads(trx, s, m, change, remove);
    await combineAlertNews(trx, s, m, change);

    // Everything else moves as it is; a row that would repeat one of the survivor's under a unique
    // index (a pending search refresh, a mark for alerts) says nothing the survivor's does not, unless
    // MERGED_WINS says it is the better of the two (the later sign-in): then the survivor's gives way.
    for (const ref of await allReferences(trx)) {
      for (const others of await uniqueWith(trx, ref.table, ref.column)) {
        const same = others.map((c) => ` and o."${c}" is not distinct from t."${c}"`).join('');
        const clash = (also = '') =>
          `t.${ref.column} = ? and exists (select 1 from ${ref.table} o where o.${ref.column} = ?${same}${also})`;
        if (MERGED_WINS[ref.table]) await remove(ref.table, clash(` and ${MERGED_WINS[ref.table]}`), [s, m]);
        await remove(ref.table, clash(), [m, s]);
      }
      const ids = (
        await trx.raw(
          `update ${ref.table} set ${ref.column} = ? where ${ref.column} = ?${ref.where ? ` and ${ref.where}` : ''} returning id`,
          [s, m],
        )
      ).rows.map((r: { id: number }) => r.id) as number[];
      if (ids.length) journal.moved.push({ table: ref.table, column: ref.column, ids, from: m });
    }

    // The address the survivor no longer holds (the merged one, or its own) no longer signs in: its person is told
    // which one does. It stays a match key of the survivor (keys.ts), so a form or an import under it finds it.
    if (input.config) await tellChangedAddresses(trx, input.config, [survivor, merged], next);
    await trx.raw('delete from candidates where id = ?', [m]);
    const COLUMNS = await writableColumns(trx, 'candidates', ['guid', 'created_at', 'updated_at']);
    await trx.raw(
      `update candidates c set (${COLUMNS}) = (select ${COLUMNS} from jsonb_populate_record(null::candidates, ?::jsonb) x),
              updated_at = now() where c.id = ?`,
      [JSON.stringify(next), s],
    );
    const [{ id }] = (
      await trx.raw(
        `insert into candidate_merges (survivor_id, merged_id, merged_by_id, journal, undo_until)
         values (?, ?, ?, ?::jsonb, now() + interval '${UNDO_DAYS} days') returning id`,
        [s, m, input.adminId ?? null, JSON.stringify(journal)],
      )
    ).rows as { id: number }[];
    await refundDoubleGuarantees(trx, id, doubles, input.adminId ? { role: 'admin', id: input.adminId } : 'system');
    // The picture the survivor did not keep is deleted once the undo window closes (pictures.ts).
    await queueDroppedPictures(trx, id, [survivor, merged], next);
    // The survivor's keys as it now is, and its twins found by a find_twins job once the merge commits, as after any
    // write (record.ts): never by the request, whose answer would fail for a saved merge when another merge folds
    // the survivor into a third profile meanwhile (the job then finds no keys of it).
    await recordKeys(trx, [s]);
    return { mergeId: id };
  });
}

/** For each unique index of `table` holding `column` (the primary key aside), its other columns. */
async function uniqueWith(trx: Knex.Transaction, table: string, column: string): Promise<string[][]> {
  const { rows } = await trx.raw(
    `select array(select a.attname::text from unnest(i.indkey) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k
                   where a.attname <> ?) as others
       from pg_index i
      where i.indrelid = ?::regclass and i.indisunique and not i.indisprimary and i.indexprs is null
        and exists (select 1 from unnest(i.indkey) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k where a.attname = ?)`,
    [column, table, column],
  );
  return (rows as { others: string[] }[]).map((r) => r.others);
}

/** A table's columns a restore or a merge writes: all but the id and the generated ones (and `except`). */
export async function writableColumns(knex: Knex, table: string, except: string[] = []): Promise<string> {
  const { rows } = await knex.raw(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = ? and is_generated = 'NEVER' and column_name <> 'id'
        and not column_name = any(?::text[]) order by ordinal_position`,
    [table, except],
  );
  return (rows as { column_name: string }[]).map((r) => `"${r.column_name}"`).join(', ');
}
