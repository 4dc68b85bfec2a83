import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { whatsapp } from '../../features/interviews';
import { deliverWhatsapp } from '../../features/interviews';
import { assertIdPayload } from '../payload';

export function sendWhatsappMessageTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertIdPayload('send_whatsapp_message', payload, 'id');
    await deliverWhatsapp(db(), whatsapp(config), payload.id);
  };
}
