/**
 * The "Merged profiles" section of a talent's console page: the profiles merged into this one
 * (GET /candidate-merges?survivorId), newest first, each with "Undo merge" while its undo is open
 * (UNDO_DAYS), so a merge can be taken back after its review was left; the button first asks in a dialog, which says
 * the merged profile becomes one of its own again and its person is emailed, and only its "Undo merge" undoes. The server keeps the order
 * rule: merges into one profile are undone newest first, and nothing written about the profile since
 * (an older one answers 409, notified in words). A refused undo loads the list again, so an undo made
 * elsewhere meanwhile shows as done and its button goes. Nothing shows for a profile nobody was merged into;
 * a thin bar while the list loads, and a list that could not be loaded says so with "Try again".
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { t } from '../../i18n';
import { formatDate } from '../../schema/rules/dates';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { apiCall } from '../providers/http';
import { failureText } from './pairs';

interface MergeEntry {
  id: string;
  mergedId: string;
  mergedName: string | null;
  mergedAt: string;
  undoUntil: string;
  undoneAt: string | null;
  undoable: boolean;
}

/** The merges into `candidateId`, loaded again by `reload`: undefined until the first answer, `failed` when none came. */
function useMerges(candidateId: string) {
  const [merges, setMerges] = useState<MergeEntry[]>();
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // An answer for another profile, or overtaken by a later load, is dropped.
    let live = true;
    setFailed(undefined);
    apiCall<{ data: MergeEntry[] }>(`/candidate-merges?survivorId=${encodeURIComponent(candidateId)}`)
      .then((r) => live && setMerges(r.data))
      .catch((err: unknown) => live && setFailed(failureText(err)));
    return () => {
      live = false;
    };
  }, [candidateId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { merges, failed, reload };
}

export function MergedProfiles({ candidateId }: { candidateId: string }) {
  const { merges, failed, reload } = useMerges(candidateId);
  const notify = useNotify();
  const refresh = useRefresh();
  const running = useRef(false);
  const [pending, setPending] = useState<string>();
  // The merge whose undo waits for the admin's confirmation, with the name it is shown by.
  const [asked, setAsked] = useState<{ merge: MergeEntry; name: string }>();
  if (!merges && !failed) return <LinearProgress aria-label={t('duplicates.history.loading')} sx={{ my: 1 }} />;
  if (!merges?.length && !failed) return null;

  const undo = async (m: MergeEntry, name: string) => {
    if (running.current) return;
    running.current = true;
    setPending(m.id);
    try {
      await apiCall(`/candidate-merges/${encodeURIComponent(m.id)}/undo`, { method: 'POST' });
      notify(t('duplicates.history.undoneNotice', { name }), { type: 'success' });
      reload();
      refresh();
    } catch (err) {
      notify(failureText(err), { type: 'error' });
      // Refused (undone in another tab, the window closed, the profile changed since): the list shows what is now so.
      reload();
    } finally {
      running.current = false;
      setPending(undefined);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="merged-profiles-title">
      <CardContent>
        <Typography id="merged-profiles-title" variant="h6" component="h2">
          {t('duplicates.history.title')}
        </Typography>
        {failed && (
          <Alert severity="error" action={<Button onClick={reload}>{t('duplicates.history.retry')}</Button>}>
            {t('duplicates.history.failed', { reason: failed })}
          </Alert>
        )}
        <List dense>
          {(merges ?? []).map((m) => {
            const name = m.mergedName ?? t('duplicates.history.unnamed');
            const primary = m.undoneAt
              ? t('duplicates.history.undone', { name, date: formatDate(m.undoneAt) ?? '' })
              : t('duplicates.history.merged', { name, date: formatDate(m.mergedAt) ?? '' });
            return (
              <ListItem
                key={m.id}
                secondaryAction={
                  m.undoable && (
                    <Button
                      size="small"
                      onClick={() => setAsked({ merge: m, name })}
                      disabled={pending !== undefined}
                      aria-label={`${t('duplicates.history.undo')}: ${name}`}
                    >
                      {t('duplicates.history.undo')}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={primary}
                  secondary={
                    m.undoable ? t('duplicates.history.undoUntil', { date: formatDate(m.undoUntil) ?? '' }) : undefined
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      <ConfirmDialog
        open={asked !== undefined}
        title={t('duplicates.history.confirmTitle', { name: asked?.name ?? '' })}
        message={t('duplicates.history.confirmText', { name: asked?.name ?? '' })}
        confirmLabel={t('duplicates.history.confirmUndo')}
        cancelLabel={t('duplicates.history.cancel')}
        destructive
        onClose={() => setAsked(undefined)}
        onConfirm={() => {
          if (asked) void undo(asked.merge, asked.name);
          setAsked(undefined);
        }}
      />
    </Card>
  );
}
