/** purge_expired: deletes one-time secrets and sessions that can no longer be used. Safe to run twice. */
import type { Task } from 'graphile-worker';
import { assertTaskPayload } from '../payload';

/** Tables of short-lived rows, kept a day past expiry so support can still see what happened. */
const EXPIRING = ['sessions', 'email_codes', 'signup_drafts', 'social_logins', 'candidate_email_changes'];

export const purgeExpiredTask: Task = async (payload, helpers) => {
  assertTaskPayload('purge_expired', payload);
  const counts: string[] = [];
  for (const table of EXPIRING) {
    const { rowCount } = await helpers.query(`delete from ${table} where expires_at < now() - interval '1 day'`);
    counts.push(`${rowCount ?? 0} ${table}`);
  }
  const hits = await helpers.query("delete from rate_limit_hits where hit_at < now() - interval '1 day'");
  counts.push(`${hits.rowCount ?? 0} rate_limit_hits`);
  helpers.logger.info(`purged ${counts.join(', ')}`);
};
