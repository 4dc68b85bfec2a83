import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { whatsapp, deliverWhatsapp } from '../../features/interviews';
import { assertTaskPayload } from '../payload';

export function sendWhatsappMessageTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('send_whatsapp_message', payload);
    await deliverWhatsapp(db(), whatsapp(config), payload.id);
  };
}
