/**
 * The answer page's buttons under the request: Accept and Decline. A refusal of the time (a 409 on `slot`: another
 * candidate booked it first) is shown above them when the request offers no choice of times to draw it in (one time
 * ahead); once every proposed time is booked, the page says so (in place of the refusal) and offers only Decline.
 * Any other failed acceptance (`failure`, acceptFailure.ts) is said above them too, with what the candidate can do:
 * Accept stays (with "Try again" in the message) while trying again can help, Decline while the request can still
 * be answered, and neither once it cannot (withdrawn, expired, closed, not this link's).
 */
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { t } from '../../../i18n';
import type { ProjectData } from '../../api/interviews';
import type { AcceptFailure } from './acceptFailure';
import { choosing, slotValue, type SlotChoice } from './RequestDetails';

/** Whether the request proposed times and every one still ahead was refused as booked. */
export const noTimeLeft = (data: ProjectData, choice: SlotChoice) =>
  data.kind === 'interview' &&
  data.choosesTime &&
  data.timeSlots.length > 0 &&
  data.timeSlots.every((s) => choice.taken.includes(slotValue(s)));

export function AnswerActions({
  data,
  choice,
  busy,
  failure,
  onApprove,
  onReject,
}: {
  data: ProjectData;
  choice: SlotChoice;
  busy: boolean;
  failure?: AcceptFailure | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  const none = noTimeLeft(data, choice);
  const accept = !none && (failure?.accept ?? true);
  const decline = failure?.decline ?? true;
  return (
    <Stack spacing={2}>
      {failure && (
        <Alert
          severity={failure.accept ? 'error' : 'warning'}
          data-testid="accept-failure"
          data-reason={failure.reason}
          role="alert"
          action={
            failure.accept ? (
              <Button color="inherit" size="small" disabled={busy} onClick={onApprove}>
                {t('portal.interviews.answer.retry')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{failure.title}</AlertTitle>
          {failure.text}
        </Alert>
      )}
      {none ? (
        <Alert severity="warning" data-testid="no-time-left">
          {t('portal.interviews.answer.noTimeLeft')}
        </Alert>
      ) : (
        choice.error &&
        !choosing(data) && (
          <Alert severity="error" data-testid="slot-error">
            {choice.error}
          </Alert>
        )
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {accept && (
          <Button variant="contained" size="large" fullWidth disabled={busy} onClick={onApprove}>
            {t(
              data.kind === 'interview'
                ? 'portal.interviews.answer.approveInterview'
                : 'portal.interviews.answer.approveWhitelist',
            )}
          </Button>
        )}
        {decline && (
          <Button variant="outlined" color="inherit" size="large" fullWidth disabled={busy} onClick={onReject}>
            {t('portal.interviews.answer.reject')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
