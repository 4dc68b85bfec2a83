/** expire_interview_requests: requests still unanswered past their expiry (3 days) become expired. Hourly; safe to run twice. */
import type { Task } from 'graphile-worker';
import { REQUEST_STATE } from '../../../schema/rules/pipeline';
import { assertTaskPayload } from '../payload';

export const expireInterviewRequestsTask: Task = async (payload, helpers) => {
  assertTaskPayload('expire_interview_requests', payload);
  const { rowCount } = await helpers.query(
    'update interview_requests set state = $1, updated_at = now() where state = $2 and expires_at <= now()',
    [REQUEST_STATE.expired, REQUEST_STATE.sent],
  );
  helpers.logger.info(`expired ${rowCount ?? 0} interview requests`);
};
