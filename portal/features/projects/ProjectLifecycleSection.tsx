/**
 * A project's plan and status in its settings panel (spec section 4): pause and resume, close or
 * reactivate, upgrade a free project to Power (1 credit), cancel a Power project now or at the end
 * of its 30-day cycle (once set to end with its cycle, keep it renewing or cancel it now: cancelling now says the
 * paid days left are lost and reopening is a new activation, with its credit, as the spec's plan rules make it), and
 * duplicate the project. Each change is confirmed; refusals (no credits,
 * the free slot in use) show as snackbars. Pausing a RaaS Power project says that its renewals go on
 * (the renewal job charges open projects, paused ones too) and when the next one is.
 */
import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PLAN_CHARGES, PROJECT_CYCLE_DAYS } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { actionErrorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { formatDate } from '../../components/format';
import { projectsApi, type ProjectDetail } from '../../api/projects';
import { PLAN, RAAS_COMPANY_TYPE } from './projectForm';

const L = 'portal.projectsPortal.lifecycle';
type Action =
  'pause' | 'resume' | 'close' | 'reactivate' | 'upgrade' | 'cancel' | 'keepRenewing' | 'cancelNow' | 'duplicate';

interface Props {
  project: ProjectDetail;
  /** After a change: the panel reads the project again. */
  onChanged(): void;
  /** Before leaving for a duplicate. */
  onLeave(): void;
}

export function ProjectLifecycleSection({ project, onChanged, onLeave }: Props) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Action>();
  const [when, setWhen] = useState<'now' | 'cycleEnd'>('cycleEnd');
  const [busy, setBusy] = useState(false);
  const raas = project.projectType === 2 || project.company?.companyType === RAAS_COMPANY_TYPE;
  const power = project.plan === PLAN.power;
  const open = project.status !== 3;
  const cancelAtCycleEnd = Boolean(project.cancelAtCycleEnd);
  const cycleEndsAt = formatDate(project.cycleEndsAt);
  // A free copy would need the free slot this open project holds: the server refuses it, so it is not offered.
  const copyBlocked = raas && !power && open;
  /** What cancelling a Power project now loses, and what reopening it costs (a new activation). */
  const lostCycle = { credits: PLAN_CHARGES.activation, days: PROJECT_CYCLE_DAYS, date: cycleEndsAt ?? '' };
  /** What a confirmation says: a RaaS company's plan decides what closing, reopening and copying cost. */
  const messageOf = (action: Action) => {
    const charge = { credits: PLAN_CHARGES.activation, days: PROJECT_CYCLE_DAYS };
    if (raas && action === 'reactivate') return t(`${L}.confirm.reactivate.${power ? 'power' : 'free'}`, charge);
    if (raas && power && action === 'duplicate') return t(`${L}.confirm.duplicate.power`, charge);
    if (raas && !power && action === 'close') return t(`${L}.confirm.close.free`);
    // Cancelling a Power project now loses the paid days left; reopening it is a new activation (spec section 4).
    if (raas && power && action === 'cancelNow') return t(`${L}.confirm.cancelNow.power`, lostCycle);
    // A paused Power project keeps its cycle: the renewal job charges it at each cycle's end all the same.
    if (raas && power && action === 'pause' && cycleEndsAt && !cancelAtCycleEnd)
      return t(`${L}.confirm.pause.power`, {
        credits: PLAN_CHARGES.renewal,
        days: PROJECT_CYCLE_DAYS,
        date: cycleEndsAt,
      });
    if (action === 'keepRenewing')
      return t(`${L}.confirm.keepRenewing.message`, {
        credits: PLAN_CHARGES.renewal,
        days: PROJECT_CYCLE_DAYS,
        date: cycleEndsAt ?? '',
      });
    return t(`${L}.confirm.${action}.message`, { credits: PLAN_CHARGES.upgrade, days: PROJECT_CYCLE_DAYS });
  };

  const apply = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending === 'duplicate') {
        const copy = await projectsApi.duplicate(project.id);
        notify(t(`${L}.duplicated`), 'success');
        setPending(undefined);
        onLeave();
        navigate(PATHS.project(copy.guid));
        return;
      }
      if (pending === 'pause') await projectsApi.update(project.id, { status: 1 });
      if (pending === 'resume' || pending === 'reactivate') await projectsApi.update(project.id, { status: 0 });
      if (pending === 'close' || pending === 'cancelNow') await projectsApi.cancel(project.id, 'now');
      if (pending === 'keepRenewing') await projectsApi.keepRenewing(project.id);
      if (pending === 'upgrade') await projectsApi.upgrade(project.id);
      if (pending === 'cancel') await projectsApi.cancel(project.id, power ? when : 'now');
      notify(t(`${L}.done.${pending}`), 'success');
      setPending(undefined);
      onChanged();
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const button = (
    action: Action,
    variant: 'outlined' | 'contained' = 'outlined',
    color: 'primary' | 'error' | 'inherit' = 'primary',
  ) => (
    <Button
      size="small"
      variant={variant}
      color={color}
      onClick={() => setPending(action)}
      data-testid={`lifecycle-${action}`}
    >
      {t(`${L}.actions.${action}`, { credits: PLAN_CHARGES.upgrade })}
    </Button>
  );

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 3 }} data-testid="project-lifecycle">
      <Typography variant="overline" color="text.secondary" component="h3">
        {t(`${L}.title`)}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {t(`${L}.status`, { status: t(`portal.projectsPortal.status.${project.status}`) })}
        {raas && ` · ${t(`${L}.plan`, { plan: t(`portal.projectsPortal.planNames.${project.plan}`) })}`}
      </Typography>
      {raas && power && open && cycleEndsAt && (
        <Alert severity={cancelAtCycleEnd ? 'warning' : 'info'} icon={false} sx={{ mb: 1.5 }}>
          {t(cancelAtCycleEnd ? `${L}.endsOn` : `${L}.renewsOn`, { date: cycleEndsAt, credits: PLAN_CHARGES.renewal })}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {project.status === 0 && button('pause')}
        {project.status === 1 && button('resume')}
        {!open && button('reactivate', 'contained')}
        {raas && open && !power && button('upgrade', 'contained')}
        {open &&
          (raas && power ? (
            cancelAtCycleEnd ? (
              <>
                {button('keepRenewing', 'contained')}
                {button('cancelNow', 'outlined', 'error')}
              </>
            ) : (
              button('cancel', 'outlined', 'error')
            )
          ) : (
            button('close', 'outlined', 'error')
          ))}
        {!copyBlocked && button('duplicate', 'outlined', 'inherit')}
      </Stack>
      {copyBlocked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="lifecycle-copy-blocked">
          {t(`${L}.freeCopyNeedsSlot`)}
        </Typography>
      )}
      <ConfirmDialog
        open={!!pending}
        title={pending ? t(`${L}.confirm.${pending}.title`) : ''}
        message={pending ? messageOf(pending) : ''}
        confirmLabel={pending ? t(`${L}.actions.${pending}`, { credits: PLAN_CHARGES.upgrade }) : ''}
        destructive={pending === 'cancel' || pending === 'close' || pending === 'cancelNow'}
        busy={busy}
        onConfirm={() => void apply()}
        onClose={() => setPending(undefined)}
      >
        {pending === 'cancel' && power && (
          <RadioGroup value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'cycleEnd')} sx={{ mt: 2 }}>
            <FormControlLabel
              value="cycleEnd"
              control={<Radio />}
              label={t(`${L}.cancelAtEnd`, { date: cycleEndsAt ?? '' })}
            />
            <FormControlLabel
              value="now"
              control={<Radio />}
              label={raas ? t(`${L}.cancelNowPower`, lostCycle) : t(`${L}.cancelNow`)}
            />
          </RadioGroup>
        )}
      </ConfirmDialog>
    </Box>
  );
}
