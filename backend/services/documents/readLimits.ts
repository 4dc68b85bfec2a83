/**
 * How many documents one person may have read on the one thread that reads every CV and job description, per
 * rate-limit window (CV_UPLOADS_PER_WINDOW): job descriptions count in one bucket, whether a project's file or one
 * uploaded to AI match. A file refused on sight (precheck.ts: past the size, active content, a Word package's shape)
 * is refused before its read is counted, under the limit's lock (takeRead): it costs no read, and one past the limit
 * is refused as such before it is looked at. A file refused by the reading thread itself has used its read.
 */
import type { Knex } from 'knex';
import { actorKey, type Actor } from '../../../schema/roles';
import { enforceRateLimits, type Limit } from '../../auth/rateLimit';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import { failureOf } from './activeContent';
import type { CvType } from './extractText';
import { precheck } from './precheck';
import { READ_REFUSALS } from './readCv';

export const jobDescriptionReads = (config: Config, actor: Actor): Limit => ({
  key: `jd-upload:${actorKey(actor)}`,
  max: config.cv.uploadsPerWindow,
});

/** The person's CV reads (the candidate's own page, an admin's talent form). */
export const cvReads = (config: Config, actor: Actor): Limit => ({
  key: `cv-upload:${actorKey(actor)}`,
  max: config.cv.uploadsPerWindow,
});

/** Throws precheck.ts's refusal of the file as the upload answer on `field` (READ_REFUSALS). */
export function refuseOnSight(config: Config, data: Buffer, type: CvType, field: string): void {
  try {
    precheck(data, type, { maxBytes: config.cv.maxBytes, maxUnpackedBytes: config.cv.maxUnpackedBytes });
  } catch (err) {
    const reason = failureOf(err);
    const key = READ_REFUSALS[reason === 'failed' ? 'unreadable' : reason];
    throw badRequest({ [field]: key }, key);
  }
}

/** Counts one read of the file against `limit`, unless the file is refused on sight (above): then it counts nothing. */
export async function takeRead(
  ctx: { knex: Knex; config: Config },
  limit: Limit,
  file: { data: Buffer; type: CvType; field: string },
): Promise<void> {
  const { knex, config } = ctx;
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, [limit], () =>
    refuseOnSight(config, file.data, file.type, file.field),
  );
}
