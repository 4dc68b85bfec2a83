/** match_alerts: finds the candidates who newly match projects' saved filters and tells their alerts' people. Safe to run twice. */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { runAlerts } from '../../features/alerts';
import { assertTaskPayload } from '../payload';

export function matchAlertsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('match_alerts', payload);
    const r = await runAlerts(db(), config);
    helpers.logger.info(
      `alerts: ${r.changed} changed candidates, ${r.groups} saved searches, ${r.news} news, ${r.dropped} dropped, ${r.told} told`,
    );
  };
}
