/**
 * What a console screen shows when its data did not load: which data, why in plain words (no answer from the server,
 * offline or unreachable, or the server's own failure) and Try again, which asks again. A failed load never reads as
 * an empty list or a missing record: lists pass `ListLoadFailed` as their `error` and hide their pager
 * (ListStates.tsx), edit and show screens pass `EditLoadFailed`/`ShowLoadFailed` and `useRecordLoadOptions`, which
 * says "This record no longer exists" (and returns to the list, as react-admin does) only when the server answered 404.
 * A failed load is said once, there: react-admin's own notification of it is left out (`QUIET_LOAD`), while a failed
 * save still notifies (a mutation's error, handled by its screen).
 */
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { useEditContext, useNotify, useRedirect, useResourceContext, useShowContext } from 'react-admin';
import { t } from '../../i18n';
import { movedOf } from '../providers/movedRecord';
import { useFollowMovedRecord } from './movedRecord';

/**
 * A list's query options (List, ReferenceManyField): its failure state says the load failed, so react-admin's
 * notification of the same failure is not raised beside it.
 */
export const QUIET_LOAD = { onError: () => undefined };

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** Nothing to say for a record the server does not have (told as gone) or has under another id (opened there). */
const untold = (error: unknown) => statusOf(error) === 404 || movedOf(error) !== undefined;

/** Why a load failed, in words: no answer (offline, the server unreachable), the server's failure, or its refusal. */
export function failureReason(error: unknown): string {
  const status = statusOf(error);
  if (status === 0 || (typeof navigator !== 'undefined' && !navigator.onLine)) return t('admin.loadFailed.offline');
  if (status === undefined || status >= 500) return t('admin.loadFailed.server');
  return (error as Error).message || t('admin.loadFailed.server');
}

interface Props {
  title: string;
  error: unknown;
  retry: () => unknown;
  retrying?: boolean;
}

export function LoadFailed({ title, error, retry, retrying }: Props) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <ErrorIcon sx={{ fontSize: 48, color: 'error.main' }} />
      <Typography variant="subtitle1" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {failureReason(error)}
      </Typography>
      <Button variant="outlined" startIcon={<RefreshIcon />} loading={retrying} onClick={() => void retry()}>
        {t('admin.loadFailed.retry')}
      </Button>
    </Box>
  );
}

/** 'Could not load this company': `label` is the record's name in lower case. */
export const recordLoadFailed = (label: string) => t('admin.loadFailed.record', { label });

/**
 * An edit screen's `error`; `title` says what did not load (recordLoadFailed). Nothing for a record the server does
 * not have: that one is told as gone and the list opens (useRecordLoadOptions).
 */
export function EditLoadFailed({ title }: { title: string }) {
  const { error, refetch, isFetching } = useEditContext();
  if (untold(error)) return null;
  return <LoadFailed title={title} error={error} retry={refetch} retrying={isFetching} />;
}

export function ShowLoadFailed({ title }: { title: string }) {
  const { error, refetch, isFetching } = useShowContext();
  if (untold(error)) return null;
  return <LoadFailed title={title} error={error} retry={refetch} retrying={isFetching} />;
}

/**
 * An edit or show screen's record query: a record the server says is not there (404) is told so and the list opens,
 * as react-admin does for every failure; a record the server answers under another id (a merged profile's) opens at
 * its own address (movedRecord.ts); any other failure keeps the screen, which shows it (EditLoadFailed).
 */
export function useRecordLoadOptions() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const followMoved = useFollowMovedRecord();
  return {
    onError: (error: unknown) => {
      if (followMoved(error) || statusOf(error) !== 404) return;
      notify('ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
}
