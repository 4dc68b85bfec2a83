/**
 * On /search: when the filters on screen are a project's saved search whose alerts the signed-in
 * person receives (the project page's "Open in search", or the same search typed again), "N new
 * since <day> for your project …" with a link to the project's new ones; the candidates' ids go to
 * `onFresh`, so their result cards carry the "new" badge.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { alertMine, type SearchNews } from '../../api/alerts';
import { newSince, searchKey } from './alertText';

const NONE: ReadonlySet<string> = new Set();

interface Props {
  query: URLSearchParams;
  isAdmin: boolean;
  /** The new candidates of the projects this search is, for the cards' badges. */
  onFresh: (ids: ReadonlySet<string>) => void;
}

export function SearchAlertNews({ query, isAdmin, onFresh }: Props) {
  const [mine, setMine] = useState<SearchNews[]>();
  useEffect(() => {
    const controller = new AbortController();
    alertMine(controller.signal)
      .then((found) => setMine(found.data))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const key = searchKey(query, isAdmin);
  const matched = useMemo(
    () => (mine ?? []).filter((m) => m.newCount > 0 && searchKey(m.filters, isAdmin) === key),
    [mine, key, isAdmin],
  );
  useEffect(() => {
    onFresh(matched.length ? new Set(matched.flatMap((m) => m.newCandidateIds)) : NONE);
  }, [matched, onFresh]);
  if (!matched.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {matched.map((m) => (
        <Alert
          key={m.projectId}
          severity="info"
          data-testid="search-alert-news"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={m.link}>
              {t('alerts.search.show')}
            </Button>
          }
        >
          {t('alerts.search.line', { line: newSince(m.newCount, m.since) ?? '', project: m.title })}
        </Alert>
      ))}
    </Stack>
  );
}
