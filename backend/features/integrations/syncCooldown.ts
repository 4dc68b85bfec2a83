/**
 * "Sync now" waits ATS_SYNC_COOLDOWN_MINUTES after a sync of the integration started (whatever started it: the
 * schedule, a connection, an earlier "Sync now"), so no script can run full syncs back to back against the vendor
 * with the company's credentials. A sync already queued is still replaced by the next one under its job key.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import type { Config } from '../../config';
import { AppError } from '../../errors';

/** Refuses a manual sync of integration `id` within the cooldown after its last sync started: 429 saying when it can run. */
export async function assertSyncCooldownOver(knex: Knex, config: Pick<Config, 'ats'>, id: number): Promise<void> {
  const minutes = config.ats.syncCooldownMinutes;
  if (!minutes) return;
  const last = (await knex('integration_runs').where('integration_id', id).max({ at: 'started_at' }).first()) as
    { at: Date | null } | undefined;
  if (!last?.at) return;
  const retryAt = new Date(new Date(last.at).getTime() + minutes * 60_000);
  const waitMs = retryAt.getTime() - Date.now();
  if (waitMs <= 0) return;
  const values = { cooldown: minutes, wait: Math.max(1, Math.ceil(waitMs / 60_000)) };
  throw new AppError(429, 'integrations.syncCooldown', t('integrations.syncCooldown', values), undefined, {
    retryAt: retryAt.toISOString(),
  });
}
