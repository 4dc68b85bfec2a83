/**
 * /interview-request?irt=<token>&av=approve|reject&m=email|whatsapp: the candidate's answer page
 * (spec sections 2, 4 and 8), made for a phone. It reads the request first (nothing changes on
 * opening: mail scanners open links too), shows the role, the company (or "a company"), the job
 * description and the proposed interview; accepting or declining (with reasons) is a button press. With several
 * proposed times the candidate chooses one before accepting (RequestDetails); a time another candidate booked first
 * (409 on `slot`) is disabled and the candidate chooses again; the confirmation names the time booked. The refusal is
 * shown whatever the number of times (AnswerActions: above the buttons when there is no choice to draw it in), and
 * once every proposed time is booked the page says so instead of offering Accept. An acceptance that fails for any
 * other reason (withdrawn, expired, closed or paused, every time passed, busy, the link, a field, the network or the
 * server: acceptFailure.ts) keeps the request and the chosen time on the page and says in place what happened and
 * what the candidate can do, offering Accept again where trying again can help. A decline that fails keeps the
 * form with what was typed and shows the error in it; only a link that names no request leaves for the link's view.
 * Outcomes: approved, rejection success, already submitted, expired, closed, withdrawn, invalid and the error state.
 * Focus follows the presses (WCAG 2.4.3, 4.1.3): the button pressed goes away, so once the person has pressed one the
 * page moves focus to what replaced it (focusAfterPress) and a screen reader reads it: an outcome's heading, the
 * decline form's heading, the error; back on the request, its title (or the refusal, when Accept is not offered again).
 */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { EmptyState } from '../../components/EmptyState';
import { interviewsApi, type AnswerResult, type ProjectData } from '../../api/interviews';
import { choosing, chosenText, RequestDetails, slotValue, type SlotChoice } from './RequestDetails';
import { AnswerActions } from './AnswerActions';
import { acceptFailure, type AcceptFailure } from './acceptFailure';
import { RejectForm, type RejectErrors } from './RejectForm';

type View =
  | { kind: 'loading' }
  | { kind: 'details'; data: ProjectData; rejecting: boolean }
  | { kind: 'approved'; data: ProjectData; when?: string }
  | { kind: 'rejected' }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'closed' }
  | { kind: 'withdrawn' }
  | { kind: 'invalid' }
  | { kind: 'error' };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The choice a request starts with: its one proposed time, when it has exactly one still ahead. */
const firstChoice = (data: ProjectData): SlotChoice => ({
  value: data.choosesTime && data.timeSlots.length === 1 ? slotValue(data.timeSlots[0]) : null,
  taken: [],
  error: null,
});

/**
 * The choice after the server refused the time (400 or 409 on `slot`), or undefined for any other failure. With one
 * time ahead the server books it unnamed, so a 409 without a chosen value refuses that one.
 */
function refusedChoice(err: unknown, choice: SlotChoice, data: ProjectData): SlotChoice | undefined {
  if (!(err instanceof ApiError) || !err.fields?.slot) return undefined;
  const only = data.timeSlots.length === 1 ? slotValue(data.timeSlots[0]) : null;
  const refused = choice.value ?? only;
  const taken =
    err.status === 409 && refused && !choice.taken.includes(refused) ? [...choice.taken, refused] : choice.taken;
  const error = err.status === 409 ? t('project.interview.errors.slotTaken') : t(err.fields.slot);
  return { value: null, taken, error };
}

/**
 * What a failed decline shows: a request that can no longer be answered (expired, closed, withdrawn) or a link that
 * names none (malformed, unknown, another candidate's) leaves the form for its own view; anything else (a field
 * refused, the records busy, the network or the server down) keeps the form with what was typed, the error in it.
 */
function rejectFailure(err: unknown): { view: View } | { errors: RejectErrors } {
  const view = failureView(err);
  const notTheLink = err instanceof ApiError && err.status === 400 && !err.fields?.interviewRequestToken;
  if (view.kind !== 'error' && !(view.kind === 'invalid' && notTheLink)) return { view };
  const fields = err instanceof ApiError ? err.fields : {};
  const field = (name: string) => Object.entries(fields).find(([key]) => key.startsWith(name))?.[1];
  const reasons = field('userResponse.reasons');
  const comment = field('userResponse.comment');
  if (reasons || comment) return { errors: { reasons: reasons && t(reasons), comment: comment && t(comment) } };
  const busy = err instanceof ApiError && err.code === 'errors.busy';
  return { errors: { form: t(busy ? 'errors.busy' : 'portal.interviews.answer.sendFailed') } };
}

function failureView(err: unknown): View {
  // The company moved on from the candidate since the request was sent: the request is withdrawn, nothing more is said.
  if (err instanceof ApiError && err.code === 'project.interview.errors.withdrawn') return { kind: 'withdrawn' };
  if (err instanceof ApiError && err.status === 410) return { kind: 'expired' };
  // The role closed, or the company stopped, since the request was sent: no answer can be given any more.
  if (err instanceof ApiError && err.code === 'project.interview.errors.projectClosed') return { kind: 'closed' };
  if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 403))
    return { kind: 'invalid' };
  return { kind: 'error' };
}

/**
 * Moves focus, after a press, to what the page shows in place of the button pressed: the first heading of an outcome or
 * of the decline form, the error's alert; on the request, its title or the refusal, only when focus was lost with the
 * button. The target is made focusable from script only (tabindex -1), so it is not a stop when tabbing.
 */
function focusAfterPress(root: HTMLElement | null, view: View, failed: boolean) {
  if (!root || view.kind === 'loading') return;
  const lost = !root.contains(document.activeElement);
  let target: HTMLElement | null;
  if (view.kind === 'details' && view.rejecting) target = root.querySelector('[data-testid=reject-form] h2');
  else if (view.kind === 'details') target = lost ? root.querySelector(failed ? '[role=alert]' : 'h1') : null;
  else target = root.querySelector('h2, [role=alert]');
  if (!target) return;
  target.setAttribute('tabindex', '-1');
  target.focus();
}

export function InterviewRequestPage() {
  const [params] = useSearchParams();
  const token = params.get('irt') ?? '';
  const method = params.get('m') === 'whatsapp' ? 'whatsapp' : 'email';
  const wantsReject = params.get('av') === 'reject';
  const [view, setView] = useState<View>(() => (TOKEN.test(token) ? { kind: 'loading' } : { kind: 'invalid' }));
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<SlotChoice>({ value: null, taken: [], error: null });
  const [rejectErrors, setRejectErrors] = useState<RejectErrors>({});
  const [failure, setFailure] = useState<AcceptFailure | null>(null);
  const root = useRef<HTMLDivElement>(null);
  /** Set by the first press: from then on, what a press leaves on the page takes the focus. */
  const pressed = useRef(false);
  const press = () => void (pressed.current = true);

  useEffect(() => {
    if (pressed.current) focusAfterPress(root.current, view, failure !== null);
  }, [view, failure]);

  const load = useCallback(async () => {
    if (!TOKEN.test(token)) return setView({ kind: 'invalid' });
    setView({ kind: 'loading' });
    try {
      const res = await interviewsApi.check(token, method);
      if (!res.success) return setView({ kind: 'error' });
      // A used link answers its outcome only: its project data is a stub, or none, and is not read.
      if (res.isTokenUsed) return setView({ kind: 'used' });
      setChoice(firstChoice(res.projectData));
      setView({ kind: 'details', data: res.projectData, rejecting: wantsReject });
    } catch (err) {
      setView(failureView(err));
    }
  }, [token, method, wantsReject]);

  useEffect(() => {
    void load();
  }, [load]);

  const answered = (res: AnswerResult, next: View) => {
    // Spec section 5: the answer counts only when the server says success.
    if (!res.success) return setView({ kind: 'error' });
    setView(res.isTokenUsed ? { kind: 'used' } : next);
  };

  const approve = async (data: ProjectData) => {
    press();
    if (choosing(data) && !choice.value) return setChoice({ ...choice, error: t('slot.errors.required') });
    const slot = data.kind === 'interview' && data.choosesTime ? (choice.value ?? undefined) : undefined;
    setBusy(true);
    setFailure(null);
    try {
      const res = await interviewsApi.approve(token, method, slot);
      if (!res.success) return setFailure(acceptFailure(undefined));
      answered(res, { kind: 'approved', data, when: slot ? chosenText(data, slot) : undefined });
    } catch (err) {
      // The time refused shows at the time; anything else in place, the request and the choice kept.
      const refused = refusedChoice(err, choice, data);
      if (refused) setChoice(refused);
      else setFailure(acceptFailure(err));
    } finally {
      setBusy(false);
    }
  };

  const reject = async (reasons: string[], comment: string) => {
    press();
    setBusy(true);
    setRejectErrors({});
    try {
      const res = await interviewsApi.reject(token, { reasons, comment: comment.trim() || undefined }, method);
      if (!res.success) return setRejectErrors({ form: t('portal.interviews.answer.sendFailed') });
      answered(res, { kind: 'rejected' });
    } catch (err) {
      const failed = rejectFailure(err);
      if ('view' in failed) setView(failed.view);
      else setRejectErrors(failed.errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout maxWidth="sm">
      <Box ref={root} data-testid="interview-request" data-state={view.kind}>
        {view.kind === 'loading' && (
          <Stack sx={{ alignItems: 'center', py: 8 }} spacing={2}>
            <CircularProgress aria-label={t('portal.interviews.loading')} />
            <Typography color="text.secondary">{t('portal.interviews.loading')}</Typography>
          </Stack>
        )}
        {view.kind === 'details' && (
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Stack spacing={3}>
              <RequestDetails
                data={view.data}
                choice={choice}
                onChoose={(value) => setChoice({ ...choice, value, error: null })}
              />
              {view.rejecting ? (
                <RejectForm
                  busy={busy}
                  errors={rejectErrors}
                  onSubmit={reject}
                  onBack={() => (press(), setRejectErrors({}), setView({ ...view, rejecting: false }))}
                />
              ) : (
                <AnswerActions
                  data={view.data}
                  choice={choice}
                  busy={busy}
                  failure={failure}
                  onApprove={() => void approve(view.data)}
                  onReject={() => (press(), setFailure(null), setView({ ...view, rejecting: true }))}
                />
              )}
            </Stack>
          </Paper>
        )}
        {view.kind === 'approved' && (
          <EmptyState
            icon={<CheckCircleOutline />}
            title={t('portal.interviews.answer.approvedTitle')}
            description={
              view.when
                ? t('portal.interviews.answer.approvedInterviewAt', { when: view.when })
                : t(
                    view.data.kind === 'interview'
                      ? 'portal.interviews.answer.approvedInterview'
                      : 'portal.interviews.answer.approvedWhitelist',
                  )
            }
          />
        )}
        {view.kind === 'rejected' && (
          <EmptyState
            icon={<CheckCircleOutline />}
            title={t('portal.interviews.answer.rejectedTitle')}
            description={t('portal.interviews.answer.rejected')}
          />
        )}
        {view.kind === 'used' && (
          <EmptyState
            icon={<InfoOutlined />}
            title={t('portal.interviews.answer.usedTitle')}
            description={t('portal.interviews.answer.used')}
          />
        )}
        {view.kind === 'expired' && (
          <EmptyState
            icon={<EventBusyOutlined />}
            title={t('portal.interviews.answer.expiredTitle')}
            description={t('portal.interviews.answer.expired')}
          />
        )}
        {view.kind === 'closed' && (
          <EmptyState
            icon={<EventBusyOutlined />}
            title={t('portal.interviews.answer.closedTitle')}
            description={t('project.interview.errors.projectClosed')}
          />
        )}
        {view.kind === 'withdrawn' && (
          <EmptyState
            icon={<EventBusyOutlined />}
            title={t('portal.interviews.answer.withdrawnTitle')}
            description={t('project.interview.errors.withdrawn')}
          />
        )}
        {view.kind === 'invalid' && (
          <EmptyState
            icon={<LinkOffOutlined />}
            title={t('portal.interviews.answer.invalidTitle')}
            description={t('portal.interviews.answer.invalid')}
          />
        )}
        {view.kind === 'error' && (
          <Stack spacing={2}>
            <Alert severity="error" icon={<ErrorOutline />}>
              <Typography sx={{ fontWeight: 600 }}>{t('portal.interviews.answer.errorTitle')}</Typography>
              {t('portal.interviews.answer.error')}
            </Alert>
            <Button variant="outlined" onClick={() => (press(), void load())}>
              {t('portal.interviews.answer.retry')}
            </Button>
          </Stack>
        )}
      </Box>
    </PublicLayout>
  );
}
