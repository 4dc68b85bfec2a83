/**
 * forward_analytics: sends the analytics events not yet forwarded to the product-analytics service
 * (backend/adapters/analytics/forward.ts), batch after batch until none is left. Every minute, and
 * scheduled only when ANALYTICS_URL and ANALYTICS_KEY are set; without them the events stay in
 * analytics_events for the dashboards alone. A failed call fails the job, so graphile-worker retries it
 * with its back-off; the events stay pending meanwhile.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { forwardPending, FORWARD_BATCH } from '../../adapters/analytics/forward';
import type { Config } from '../../config';
import { assertTaskPayload } from '../payload';

/** One run sends at most this many batches, so a long backlog is spread over runs. */
const MAX_BATCHES = 20;

export function forwardAnalyticsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('forward_analytics', payload);
    if (!config.analytics) {
      helpers.logger.info('ANALYTICS_URL is not set: analytics events stay in the database only');
      return;
    }
    let sent = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await forwardPending(db(), config.analytics);
      sent += n;
      if (n < FORWARD_BATCH) break;
    }
    if (sent) helpers.logger.info(`forwarded ${sent} analytics events`);
  };
}
