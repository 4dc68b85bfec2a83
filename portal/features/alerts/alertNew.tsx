/** Which candidates are new matches to the signed-in person on the project shown: the "new" badge of their cards reads it. */
import { Chip } from '@mui/material';
import { createContext, useContext } from 'react';
import { t } from '../../../i18n';

export const AlertNewContext = createContext<ReadonlySet<string>>(new Set());

/** The badge of a card whose candidate newly matched the project's saved filters for this person. */
export function AlertNewBadge({ id }: { id: string }) {
  const fresh = useContext(AlertNewContext);
  if (!fresh.has(id)) return null;
  return <Chip size="small" color="secondary" label={t('alerts.newBadge')} data-testid="alert-new" />;
}
