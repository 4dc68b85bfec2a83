/** purge_expired: deletes sessions and sign-in codes that can no longer be used. Safe to run twice. */
import type { Task } from 'graphile-worker';

export const purgeExpiredTask: Task = async (_payload, helpers) => {
  const sessions = await helpers.query('delete from sessions where expires_at < now()');
  const codes = await helpers.query("delete from email_codes where expires_at < now() - interval '1 day'");
  helpers.logger.info(`purged ${sessions.rowCount ?? 0} sessions and ${codes.rowCount ?? 0} codes`);
};
