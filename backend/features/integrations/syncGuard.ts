/**
 * What keeps a sync from undoing an erasure that happens while it runs. A sync reads the project's
 * candidates once and then spends minutes on the vendor's calls; an erasure (dataRights/erase.ts)
 * locks the candidate's row FOR UPDATE, unlinks the candidate's ATS records and cleans the run logs.
 * Every step below takes the candidate's row FOR KEY SHARE, which that lock conflicts with, so it
 * runs either wholly before the erasure (which then sees and unlinks what it wrote) or after it
 * (and sees the candidate erased):
 * - before a candidate is pushed, they are read again: an erased candidate, or one who withdrew
 *   their consent to be sent to an ATS, is not sent;
 * - the link of a record just created is written only if the candidate is still there; a person
 *   erased during the vendor's call gets no link: the record is added to their erasure's report and
 *   the erase_ats_records job queued again, so the vendor's own call erases it (or it is listed);
 * - the run log leaves out the entries of candidates erased during the run.
 * A failed run tells the integration's managers only when the run before it did not fail the same
 * way: a vendor down for a day is one notification, not one an hour; likewise refused records only when one of them
 * did not fail the same way in the run before (a record stuck on one refusal is told once, until it changes).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { RUN_STATUS } from '../../../schema/rules/ats';
import { consentWithdrawnSql } from '../../../schema/rules/consents';
import { ERASURE_STATUS } from '../../../schema/rules/dataRights';
import type { AtsPlacement } from '../../adapters/ats';
import { logger } from '../../logger';
import { queueJob } from '../../services/queue';
import type { IntegrationRow } from './store';

/** Attempts of the erase_ats_records job, as the erasure queues it (dataRights/atsRecords.ts, ERASE_ATS_ATTEMPTS). */
const ERASE_ATS_ATTEMPTS = 8;

/** SQL true when candidate `c` was erased: an erasure carried out (its status is written in the erasure's transaction). */
const ERASED_SQL = `exists (select 1 from erasure_requests r where r.candidate_id = c.id and r.status = ?)`;
const ERASED_BINDINGS = [ERASURE_STATUS.erased];

/** Of `ids`, those erased (or gone); their rows stay locked FOR KEY SHARE until `trx` ends. */
export async function erasedOf(trx: Knex.Transaction, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await trx.raw<{ rows: { id: number; erased: boolean }[] }>(
    `select c.id, ${ERASED_SQL} as erased from candidates c where c.id = any(?::int[]) for key share of c`,
    [...ERASED_BINDINGS, ids],
  );
  const there = new Map(rows.map((r) => [r.id, r.erased]));
  return new Set(ids.filter((id) => there.get(id) !== false));
}

/** Whether the candidate may still be sent: not erased, and still consenting to be sent to ATSs. */
export async function stillSendable(db: Knex, candidateId: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    if ((await erasedOf(trx, [candidateId])).size) return false;
    const { rows } = await trx.raw<{ rows: { withdrawn: boolean }[] }>(
      `select ${consentWithdrawnSql('sentToAts', 'c')} as withdrawn from candidates c where c.id = ?`,
      [candidateId],
    );
    return rows.length > 0 && !rows[0].withdrawn;
  });
}

/** A record made in the ATS for a person erased during the vendor's call: added to their erasure and its job queued again. */
async function queueRemoteErasure(
  trx: Knex.Transaction,
  row: IntegrationRow,
  candidateId: number,
  placed: AtsPlacement,
): Promise<void> {
  const request = await trx('erasure_requests')
    .where({ candidate_id: candidateId, status: ERASURE_STATUS.erased })
    .orderBy('id', 'desc')
    .forUpdate()
    .first('id', 'report');
  if (!request) {
    logger.warn(
      { integrationId: row.id, remoteId: placed.remoteId },
      'an ATS record of an erased person has no erasure',
    );
    return;
  }
  const report = (request.report ?? {}) as { atsRecords?: unknown[] };
  report.atsRecords = [
    ...(report.atsRecords ?? []),
    {
      integrationId: row.id,
      companyId: row.company_id,
      kind: row.kind,
      remoteId: placed.remoteId,
      remoteCandidateId: placed.candidateId ?? null,
      personCreated: placed.found === 'new',
    },
  ];
  await trx('erasure_requests')
    .where('id', request.id)
    .update({ report: JSON.stringify(report), updated_at: new Date() });
  await queueJob(
    trx,
    'erase_ats_records',
    { erasureId: request.id as number },
    { jobKey: `erase_ats_records:${request.id}`, maxAttempts: ERASE_ATS_ATTEMPTS },
  );
}

/**
 * Writes the link of a record just placed in the ATS, unless the candidate was erased meanwhile:
 * then the record goes to the erasure instead. Answers whether the link was written.
 */
export async function linkUnlessErased(
  db: Knex,
  row: IntegrationRow,
  candidateId: number,
  placed: AtsPlacement,
  write: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    if ((await erasedOf(trx, [candidateId])).size) {
      await queueRemoteErasure(trx, row, candidateId, placed);
      return false;
    }
    await write(trx);
    return true;
  });
}

/** Whether a run ending in `error` is news: the run before it did not fail the same way (refused credentials or not). */
export async function failureIsNew(
  trx: Knex.Transaction,
  integrationId: number,
  runId: number,
  error: string,
): Promise<boolean> {
  const previous = await trx('integration_runs')
    .where('integration_id', integrationId)
    .where('id', '<', runId)
    .whereNot('status', RUN_STATUS.running)
    .orderBy('id', 'desc')
    .first('status', 'error');
  if (!previous || previous.status !== RUN_STATUS.failed || !previous.error) return true;
  const auth = t('integrations.authError');
  return (previous.error === auth) !== (error === auth);
}

/** A run log entry's identity for telling stuck records apart: its project, candidate, outcome and reason. */
const entryKey = (e: { project?: unknown; candidate?: unknown; outcome?: unknown; reason?: unknown }) =>
  JSON.stringify([e.project, e.candidate, e.outcome, e.reason ?? null]);

/**
 * Whether a run's failed records are news: one of them did not fail the same way (same record, same reason) in the
 * run before it. A record stuck on the same refusal run after run is told once, until it changes or succeeds.
 */
export async function recordFailuresAreNew(
  trx: Knex.Transaction,
  integrationId: number,
  runId: number,
  entries: { outcome: string }[],
): Promise<boolean> {
  const previous = await trx('integration_runs')
    .where('integration_id', integrationId)
    .where('id', '<', runId)
    .whereNot('status', RUN_STATUS.running)
    .orderBy('id', 'desc')
    .first('entries');
  const before = new Set(
    ((previous?.entries ?? []) as { outcome?: string }[]).filter((e) => e.outcome === 'failed').map(entryKey),
  );
  return entries.some((e) => e.outcome === 'failed' && !before.has(entryKey(e)));
}
