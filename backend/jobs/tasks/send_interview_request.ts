/**
 * send_interview_request: `deliver` puts a request's email (and WhatsApp message) in the outboxes;
 * `answered` tells the project's owner and advocate the answer and sends calendar invitations.
 * Safe to run twice: each step is marked done on the request in the same transaction.
 */
import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { createKnex } from '../../db/knex';
import { deliverRequest, notifyAnswer } from '../../features/interviews/delivery';

export function assertInterviewRequestPayload(payload: unknown): asserts payload is { id: number; step: 'deliver' | 'answered' } {
  const p = payload as { id?: unknown; step?: unknown } | null;
  if (!p || !Number.isInteger(p.id) || (p.step !== 'deliver' && p.step !== 'answered')) {
    throw new Error("send_interview_request expects { id: number, step: 'deliver' | 'answered' }");
  }
}

export function sendInterviewRequestTask(config: Config, connectionString: string | undefined): Task {
  return async (payload) => {
    assertInterviewRequestPayload(payload);
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      if (payload.step === 'deliver') await deliverRequest(knex, config, payload.id);
      else await notifyAnswer(knex, config, payload.id);
    } finally {
      await knex.destroy();
    }
  };
}
