import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { whatsapp, deliverWhatsapp } from '../../features/interviews';
import { assertTaskPayload } from '../payload';

export function sendWhatsappMessageTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('send_whatsapp_message', payload);
    // graphile-worker counts this run in `attempts` before it starts: the last one marks a message still refused failed.
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    await deliverWhatsapp(db(), whatsapp(config), payload.id, { lastAttempt });
  };
}
