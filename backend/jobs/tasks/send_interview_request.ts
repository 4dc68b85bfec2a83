import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { deliverRequest, notifyAnswer } from '../../features/interviews';
import { assertIdPayload, PayloadError } from '../payload';

export function assertInterviewRequestPayload(
  payload: unknown,
): asserts payload is { id: number; step: 'deliver' | 'answered' } {
  assertIdPayload('send_interview_request', payload, 'id');
  const step = (payload as { step?: unknown }).step;
  if (step !== 'deliver' && step !== 'answered')
    throw new PayloadError('send_interview_request', "{ id: number, step: 'deliver' | 'answered' }", payload);
}

export function sendInterviewRequestTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertInterviewRequestPayload(payload);
    if (payload.step === 'deliver') await deliverRequest(db(), config, payload.id);
    else await notifyAnswer(db(), config, payload.id);
  };
}
