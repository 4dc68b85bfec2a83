/** send_whatsapp_message: delivers one WhatsApp outbox row through the adapter. Safe to run twice: a sent or stored row is left alone. */
import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { createKnex } from '../../db/knex';
import { whatsapp } from '../../features/interviews/qualify';
import { deliverWhatsapp } from '../../features/interviews/whatsappOutbox';

export function sendWhatsappMessageTask(config: Config, connectionString: string | undefined): Task {
  return async (payload) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (!Number.isInteger(id)) throw new Error('send_whatsapp_message expects { id: number }');
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      await deliverWhatsapp(knex, whatsapp(config), id as number);
    } finally {
      await knex.destroy();
    }
  };
}
