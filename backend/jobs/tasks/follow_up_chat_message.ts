import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { followUp } from '../../features/chat';
import { assertTaskPayload } from '../payload';

/** A chat message still unread: the away notification, then the 10-minute email (backend/features/chat/followUp.ts). */
export function followUpChatMessageTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('follow_up_chat_message', payload);
    const { stage } = payload;
    const reached = await followUp(db(), config, payload.messageId, stage);
    helpers.logger.info(`chat message ${payload.messageId}: ${stage} follow-up reached ${reached}`);
  };
}
