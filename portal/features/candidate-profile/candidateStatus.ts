/** Candidate status labels and colours, from the schema's choices (0 pending curation ... 4 pending activation). */
import { candidate } from '../../../schema/entities/candidate';
import { selfStatusChange, type SelfStatusAction } from '../../../schema/rules/candidate';
import { known } from '../../../ui/api/errors';
import { t } from '../../../i18n';

export type StatusTone = 'success' | 'warning' | 'default' | 'info';

const TONES: Record<string, StatusTone> = {
  active: 'success',
  semiActive: 'info',
  pendingCuration: 'warning',
  pendingActivation: 'warning',
  inactive: 'default',
};

/** The status chip: a profile the candidate paused themself (inactive by their choice) says Paused, as its text does. */
export function candidateStatus(id: number, selfChosenStatus = false): { label: string; tone: StatusTone } {
  const choice = candidate.fields.status.choices?.find((c) => c.id === id);
  if (!choice) return { label: String(id), tone: 'default' };
  if (choice.key === 'inactive' && selfChosenStatus) return { label: t('talent.own.pausedChip'), tone: 'default' };
  return {
    label: known(`portal.enums.candidateStatus.${choice.key}`) ?? choice.label,
    tone: TONES[choice.key] ?? 'default',
  };
}

/** What the candidate may do with their own status: pause an active profile, or re-activate one they paused. */
export function ownStatusAction(status: number, selfChosenStatus: boolean): SelfStatusAction | undefined {
  const current = { status, selfChosenStatus };
  return (['pause', 'activate'] as const).find((action) => !('error' in selfStatusChange(current, action)));
}

/** The catalogue key explaining the profile's status to the candidate. */
export function ownStatusText(status: number, selfChosenStatus: boolean): string {
  const key = candidate.fields.status.choices?.find((c) => c.id === status)?.key ?? 'inactive';
  if (key === 'inactive') return selfChosenStatus ? 'talent.own.status.paused' : 'talent.own.status.inactive';
  return `talent.own.status.${key}`;
}
