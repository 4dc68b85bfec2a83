/** Candidate status labels and colours, from the schema's choices (0 pending curation ... 4 pending activation). */
import { candidate } from '../../../schema/entities/candidate';
import { known } from '../../api/errors';

export type StatusTone = 'success' | 'warning' | 'default' | 'info';

const TONES: Record<string, StatusTone> = {
  active: 'success',
  semiActive: 'info',
  pendingCuration: 'warning',
  pendingActivation: 'warning',
  inactive: 'default',
};

export function candidateStatus(id: number): { label: string; tone: StatusTone } {
  const choice = candidate.fields.status.choices?.find((c) => c.id === id);
  if (!choice) return { label: String(id), tone: 'default' };
  return { label: known(`portal.enums.candidateStatus.${choice.key}`) ?? choice.label, tone: TONES[choice.key] ?? 'default' };
}
