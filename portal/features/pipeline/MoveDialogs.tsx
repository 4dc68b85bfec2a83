/**
 * The dialogs a move can open (spec section 2, project detail): reject reason, schedule, reveal (single, skip, bulk), upgrade and guarantee.
 * The upgrade and the guarantee say what the charge will really do for the project's company: nothing for a
 * project no plan binds (schema/rules/plans.ts), nothing during the company's free trial, the price from its
 * balance, or that its balance is short (schema/rules/credits.ts). A guarantee of several candidates is priced
 * as that many guarantees, and when the balance cannot pay them all its confirmation cannot be pressed (each is
 * charged in turn, so a part would be charged and nobody moved); moving on without the guarantee stays open.
 * The reason and schedule forms stay open, pending, while the move is sent; a refusal shows inside them with what was
 * typed kept, the server's field errors (`fields`, 'scheduleFormData.meetingLink') beside their fields.
 */
import { Alert, Button, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { lazy, useState } from 'react';
import { OnDemand } from '../../components/OnDemand';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { chargeOutlook, fromHalves, PLAN_CHARGES, toHalves } from '../../../schema/rules/credits';
import { formatDate } from '../../../schema/rules/dates';
import { plansApply } from '../../../schema/rules/plans';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { useAuth } from '../../app/auth/authContext';
import { PATHS } from '../../app/paths';
import type { ProjectDetail, RejectData, ScheduleData } from '../../api/pipeline';
import { KnownInAtsList } from '../integrations/KnownInAts';
import { useRaasStatus } from '../projects/PlanChoice';
import { recallSchedule } from './scheduleMemory';
import { stageLabel } from './stageKeys';
import { nameOf, revealsToCompany, staysAnonymous, type Prompt } from './useMoveFlow';

// The schedule form and its validation (zod) load when a move first asks for it, not with the project's page.
const ScheduleDialog = lazy(() => import('./ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })));

/** Reject reasons, sent as their key (labels in portal.pipeline.reject.reasons). */
const REASONS = ['skills', 'experience', 'salary', 'location', 'candidate', 'other'] as const;

/** The server's field errors under `prefix` ('scheduleFormData'), as texts by the form's own field names. */
function formFields(fields: Record<string, string> | undefined, prefix: string): Record<string, string> {
  const of = Object.entries(fields ?? {}).filter(([f]) => f.startsWith(`${prefix}.`));
  return Object.fromEntries(of.map(([f, key]) => [f.slice(prefix.length + 1), t(key)]));
}

function RejectDialog({
  count,
  name,
  busy,
  draft,
  error,
  fields,
  onConfirm,
  onClose,
}: {
  count: number;
  name: string;
  busy: boolean;
  draft?: RejectData;
  error?: string;
  fields: Record<string, string>;
  onConfirm(d: RejectData): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState(draft?.reason ?? '');
  const [comment, setComment] = useState(draft?.comment ?? '');
  const [tried, setTried] = useState(false);
  // Escape, a click outside and Cancel ask before throwing away a reason or comment, as the schedule form does.
  const [start] = useState({ reason, comment });
  const guard = useDiscardGuard(!busy && (Boolean(draft) || changedFrom({ reason, comment }, start)), onClose);
  const submit = () => {
    setTried(true);
    if (reason) onConfirm({ reason, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  return (
    <>
      <ConfirmDialog
        open
        wide
        title={count > 1 ? t('portal.pipeline.reject.titleMany', { n: count }) : t('portal.pipeline.reject.title')}
        message={count > 1 ? '' : name}
        confirmLabel={t('portal.pipeline.reject.confirm')}
        destructive
        busy={busy}
        onConfirm={submit}
        onClose={guard.requestClose}
      >
        <Stack spacing={2} sx={{ mt: 2 }}>
          <TextField
            select
            label={t('portal.pipeline.reject.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={(tried && !reason) || Boolean(fields.reason)}
            helperText={tried && !reason ? t('portal.pipeline.schedule.required') : fields.reason}
            required
            slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
          >
            {REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`portal.pipeline.reject.reasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('portal.pipeline.reject.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value.slice(0, 1000))}
            multiline
            minRows={2}
            error={Boolean(fields.comment)}
            helperText={fields.comment}
          />
          {busy && <LinearProgress data-testid="prompt-pending" />}
          {error && (
            <Alert severity="error" data-testid="prompt-error">
              {error}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
      {guard.prompt}
    </>
  );
}

interface Props {
  prompt: Prompt | undefined;
  busy: boolean;
  error?: string;
  /** The server's field errors of a refused move, message keys by field. */
  fields?: Record<string, string>;
  isRaas: boolean;
  /** The mover is an admin: a reveal is to the project's company, not theirs. */
  isAdmin?: boolean;
  /** The project: whether a plan binds it, and the company whose trial and balance the charged steps speak of. */
  project?: Pick<ProjectDetail, 'projectType' | 'company' | 'advocate'>;
  resolve(answer?: { reject?: RejectData; schedule?: ScheduleData; withoutGuarantee?: boolean }): void;
  cancel(): void;
}

/**
 * The text and button of a charged step, from what the charge will do; the plain price while that is unknown. A
 * guarantee of `n` candidates is priced as n guarantees, each of them charged in turn: the balance must cover them all.
 */
function chargeWords(
  kind: 'upgrade' | 'guarantee',
  status: ReturnType<typeof useRaasStatus>['status'],
  included: boolean,
  n = 1,
) {
  const K = `portal.pipeline.${kind}`;
  const many = kind === 'guarantee' && n > 1 ? 'Many' : '';
  const each = kind === 'upgrade' ? PLAN_CHARGES.upgrade : PLAN_CHARGES.guarantee;
  const total = fromHalves(toHalves(each) * n);
  const values = {
    n,
    amount: each,
    total,
    balance: status?.balance ?? 0,
    date: formatDate(status?.trialEndsAt ?? null) ?? '',
  };
  if (included)
    return {
      text: t(`${K}.textIncluded${many}`, values),
      confirm: t(`${K}.confirmIncluded${many}`, values),
      short: false,
    };
  const outlook = status ? chargeOutlook(total, status) : undefined;
  if (outlook === 'trial')
    return { text: t(`${K}.textTrial${many}`, values), confirm: t(`${K}.confirmTrial${many}`, values), short: false };
  if (outlook === 'short')
    return { text: t(`${K}.textShort${many}`, values), confirm: t(`${K}.confirm${many}`, values), short: true };
  return {
    text: t(`${K}.text${many}`, values) + (status ? ` ${t(`${K}.balance`, values)}` : ''),
    confirm: t(`${K}.confirm${many}`, values),
    short: false,
  };
}

/** How many of a guarantee prompt's candidates are still to guarantee (those the server named, else the unguaranteed). */
export const toGuarantee = (prompt: Prompt): number =>
  prompt.candidateIds?.length ?? prompt.request.docs.filter((d) => !d.guaranteed).length;

export function MoveDialogs({ prompt, busy, error, fields, isRaas, isAdmin, project, resolve, cancel }: Props) {
  const { user } = useAuth();
  const included = project ? !plansApply(project) : false;
  const charged = (prompt?.kind === 'upgrade' || prompt?.kind === 'guarantee') && !included;
  const companyId = project?.company?.id;
  // A RaaS user's own company when no id is given; an admin's is the project's.
  const asked = charged && (isRaas || Boolean(companyId));
  const { status, error: statusError } = useRaasStatus(isRaas ? undefined : companyId, asked);
  // The buttons wait for what the charge will do, so nobody confirms a price that is not the one taken.
  const weighing = asked && !status && !statusError;
  if (!prompt) return null;
  const { request } = prompt;
  const count = request.docs.length;
  const name = count === 1 ? nameOf(request.docs[0]) : '';
  const stage = stageLabel(request.to);
  const guarantees = prompt.kind === 'guarantee' ? toGuarantee(prompt) : 1;
  const words =
    prompt.kind === 'upgrade' || prompt.kind === 'guarantee'
      ? chargeWords(prompt.kind, status, included, guarantees)
      : undefined;
  const buy = (
    <Button component={RouterLink} to={PATHS.companyCredits} size="small" sx={{ ml: 1 }}>
      {t('portal.pipeline.upgrade.buy')}
    </Button>
  );
  const short =
    words?.short && !error ? (
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="charge-short">
        {t('portal.pipeline.chargeShort')}
        {isRaas && buy}
      </Alert>
    ) : null;
  // Before a reveal or a charge: which of these people the company's ATS already holds.
  const known = <KnownInAtsList docs={request.docs} nameOf={nameOf} />;
  const failure = error ? (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="prompt-error">
      {error}
      {isRaas && (
        <Button component={RouterLink} to={PATHS.companyCredits} size="small" sx={{ ml: 1 }}>
          {t('portal.pipeline.upgrade.buy')}
        </Button>
      )}
    </Alert>
  ) : null;

  switch (prompt.kind) {
    case 'reject':
      return (
        <RejectDialog
          count={count}
          name={name}
          busy={busy}
          draft={prompt.draft?.reject}
          error={error}
          fields={formFields(fields, 'rejectFormData')}
          onConfirm={(reject) => resolve({ reject })}
          onClose={cancel}
        />
      );
    case 'schedule':
      return (
        <OnDemand fallback={null}>
          <ScheduleDialog
            open
            title={t('portal.pipeline.schedule.title')}
            text={t('portal.pipeline.schedule.text', {
              name: count === 1 ? name : t('portal.pipeline.bulk.selected', { n: count }),
              stage,
            })}
            initial={recallSchedule(user?._id, user?.lastScheduleData)}
            busy={busy}
            draft={prompt.draft?.schedule}
            error={error}
            fields={formFields(fields, 'scheduleFormData')}
            onConfirm={(schedule) => resolve({ schedule })}
            onClose={cancel}
          />
        </OnDemand>
      );
    case 'reveal': {
      // The rule decides per candidate (schema/rules/visibility.ts, revealsOnMove, as the server puts it on the
      // card): the dialog never promises a reveal that will not happen, nor hides one that will (an admin sees the
      // name, yet the move shows it to the company).
      const R = 'portal.pipeline.reveal';
      const revealed = request.docs.filter(revealsToCompany).length;
      const staying = request.docs.filter(staysAnonymous).length;
      const variant = count > 1 ? 'Bulk' : request.kind === 'skip' ? 'Skip' : '';
      const whose = isAdmin ? 'Admin' : '';
      const title = revealed
        ? t(`${R}.title${variant}`, { n: count })
        : t(count > 1 ? `${R}.titleStaysBulk` : `${R}.titleStays`, { n: count });
      const message = !revealed
        ? t(`${R}.textStays`, {
            stage,
            reach: project?.advocate?.name
              ? t(`${R}.reachAdvocate`, { name: project.advocate.name })
              : t(`${R}.reachTeam`),
          })
        : staying
          ? t(`${R}.textMixed`, { revealed, staying })
          : t(`${R}.text${variant}${whose}`, { stage });
      return (
        <ConfirmDialog
          open
          title={title}
          message={message}
          confirmLabel={t(revealed ? `${R}.confirm` : `${R}.confirmStays`)}
          busy={busy}
          onConfirm={() => resolve()}
          onClose={cancel}
        >
          {known}
        </ConfirmDialog>
      );
    }
    case 'upgrade':
      return (
        <ConfirmDialog
          open
          title={t('portal.pipeline.upgrade.title')}
          message={words?.text}
          confirmLabel={words?.confirm ?? ''}
          busy={busy || weighing}
          onConfirm={() => resolve()}
          onClose={cancel}
        >
          {known}
          {short}
          {failure}
        </ConfirmDialog>
      );
    case 'guarantee':
      return (
        <ConfirmDialog
          open
          title={
            guarantees > 1
              ? t('portal.pipeline.guarantee.titleMany', { n: guarantees })
              : t('portal.pipeline.guarantee.title')
          }
          message={words?.text}
          confirmLabel={words?.confirm ?? ''}
          alternative={{
            label: t('portal.pipeline.guarantee.without'),
            onClick: () => resolve({ withoutGuarantee: true }),
          }}
          busy={busy || weighing}
          // Several guarantees are charged one by one: none is started when the balance cannot pay them all.
          confirmDisabled={guarantees > 1 && !!words?.short}
          onConfirm={() => resolve()}
          onClose={cancel}
        >
          {known}
          {short}
          {failure}
        </ConfirmDialog>
      );
  }
}
