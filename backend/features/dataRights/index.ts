/**
 * Candidates' data rights: a candidate asks from their profile page to be erased (confirmed by an
 * emailed code, after a cooling-off period they may cancel); admins see the queue in the console,
 * hold a request with a recorded reason and carry it out; the carry_out_erasures job carries out
 * the due ones. An erasure removes the person everywhere and keeps their history's counts
 * (erase.ts); once it has committed, the erase_ats_records job erases the person in companies'
 * ATSs with the vendor's own call where there is one (Greenhouse, Ashby) and emails each company
 * the records left for it to erase (atsRecords.ts); the records are every application the product placed for the
 * person, those left on jobs their projects were relinked away from too (eraseAts.ts); every step is written to the append-only data rights log (log.ts). A candidate
 * downloads a copy of everything held about them, prepared by the prepare_data_export job and
 * reached through an emailed, expiring link (export/); admins produce the same for a request
 * received elsewhere. A candidate asks for a correction of a field only admins write, and an admin
 * applies or declines it (correction.ts).
 */
import type { Knex } from 'knex';
import type { Endpoint } from '../../endpoints/define';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { logger } from '../../logger';
import { carryOut, dueRequests, queueEndpoints, stillDue } from './queue';
import { requestEndpoints } from './requests';
import { correctionEndpoints } from './correction';
import { exportEndpoints } from './export/endpoints';
import { consentEndpoints } from './consents';

export { prepareExport as prepareDataExport } from './export/prepare';
export { applyRetention } from './retention';
export { eraseAtsRecords } from './atsRecords';
export { deleteErasedFiles } from './erase';
export { noticeGate } from './noticeGate';

export function dataRightsEndpoints(): Endpoint[] {
  return [...requestEndpoints, ...queueEndpoints, ...exportEndpoints, ...correctionEndpoints, ...consentEndpoints];
}

/**
 * Carries out every due erasure not on hold, each in its own transaction; returns how many. Each is
 * checked again under its lock, so one held (or cancelled) after the listing is skipped.
 */
export async function carryOutDueErasures(knex: Knex, config: Config, now = new Date()): Promise<number> {
  let done = 0;
  for (const requestId of await dueRequests(knex, now)) {
    try {
      await carryOut(knex, config, requestId, undefined, stillDue(now));
      done += 1;
    } catch (err) {
      // Held, cancelled or erased since it was listed: it is no longer the job's to carry out.
      if (err instanceof AppError && err.status === 409) {
        logger.info({ requestId, reason: err.code }, 'an erasure request is no longer due; skipped');
        continue;
      }
      // One failure leaves the request due: the next run tries it again, the others still go.
      logger.error({ err: (err as Error).message, requestId }, 'an erasure could not be carried out');
    }
  }
  return done;
}
