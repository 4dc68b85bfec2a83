/**
 * The "Recent imports" list of the import screen (TalentImport.tsx): the last imports, newest first, each
 * with its file, who started it and when, where it stands, its counts, a link that opens it on the screen
 * (`?run=<id>`) and its report when one is ready. Read from GET candidates/imports; loading, empty and
 * error states of its own. `refresh` changes when the screen's own run moves on, so the list follows it.
 */
import { Alert, Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { LinkBase } from 'react-admin';
import { formatCount, t } from '../../../../i18n';
import { formatDateTime } from '../../../../schema/rules/dates';
import { importReportUrl, recentImports, type ImportListItem } from './talentApi';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: ImportListItem[] };

export function RecentImports({ refresh, openPath }: { refresh: string; openPath(id: string): string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const load = useCallback(() => {
    let stopped = false;
    recentImports(10)
      .then((items) => !stopped && setState({ kind: 'ready', items }))
      .catch(() => !stopped && setState({ kind: 'error' }));
    return () => {
      stopped = true;
    };
  }, []);
  useEffect(() => load(), [load, refresh]);

  return (
    <Box component="section" aria-label={t('imports.recent.title')}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('imports.recent.title')}
      </Typography>
      {state.kind === 'loading' && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('imports.recent.loading')}
        </Typography>
      )}
      {state.kind === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => (setState({ kind: 'loading' }), load())}>
              {t('imports.recent.retry')}
            </Button>
          }
        >
          {t('imports.recent.error')}
        </Alert>
      )}
      {state.kind === 'ready' && state.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('imports.recent.empty')}
        </Typography>
      )}
      {state.kind === 'ready' && state.items.length > 0 && (
        <List dense disablePadding>
          {state.items.map((run) => (
            <ListItem key={run.id} disableGutters divider sx={{ display: 'block' }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Link component={LinkBase} to={openPath(run.id)} sx={{ fontWeight: 500 }}>
                  {run.fileName}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {run.startedBy ? `${t('imports.recent.by', { name: run.startedBy })}, ` : ''}
                  {formatDateTime(run.createdAt)}
                </Typography>
                <Typography variant="body2">{t(`imports.recent.status.${run.status}`)}</Typography>
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography variant="body2">
                  {t('imports.recent.counts', {
                    rows: formatCount(run.rows),
                    created: formatCount(run.created),
                    updated: formatCount(run.updated),
                    rejected: formatCount(run.rejected),
                  })}
                </Typography>
                {run.reportAvailable && (
                  <Link href={importReportUrl(run.id)} download variant="body2">
                    {t('imports.downloadFullReport')}
                  </Link>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
