/**
 * What the answer page says in place when accepting fails for a reason other than the time refused (that one shows
 * at the time, RequestDetails and AnswerActions): the request stays on the page, with what happened and what the
 * candidate can do. Read from the accept route's answers (backend/features/interviews/answer.ts):
 *   410 `withdrawn`          the company moved the candidate on: nothing more to do
 *   410 (`expired`)          past its 3 days, or the candidate may no longer be reached: a new request can be sent
 *   409 `projectClosed`      the role closed, or the project or its company was paused, since the send
 *   409 `noTimeLeft`         every proposed time has passed: new times can be asked for, or the request declined
 *   409 `errors.busy`        the records were busy: trying again is the answer
 *   404 / 400 on the token   the link names no request
 *   403 `notYours`           the request is another candidate's (signed in as someone else)
 *   429                      too many tries: wait, then try again
 *   400 / 422 on a field     the field's own message (`slot` never comes here: it is shown at the time)
 *   no answer, 5xx           the network or the server: the choice is kept, and trying again sends it again
 * `accept` says whether Accept is still offered (to try again), `decline` whether Decline is.
 */
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';

export type FailureReason =
  | 'withdrawn'
  | 'expired'
  | 'closed'
  | 'noTimeLeft'
  | 'busy'
  | 'invalid'
  | 'notYours'
  | 'tooMany'
  | 'field'
  | 'network'
  | 'server';

export interface AcceptFailure {
  reason: FailureReason;
  title: string;
  text: string;
  accept: boolean;
  decline: boolean;
}

/** Reasons after which the request can no longer be answered at all. */
const FINAL: FailureReason[] = ['withdrawn', 'expired', 'closed', 'invalid', 'notYours'];

function failure(reason: FailureReason, text?: string): AcceptFailure {
  const final = FINAL.includes(reason);
  return {
    reason,
    title: t(`portal.interviews.answer.acceptFailed.${reason}.title`),
    text: text ?? t(`portal.interviews.answer.acceptFailed.${reason}.text`),
    accept: !final && reason !== 'noTimeLeft',
    decline: !final,
  };
}

function reasonOf(err: unknown): FailureReason {
  if (err === undefined) return 'server';
  if (!(err instanceof ApiError) || err.status === 0) return 'network';
  if (err.code === 'project.interview.errors.withdrawn') return 'withdrawn';
  if (err.status === 410) return 'expired';
  if (err.code === 'project.interview.errors.projectClosed') return 'closed';
  if (err.code === 'project.errors.noTimeLeft') return 'noTimeLeft';
  if (err.code === 'errors.busy') return 'busy';
  if (err.status === 429) return 'tooMany';
  if (err.status === 403) return 'notYours';
  if (err.status === 404 || err.fields?.interviewRequestToken) return 'invalid';
  if (err.status === 400 || err.status === 422) return 'field';
  return 'server';
}

/** What a failed acceptance (a thrown call, or an answer without success: `undefined`) shows in place. */
export function acceptFailure(err: unknown): AcceptFailure {
  const reason = reasonOf(err);
  if (reason !== 'field') return failure(reason);
  const messages = Object.values((err as ApiError).fields ?? {}).map((key) => t(key));
  return failure('field', messages.length ? messages.join(' ') : undefined);
}
