/**
 * A pair decided since its review was opened (in another tab, by another admin), as GET /candidate-duplicates/:id
 * answers it (`resolution`): merged into whom, by whom and when, with a link to the kept profile's page, or marked as
 * two people; and the way back to the queue. A merge whose undo would succeed now (`undoable`, the rule of the kept
 * profile's merges list, MergedProfiles.tsx) offers the same "Undo merge" here, asked first as there, sent once, its notice in the same
 * words; done or refused (undone elsewhere meanwhile, the profile changed since), the pair is loaded again (`reload`),
 * so the page shows what is now so: the pair open again after an undo.
 */
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useBasename, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { formatDateTime } from '../../schema/rules/dates';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { apiCall } from '../providers/http';
import { failureText, type Resolution } from './pairs';

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

/** The merges list's undo of `resolution`'s merge: one at a time, notified in its words, the pair loaded again after. */
function useUndo(resolution: Resolution, reload: () => void) {
  const notify = useNotify();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const undo = async () => {
    if (resolution.outcome !== 'merged' || running.current) return;
    running.current = true;
    setPending(true);
    try {
      await apiCall(`/candidate-merges/${encodeURIComponent(resolution.mergeId)}/undo`, { method: 'POST' });
      const name = resolution.mergedName ?? t('duplicates.history.unnamed');
      notify(t('duplicates.history.undoneNotice', { name }), { type: 'success' });
    } catch (err) {
      notify(failureText(err), { type: 'error' });
    } finally {
      running.current = false;
      setPending(false);
      reload();
    }
  };
  return { undo, pending };
}

export function PairResolved({ resolution, reload }: { resolution: Resolution; reload: () => void }) {
  const basename = useBasename();
  const { title, lines } = words(resolution);
  const survivorId = resolution.outcome === 'merged' ? resolution.survivorId : null;
  const { undo, pending } = useUndo(resolution, reload);
  const [asking, setAsking] = useState(false);
  const name = resolution.outcome === 'merged' ? (resolution.mergedName ?? t('duplicates.history.unnamed')) : '';
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
        {resolution.outcome === 'merged' && resolution.undoable && (
          <Button
            onClick={() => setAsking(true)}
            disabled={pending}
            aria-label={`${t('duplicates.history.undo')}: ${name}`}
          >
            {t('duplicates.history.undo')}
          </Button>
        )}
        <ConfirmDialog
          open={asking}
          title={t('duplicates.history.confirmTitle', { name })}
          message={t('duplicates.history.confirmText', { name })}
          confirmLabel={t('duplicates.history.confirmUndo')}
          cancelLabel={t('duplicates.history.cancel')}
          destructive
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void undo();
          }}
        />
        <Button component={Link} to={`${basename}/duplicates`}>
          {t('duplicates.review.backToQueue')}
        </Button>
      </Stack>
    </Alert>
  );
}
