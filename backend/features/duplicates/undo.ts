/**
 * Undoing a merge from its journal, in one transaction: the survivor's values before, the merged
 * row with its own id, the rows added deleted, the rows removed put back, the rows changed as they
 * were, and every moved row returned; then both profiles' insight counts are recomputed from the
 * logs returned (recomputeInsights), as the daily rollup may have rewritten them since; each person
 * told at the merge that another address signs in (the merged one, or the survivor's when it took the
 * merged profile's address) is told theirs does again (emails.ts); the picture the merge left behind
 * comes back with its profile, its deletion called off (pictures.ts). Both profiles' keys are kept in the transaction
 * and their twins found by the find_twins job it queues, after the commit, so nothing after a saved undo can fail its
 * answer (a merge of a restored profile may go on as soon as the undo commits). Allowed
 * within UNDO_DAYS and only while nothing was written about the survivor after the merge (its
 * profile, or a row naming it, a sign-in's activity too), so an undo never throws a later change away; a look (a
 * company's view, a board's seen mark) is no change (since.ts, the console's `undoable` asks the same). Open boards hear
 * of it from the database: rows moved back raise their projects' event, and the returning profile's new search
 * document, written at commit, raises one event per project holding it again (migrations/20261207175500).
 */
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { storedRows } from '../../services/candidateGate';
import { holdRollup, recomputeInsights } from '../dashboards';
import type { Config } from '../../config';
import { tellSeparatedPeople } from './emails';
import { reverseRefunds } from './guarantees';
import { keepDroppedPictures } from './pictures';
import { writableColumns, type Journal } from './merge';
import { recordKeys } from './record';
import { changeCheck, keptMarks } from './since';

interface MergeRow {
  id: number;
  survivor_id: number;
  merged_id: number;
  journal: Journal;
  undo_until: Date;
  undone_at: Date | null;
  created_at: Date;
}

export async function undoMerge(
  knex: Knex,
  mergeId: number,
  adminId?: number,
  config?: Config,
): Promise<{ survivorId: number; mergedId: number }> {
  return knex.transaction(async (trx) => {
    const merge = (await trx.raw('select * from candidate_merges where id = ? for update', [mergeId])).rows[0] as
      MergeRow | undefined;
    if (!merge) throw new AppError(404, 'errors.notFound');
    if (merge.undone_at) throw new AppError(409, 'duplicates.alreadyUndone');
    if (new Date(merge.undo_until).getTime() < Date.now()) throw new AppError(409, 'duplicates.undoExpired');
    // The survivor's own update in the merge is stamped with the merge's time; anything later is new.
    const [afterMerge] = await storedRows(trx, [merge.survivor_id], { forUpdate: true });
    // A look since (a view, a seen mark) is no change (since.ts): the same check tells the console whether to offer it.
    if (await (await changeCheck(trx))(merge.survivor_id, merge.id)) throw new AppError(409, 'duplicates.undoChanged');
    const j = merge.journal;
    // Before the journal's insight counts are written back: a rollup waiting on those rows would wait on this too.
    await holdRollup(trx);

    const candidateCols = await writableColumns(trx, 'candidates');
    await trx.raw(
      `update candidates c set (${candidateCols}) = (select ${candidateCols} from jsonb_populate_record(null::candidates, ?::jsonb) x)
        where c.id = ?`,
      [JSON.stringify(j.survivorBefore), merge.survivor_id],
    );
    await trx.raw(
      `insert into candidates (id, ${candidateCols}) select id, ${candidateCols} from jsonb_populate_record(null::candidates, ?::jsonb)`,
      [JSON.stringify(j.merged)],
    );
    // Rows the merge added (a dismissed pair carried over to the survivor) are deleted; the originals return below.
    for (const add of j.added ?? []) await trx.raw(`delete from ${add.table} where id = any(?::int[])`, [add.ids]);
    // Moved rows first go back, so a removed row that clashed with one can return beside it.
    for (const mv of j.moved)
      await trx.raw(`update ${mv.table} set ${mv.column} = ? where id = any(?::int[])`, [mv.from, mv.ids]);
    // Newest first: a row changed twice in the merge ends as it was before the first change.
    // A seen mark written since on such a row stays: the company did look (since.ts).
    for (const ch of [...j.changed].reverse()) {
      const cols = await writableColumns(trx, ch.table);
      const marks = await keptMarks(
        trx,
        ch.table,
        ch.rows.map((r) => Number(r.id)),
        mergeId,
      );
      for (const row of ch.rows)
        await trx.raw(
          `update ${ch.table} t set (${cols}) = (select ${cols} from jsonb_populate_record(null::${ch.table}, ?::jsonb) x) where t.id = ?`,
          [JSON.stringify(row), Number(row.id)],
        );
      await marks();
    }
    // A row the database wrote again on its own when the merged profile returned (a mark a trigger keeps) stays as it is.
    for (const rm of [...j.removed].reverse()) {
      const cols = await writableColumns(trx, rm.table);
      await trx.raw(
        `insert into ${rm.table} (id, ${cols}) select id, ${cols} from jsonb_populate_recordset(null::${rm.table}, ?::jsonb)
         on conflict do nothing`,
        [JSON.stringify(rm.rows)],
      );
    }
    // The daily rollup may have recomputed, with new ids, days whose insight counts the journal holds: the logs,
    // returned above, say what each profile's are.
    await recomputeInsights(trx, [merge.survivor_id, merge.merged_id]);
    // The merge told the returning person, or the survivor's, another address signs in: their own does again.
    if (config && afterMerge) await tellSeparatedPeople(trx, config, [j.survivorBefore, j.merged], afterMerge);
    // A guarantee the merge refunded as paid twice is the returning profile's again: the refund is taken back (guarantees.ts).
    await reverseRefunds(trx, mergeId);
    // The picture the merge left behind is the returning profile's again: its deletion is called off (pictures.ts).
    await keepDroppedPictures(trx, mergeId);
    await trx.raw('update candidate_merges set undone_at = now(), undone_by_id = ?, updated_at = now() where id = ?', [
      adminId ?? null,
      mergeId,
    ]);
    // Both profiles' keys as they now are, and their twins found by a find_twins job once the undo commits, as after
    // any write (record.ts): never by the request, whose answer would fail for a saved undo when a merge waiting on the
    // survivor's row folds it into another profile meanwhile (the job then finds no keys of it).
    await recordKeys(trx, [merge.survivor_id, merge.merged_id]);
    return { survivorId: merge.survivor_id, mergedId: merge.merged_id };
  });
}
