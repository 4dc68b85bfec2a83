import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { deliverRequest, notifyAnswer, notifyScheduled } from '../../features/interviews';
import { assertTaskPayload } from '../payload';

export function sendInterviewRequestTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('send_interview_request', payload);
    if (payload.step === 'deliver') await deliverRequest(db(), config, payload.id);
    else if (payload.step === 'scheduled') await notifyScheduled(db(), config, payload.id);
    else await notifyAnswer(db(), config, payload.id);
  };
}
