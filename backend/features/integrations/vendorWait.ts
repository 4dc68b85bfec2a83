/**
 * A vendor that asks the product to wait (a 429 whose Retry-After or rate-limit reset is longer than
 * a run waits, a spent rate limit's reset as far off, or 429s still answered once the retries are
 * spent: adapters/ats/http.ts) ends the run's calls to it at once: the records not yet sent are neither
 * sent nor failed, they stay for the sync the run queues for that time (graphile-worker runs it then);
 * the run's report says the vendor asked to wait and until when, and nobody is told of a failure;
 * no run of the integration starts before then. The time is kept on the
 * integration, in its settings (`waitUntil`, an ISO time), and cleared by the next run that ends
 * without such a wait. A sync queued meanwhile (by hand or by the schedule) is put off to that time
 * instead of calling the vendor early.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { atsKind, RUN_TRIGGER } from '../../../schema/rules/ats';
import { AtsError } from '../../adapters/ats';
import { queueSync, type IntegrationRow } from './store';

const KEY = 'waitUntil';

/** A rate limit that said not until when (a token endpoint's bare 429): the vendor is left alone this long. */
const UNSAID_WAIT_MS = 60_000;

/** The wait a vendor asked for, when an error is one: the time it may be called again (any rate limit is one). */
export const waitAsked = (err: unknown): Date | undefined =>
  err instanceof AtsError && err.code === 'rateLimited'
    ? (err.retryAt ?? new Date(Date.now() + UNSAID_WAIT_MS))
    : undefined;

/** Until when the integration's vendor asked not to be called, if that time is still to come. */
export function waitingUntil(row: Pick<IntegrationRow, 'settings'>, now = Date.now()): Date | undefined {
  const at = typeof row.settings?.[KEY] === 'string' ? Date.parse(row.settings[KEY] as string) : NaN;
  return Number.isNaN(at) || at <= now ? undefined : new Date(at);
}

/** Puts a sync asked for during a vendor's wait off to the end of the wait, under the integration's one job key. */
export async function putOff(db: Knex, row: IntegrationRow, trigger: number, until: Date): Promise<void> {
  const kind = trigger === RUN_TRIGGER.manual ? RUN_TRIGGER.manual : RUN_TRIGGER.schedule;
  await queueSync(db, row.id, kind, until);
}

/** The settings update that keeps the wait asked for, or clears an earlier one (none: the vendor answered). */
export function settingsWith(db: Knex, until: Date | undefined): Knex.Raw {
  return until
    ? db.raw(`coalesce(settings, '{}'::jsonb) || jsonb_build_object(?::text, ?::text)`, [KEY, until.toISOString()])
    : db.raw('settings - ?::text', [KEY]);
}

/** What the run's report says of the wait. */
export function waitNote(row: Pick<IntegrationRow, 'kind'>, until: Date): string {
  const values = { ats: atsKind(row.kind)?.label ?? row.kind, until: until.toISOString() };
  return t('integrations.vendorAskedToWait', values);
}
