/**
 * How many documents one person may have read on the one thread that reads every CV and job description, per
 * rate-limit window (CV_UPLOADS_PER_WINDOW): job descriptions count in one bucket, whether a project's file or one
 * uploaded to AI match.
 */
import { actorKey, type Actor } from '../../../schema/roles';
import type { Limit } from '../../auth/rateLimit';
import type { Config } from '../../config';

export const jobDescriptionReads = (config: Config, actor: Actor): Limit => ({
  key: `jd-upload:${actorKey(actor)}`,
  max: config.cv.uploadsPerWindow,
});
