/** send_alert_digests: emails the alert digests due now (daily or weekly, 08:00 of each person's time zone). Safe to run twice. */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { sendDueDigests } from '../../features/alerts';
import { assertTaskPayload } from '../payload';

export function sendAlertDigestsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('send_alert_digests', payload);
    const sent = await sendDueDigests(db(), config);
    helpers.logger.info(`alerts: ${sent} digests sent`);
  };
}
