/**
 * The project-type choice of RaaS companies (spec section 2: "For RaaS, add project first opens a
 * project-type choice"): Free (the company's one free slot) or Power (1 credit per 30-day cycle,
 * free during the trial), with the balance and the free slot read from raas/status. A plan that
 * cannot be used (the free slot taken; too few credits for Power after the trial) is disabled with
 * its reason, and the choice moves to the plan that can.
 */
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { Alert, Box, ButtonBase, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { PLAN_CHARGES, PROJECT_CYCLE_DAYS } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { formatDate } from '../../components/format';
import { projectsApi, type RaasStatus } from '../../api/projects';
import { PLAN } from './projectForm';

const P = 'portal.projectsPortal.plan';

interface Props {
  /** Admins name the company; RaaS users leave it out (their own). */
  companyId?: string;
  value: number;
  onChange(plan: number): void;
  /** Told whether the chosen plan can be used, once the company's status is known. */
  onUsable?(usable: boolean): void;
}

/** Why `plan` cannot be used by the company now (a message key), or undefined when it can. */
export function planBlock(plan: number, status: RaasStatus | undefined): string | undefined {
  if (!status) return undefined;
  if (plan === PLAN.free && !status.freeSlotAvailable) return `${P}.freeSlotUsedText`;
  if (plan === PLAN.power && !status.onTrial && status.balance < PLAN_CHARGES.activation) return `${P}.lowBalance`;
  return undefined;
}

export function useRaasStatus(companyId: string | undefined, enabled: boolean) {
  const [status, setStatus] = useState<RaasStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setStatus(undefined);
    setError(undefined);
    projectsApi.raasStatus(companyId).then(
      (s) => live && setStatus(s),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [companyId, enabled]);
  return { status, error };
}

function PlanCard({
  selected,
  title,
  price,
  points,
  icon,
  onClick,
  badge,
  testId,
  blocked,
}: {
  selected: boolean;
  title: string;
  price: string;
  points: string[];
  icon: ReactNode;
  onClick(): void;
  badge?: string;
  testId: string;
  /** Why this plan cannot be chosen; the card is disabled and says so. */
  blocked?: string;
}) {
  const reasonId = `${testId}-reason`;
  return (
    <ButtonBase
      onClick={onClick}
      role="radio"
      aria-checked={selected}
      disabled={Boolean(blocked)}
      aria-disabled={Boolean(blocked)}
      aria-describedby={blocked ? reasonId : undefined}
      tabIndex={selected ? 0 : -1}
      data-testid={testId}
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'flex-start',
        textAlign: 'left',
        borderRadius: 2,
        p: 2.5,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(29, 78, 216, 0.05)' : 'background.paper',
        '&.Mui-disabled': { opacity: 0.65, bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light' },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {selected && <CheckCircle color="primary" fontSize="small" />}
      </Stack>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{price}</Typography>
      {badge && <Chip size="small" label={badge} sx={{ mb: 1, alignSelf: 'flex-start' }} />}
      {blocked && (
        <Typography id={reasonId} variant="body2" color="warning.dark" sx={{ mb: 1 }} data-testid="plan-blocked-reason">
          {blocked}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
        {points.map((p) => (
          <li key={p}>
            <Typography variant="body2">{p}</Typography>
          </li>
        ))}
      </Box>
    </ButtonBase>
  );
}

export function PlanChoice({ companyId, value, onChange, onUsable }: Props) {
  const { status, error } = useRaasStatus(companyId, true);
  const freeBlock = planBlock(PLAN.free, status);
  const powerBlock = planBlock(PLAN.power, status);
  const chosenBlock = value === PLAN.free ? freeBlock : powerBlock;
  // Once the status is known, the choice moves off a plan that cannot be used to one that can.
  useEffect(() => {
    if (!status) return;
    if (chosenBlock && !(value === PLAN.free ? powerBlock : freeBlock))
      onChange(value === PLAN.free ? PLAN.power : PLAN.free);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
  useEffect(() => {
    onUsable?.(!status || !chosenBlock);
  }, [status, chosenBlock, onUsable]);
  return (
    <Stack spacing={2} data-testid="plan-choice">
      {error && <Alert severity="warning">{error}</Alert>}
      {!status && !error ? (
        <Skeleton variant="rectangular" height={24} sx={{ borderRadius: 1 }} />
      ) : (
        status && (
          <Alert severity="info" icon={false} data-testid="raas-balance">
            {t(`${P}.balance`, { balance: status.balance })}
            {status.onTrial && status.trialEndsAt
              ? ` ${t(`${P}.trial`, { date: formatDate(status.trialEndsAt) ?? '' })}`
              : ''}
          </Alert>
        )
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        role="radiogroup"
        aria-label={t(`${P}.title`)}
        onKeyDown={(e) => {
          // Arrow keys move the choice, as in any radio group.
          if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
          e.preventDefault();
          const next = value === PLAN.free ? PLAN.power : PLAN.free;
          if (planBlock(next, status)) return;
          onChange(next);
          e.currentTarget
            .querySelector<HTMLElement>(`[data-testid="plan-${next === PLAN.free ? 'free' : 'power'}"]`)
            ?.focus();
        }}
      >
        <PlanCard
          testId="plan-free"
          selected={value === PLAN.free}
          onClick={() => onChange(PLAN.free)}
          icon={<RocketLaunchOutlined />}
          title={t(`${P}.freeTitle`)}
          price={t(`${P}.freePrice`)}
          badge={status ? t(status.freeSlotAvailable ? `${P}.freeSlotAvailable` : `${P}.freeSlotUsed`) : undefined}
          blocked={freeBlock && t(freeBlock, { credits: PLAN_CHARGES.activation })}
          points={[t(`${P}.freePoint1`), t(`${P}.freePoint2`), t(`${P}.freePoint3`, { credits: PLAN_CHARGES.upgrade })]}
        />
        <PlanCard
          testId="plan-power"
          selected={value === PLAN.power}
          onClick={() => onChange(PLAN.power)}
          icon={<BoltOutlined />}
          title={t(`${P}.powerTitle`)}
          price={t(`${P}.powerPrice`, { credits: PLAN_CHARGES.renewal, days: PROJECT_CYCLE_DAYS })}
          badge={status?.onTrial ? t(`${P}.freeDuringTrial`) : undefined}
          blocked={powerBlock && t(powerBlock, { credits: PLAN_CHARGES.activation })}
          points={[
            t(`${P}.powerPoint1`),
            t(`${P}.powerPoint2`, { credits: PLAN_CHARGES.guarantee }),
            t(`${P}.powerPoint3`),
          ]}
        />
      </Stack>
    </Stack>
  );
}
