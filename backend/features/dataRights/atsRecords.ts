/**
 * The erased person's records in companies' ATSs: the erase_ats_records job, queued by the erasure
 * in its own transaction, so it runs only once the erasure has committed. A person the product
 * created in a connected ATS whose vendor has a public erase call (Greenhouse's
 * `DELETE /candidates/{id}`, Ashby's `candidate.anonymize`) is erased there with it, unless the vendor, following
 * the record's application (Ashby, Greenhouse), finds it filed under another person now (merged there before a sync
 * followed the merge): the record then names that person and is listed for the company, as it is once a sync has
 * followed it (a person the product did not make), never counted as erased for a not-found of the merged id. A vendor
 * without the call that says whom an application is filed under (Lever, `personOf`) is asked too, so a record merged
 * there into another contact is listed under that contact as not made here, never under the merged-away id; every
 * record's outcome is written into the erasure request's report as it is known, so a retry calls only what
 * is still open. A vendor that cannot be reached or limits the rate is tried again by the job's
 * retries (graphile-worker's backoff, ERASE_ATS_ATTEMPTS in all, some half an hour); a refusal, or
 * the last attempt's failure, is final. Once every record is settled, each company is emailed the
 * records left in its ATS (vendors without the call, Lever and Workable; a person the company
 * already held before the product sent them; a failed call) and the data rights log records the
 * counts (atsRecordsErased). Reasons are codes and HTTP statuses, never the vendor's words, which
 * could quote the person.
 */
import type { Knex } from 'knex';
import { MANAGING_SUB_ROLES } from '../../../schema/roles';
import { ATS_KINDS } from '../../../schema/rules/ats';
import { AtsError, type AtsErasure } from '../../adapters/ats';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { queueEmail } from '../../services/mail/outbox';
import { queueJob } from '../../services/queue';
import { personEraser, type PersonEraser } from '../integrations';
import { atsRecordsToEraseEmail } from './emails';
import type { AtsRecord, ErasureReport } from './erase';
import { logDataRights } from './log';

/** Attempts of the job: its backoff spreads them over about half an hour. */
export const ERASE_ATS_ATTEMPTS = 8;

/** Queues the job for an erasure request whose report lists ATS records, in the erasure's transaction. */
export async function queueAtsErasure(trx: Knex.Transaction, requestId: number): Promise<void> {
  await queueJob(
    trx,
    'erase_ats_records',
    // Not `requestId`: that key carries the id of the HTTP request that queued a job.
    { erasureId: requestId },
    { jobKey: `erase_ats_records:${requestId}`, maxAttempts: ERASE_ATS_ATTEMPTS },
  );
}

type Result = Pick<AtsRecord, 'outcome' | 'reason' | 'remoteCandidateId' | 'personCreated'>;

type Eraser = (id: string, remoteId?: string) => Promise<AtsErasure | void>;

/**
 * Calls the vendor for one person, following their application where the vendor does; undefined outcome: a passing
 * fault, to be tried again.
 */
async function eraseOne(erase: Eraser, r: AtsRecord, lastAttempt: boolean): Promise<Result> {
  try {
    const filed = await erase(r.remoteCandidateId!, r.remoteId || undefined);
    // Filed under another person now (merged in the ATS before a sync followed it): listed, as after that sync.
    if (filed)
      return { outcome: 'listed', reason: 'notCreatedHere', remoteCandidateId: filed.filedUnder, personCreated: false };
    return { outcome: 'erased' };
  } catch (err) {
    const passing = err instanceof AtsError && (err.code === 'unavailable' || err.code === 'rateLimited');
    logger.warn({ err: err instanceof AtsError ? err.code : 'error', passing }, 'an ATS refused to erase a person');
    if (passing && !lastAttempt) return {};
    return {
      outcome: 'failed',
      reason: err instanceof AtsError ? `${err.code}${err.status ? ` ${err.status}` : ''}` : 'error',
    };
  }
}

/**
 * A record of a person the product made, in an ATS without an erase call: listed for the company, under the person
 * the vendor files its application under now when that is another (merged there into a person the product did not
 * make). A vendor that cannot say (or fails to) leaves it listed as it was.
 */
async function listedOnly(personOf: PersonEraser['personOf'], r: AtsRecord): Promise<Result> {
  const holder =
    personOf && r.remoteId
      ? await personOf(r.remoteId).catch((err: unknown) => {
          logger.warn(
            { err: err instanceof AtsError ? err.code : 'error' },
            'an ATS did not say whom a record is under',
          );
          return null;
        })
      : null;
  if (holder && holder !== r.remoteCandidateId)
    return { outcome: 'listed', reason: 'notCreatedHere', remoteCandidateId: holder, personCreated: false };
  return { outcome: 'listed', reason: 'noEraseCall' };
}

/** Settles what it can of the request's ATS records; answers how many are still open (to retry). */
async function settle(knex: Knex, config: Config, records: AtsRecord[], lastAttempt: boolean): Promise<number> {
  const erasers = new Map<number, PersonEraser | undefined | 'broken'>();
  const byPerson = new Map<string, Result>();
  let open = 0;
  for (const r of records) {
    if (r.outcome) continue;
    let result: Result;
    if (!r.personCreated || !r.remoteCandidateId) result = { outcome: 'listed', reason: 'notCreatedHere' };
    else {
      if (!erasers.has(r.integrationId))
        erasers.set(r.integrationId, await personEraser(knex, config, r.integrationId).catch(() => 'broken' as const));
      const calls = erasers.get(r.integrationId);
      const key = `${r.integrationId}:${r.remoteCandidateId}`;
      if (calls === 'broken') result = { outcome: 'failed', reason: 'credentials' };
      else if (!calls?.erase) result = await listedOnly(calls?.personOf, r);
      else {
        // Two applications of one person: one call.
        if (!byPerson.has(key)) byPerson.set(key, await eraseOne(calls.erase, r, lastAttempt));
        result = byPerson.get(key)!;
      }
    }
    if (!result.outcome) open += 1;
    else Object.assign(r, result, { settledAt: new Date().toISOString() });
  }
  return open;
}

/** Each company with records left in its ATS is emailed their ids (owners and admins). */
async function tellCompanies(trx: Knex.Transaction, config: Config, records: AtsRecord[]): Promise<void> {
  const byCompany = new Map<number, { left: { ats: string; remoteId: string }[]; erased: number }>();
  for (const r of records) {
    const entry = byCompany.get(r.companyId) ?? { left: [], erased: 0 };
    if (r.outcome === 'erased') entry.erased += 1;
    else
      entry.left.push({
        ats: ATS_KINDS.find((k) => k.key === String(r.kind))?.label ?? String(r.kind),
        remoteId: r.remoteId,
      });
    byCompany.set(r.companyId, entry);
  }
  for (const [companyId, { left, erased }] of byCompany) {
    if (!left.length) continue;
    const people = await trx('company_users')
      .where({ company_id: companyId, status: 1 })
      .whereIn('role', MANAGING_SUB_ROLES)
      .pluck('email');
    for (const to of people as string[]) await queueEmail(trx, { to, ...atsRecordsToEraseEmail(config, left, erased) });
  }
}

/** One record of a report: its integration, application and person. */
const recordKey = (r: AtsRecord) => `${r.integrationId}:${r.remoteId}:${r.remoteCandidateId ?? ''}`;

/**
 * The job: settles the request's ATS records and, once all are settled, tells the companies and
 * logs it. Throws while a record waits for a retry, so graphile-worker tries again later. The
 * vendor's calls are made without a lock; their outcomes are then merged, by record, into the
 * report as it stands under the row's lock (SELECT ... FOR UPDATE): a record a sync added meanwhile
 * (integrations/syncGuard.ts, under the same lock) is kept, open, for the job it queued.
 */
export async function eraseAtsRecords(knex: Knex, config: Config, requestId: number, lastAttempt: boolean) {
  const row = await knex('erasure_requests').where('id', requestId).first('candidate_id', 'report');
  const read = row?.report as ErasureReport | null | undefined;
  if (!read?.atsRecords?.length || read.atsRecords.every((r) => r.outcome)) return;
  // Keyed as the report lists them: settling may name the person a record is filed under now.
  const keys = new Map(read.atsRecords.map((r) => [r, recordKey(r)]));
  await settle(knex, config, read.atsRecords, lastAttempt);
  const settled = new Map(read.atsRecords.filter((r) => r.outcome).map((r) => [keys.get(r)!, r]));
  const open = await knex.transaction(async (trx) => {
    const now = await trx('erasure_requests').where('id', requestId).forUpdate().first('report');
    const report = (now?.report ?? read) as ErasureReport;
    report.atsRecords = (report.atsRecords ?? []).map((r) => {
      const done = r.outcome ? undefined : settled.get(recordKey(r));
      if (!done) return r;
      const { outcome, reason, settledAt, remoteCandidateId, personCreated } = done;
      return { ...r, outcome, reason, settledAt, remoteCandidateId, personCreated };
    });
    await trx('erasure_requests')
      .where('id', requestId)
      .update({ report: JSON.stringify(report), updated_at: new Date() });
    const left = report.atsRecords.filter((r) => !r.outcome).length;
    if (left) return left;
    await tellCompanies(trx, config, report.atsRecords);
    const count = (o: AtsRecord['outcome']) => report.atsRecords.filter((r) => r.outcome === o).length;
    await logDataRights(trx, row.candidate_id, 'atsRecordsErased', undefined, {
      requestId,
      erased: count('erased'),
      listed: count('listed'),
      failed: count('failed'),
    });
    return 0;
  });
  if (open)
    throw new Error(`${open} ATS records of erasure request ${requestId} wait for their vendor; tried again later`);
}
