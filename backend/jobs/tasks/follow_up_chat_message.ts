import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { followUp } from '../../features/chat';
import { assertIdPayload, PayloadError } from '../payload';

/** A chat message still unread: the away notification, then the 10-minute email (backend/features/chat/followUp.ts). */
export function followUpChatMessageTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertIdPayload('follow_up_chat_message', payload, 'messageId');
    const stage = (payload as { stage?: unknown }).stage;
    if (stage !== 'away' && stage !== 'email')
      throw new PayloadError('follow_up_chat_message', "{ messageId, stage: 'away' | 'email' }", payload);
    const reached = await followUp(db(), config, payload.messageId, stage);
    helpers.logger.info(`chat message ${payload.messageId}: ${stage} follow-up reached ${reached}`);
  };
}
