/**
 * A pair decided since its review was opened (in another tab, by another admin), as GET /candidate-duplicates/:id
 * answers it (`resolution`): merged into whom, by whom and when, with a link to the kept profile's page (where the
 * merge is undone while it may be), or marked as two people; and the way back to the queue.
 */
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { formatDateTime } from '../../schema/rules/dates';
import type { Resolution } from './pairs';

function words(r: Resolution): { title: string; lines: string[] } {
  const date = formatDateTime(r.at ?? undefined) ?? '';
  const by = r.by ?? '';
  if (r.outcome === 'dismissed')
    return {
      title: t('duplicates.review.resolvedDismissedTitle'),
      lines: [t(by ? 'duplicates.review.resolvedDismissedBy' : 'duplicates.review.resolvedDismissed', { date, by })],
    };
  const survivor = r.survivorName ?? t('duplicates.history.unnamed');
  const merged = r.mergedName ?? t('duplicates.history.unnamed');
  const said = t(by ? 'duplicates.review.resolvedMergedBy' : 'duplicates.review.resolvedMerged', {
    merged,
    survivor,
    date,
    by,
  });
  const after = !r.survivorId
    ? t('duplicates.review.resolvedSurvivorGone')
    : r.undoable
      ? t('duplicates.review.resolvedUndo', { survivor })
      : undefined;
  return { title: t('duplicates.review.resolvedMergedTitle'), lines: [said, ...(after ? [after] : [])] };
}

export function PairResolved({ resolution }: { resolution: Resolution }) {
  const basename = useBasename();
  const { title, lines } = words(resolution);
  const survivorId = resolution.outcome === 'merged' ? resolution.survivorId : null;
  return (
    <Alert severity="info">
      <AlertTitle component="h1">{title}</AlertTitle>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        {survivorId && resolution.outcome === 'merged' && (
          <Button variant="contained" component={Link} to={`${basename}/talent/${encodeURIComponent(survivorId)}`}>
            {t('duplicates.review.openSurvivor', {
              name: resolution.survivorName ?? t('duplicates.history.unnamed'),
            })}
          </Button>
        )}
        <Button component={Link} to={`${basename}/duplicates`}>
          {t('duplicates.review.backToQueue')}
        </Button>
      </Stack>
    </Alert>
  );
}
