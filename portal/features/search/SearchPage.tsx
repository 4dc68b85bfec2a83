/**
 * /search: candidate search for companies and admins. The filters live in the URL under the API's
 * short keys (searchUrl.ts), so reload, back and forward show the same search; results explain
 * why each candidate matched and open the profile in a side panel.
 *
 * Extension slots: `toolbar` (beside sort and page size, e.g. saving the search as a project),
 * `notice` (above the results, e.g. "N new since <day>" of a project whose saved search this is) and
 * `resultActions(doc)` (on each result card, e.g. adding the candidate to a project).
 *
 * By keyboard, "Skip to results" is the first stop of the page and "Back to filters" follows the results (SkipLinks.tsx).
 */
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import {
  Alert,
  Box,
  Button,
  Drawer,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatRange, t } from '../../../i18n';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';
import { useAuth } from '../../app/auth/authContext';
import { apiList } from '../../../ui/api/client';
import { startOpening } from '../../../ui/api/openingFetch';
import { searchApi, type Facet, type LookupPath, type Option, type SearchDoc } from '../../api/search';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useAddressState } from '../../components/useAddressState';
import { useFirstScreenful } from '../../components/useFirstScreenful';
import { usePanelParam } from '../../components/usePanelParam';
import { ActiveFilters } from './ActiveFilters';
import { placeName } from './FacetSelect';
import { ProfilePanel } from './ProfilePanel';
import { ResultCard } from './ResultCard';
import { SearchFilters } from './SearchFilters';
import { SkipTo } from '../../components/SkipLink';
import { FILTERS_ID, FilterColumn, focusedRegion, RESULTS_ID } from './SkipLinks';
import {
  PAGE_SIZES,
  SORTS,
  apiSearchQuery,
  pageRange,
  readState,
  writeState,
  type MultiKey,
  type SearchEdit,
  type SearchState,
} from './searchUrl';
import { openingKey, useSearch } from './useSearch';

// A visit that opens on /search asks for its results as soon as this code loads, beside the session check. The
// query is a company user's; an admin's differs only with admin filters in the address, and then asks again.
startOpening(
  /^\/search\/?$/,
  () => openingKey(apiSearchQuery(readState(new URLSearchParams(window.location.search)), false).toString()),
  (key) => searchApi.search(new URLSearchParams(key.slice(openingKey('').length))),
);

export interface SearchPageProps {
  /** Extra controls in the results toolbar. */
  toolbar?: (context: { state: SearchState; query: URLSearchParams; total: number }) => ReactNode;
  /** A line above the results about this search. */
  notice?: (context: { query: URLSearchParams }) => ReactNode;
  /** Actions on one result card. */
  resultActions?: (doc: SearchDoc) => ReactNode;
}

/**
 * One result with its actions. Memoised: the list is drawn a few cards at a time as the page opens
 * (useFirstScreenful), and each step would otherwise draw again every card already shown.
 */
const SearchResult = memo(function SearchResult({
  doc,
  onOpen,
  resultActions,
}: {
  doc: SearchDoc;
  onOpen: (doc: SearchDoc) => void;
  resultActions?: (doc: SearchDoc) => ReactNode;
}) {
  return <ResultCard doc={doc} onOpen={onOpen} actions={resultActions?.(doc)} />;
});

/**
 * The results, drawn a screenful at a time as the page opens (useFirstScreenful), and what follows them once all are
 * drawn (the pagination). The steps draw this list only, not the page around it.
 */
function ResultList({
  docs,
  loading,
  onOpen,
  resultActions,
  footer,
}: {
  docs: SearchDoc[];
  loading: boolean;
  onOpen: (doc: SearchDoc) => void;
  resultActions?: (doc: SearchDoc) => ReactNode;
  footer: ReactNode;
}) {
  const drawn = useFirstScreenful(docs.length);
  return (
    <>
      <Stack spacing={1.5} sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={loading}>
        {docs.slice(0, drawn).map((doc) => (
          <SearchResult key={doc.guid} doc={doc} onOpen={onOpen} resultActions={resultActions} />
        ))}
      </Stack>
      {drawn === docs.length && footer}
    </>
  );
}

/** The lookup keys whose items are row ids, their autocomplete and their list; a stored filter may hold a name there too ('l=sg'). */
const NAMED: Partial<Record<MultiKey, [LookupPath, string]>> = {
  jt: ['job-titles', 'job-titles'],
  s: ['skills', 'skills'],
  l: ['locations', 'cities'],
  cl: ['locations', 'cities'],
  lang: ['languages', 'languages'],
  i: ['industries', 'industries'],
};
/** A chip's name for an option: a city with its country's code, so the two Londons differ. */
const shownName = (key: string, o: Option) => (key === 'l' || key === 'cl' ? placeName(o) : o.label);

/** The name of a stored item no facet named: an id's row, or the row the one name matcher gives a name (the facet's selected one first). */
async function nameOf(key: string, item: string, facets: Record<string, Facet>, signal: AbortSignal) {
  const [path, resource] = NAMED[key as MultiKey] as [LookupPath, string];
  if (/^\d+$/.test(item)) {
    const { data } = await apiList<{ id: number; name: string; code?: string }>(
      resource,
      { filter: { id: [item] }, range: [0, 0] },
      signal,
    );
    return data[0] && shownName(key, { id: data[0].id, label: data[0].name, src: data[0].code ?? null });
  }
  const found = await searchApi.suggest(path, item, signal);
  const chosen = new Set((facets[key]?.options ?? []).filter((o) => o.selected).map((o) => String(o.id)));
  const row = found.find((o) => chosen.has(String(o.id))) ?? found[0];
  return row && shownName(key, row);
}

/**
 * Chips name what a stored filter holds, never its raw token: an id no facet lists is read by id, a name the
 * search resolved ('l=sg') is named as the one name matcher resolves it, and one no row answers is shown as not found.
 */
function useStoredNames(state: SearchState, known: Map<string, string>, facets: Record<string, Facet> | undefined) {
  const [, setAnswered] = useState(0);
  const items = Object.keys(NAMED).flatMap((key) =>
    state.multi[key as MultiKey].filter((item) => !known.has(`${key}:${item}`)).map((item) => ({ key, item })),
  );
  const wanted = JSON.stringify(items);
  useEffect(() => {
    if (!items.length || !facets) return undefined;
    const controller = new AbortController();
    void Promise.all(
      items.map(async ({ key, item }) => {
        const name = await nameOf(key, item, facets, controller.signal).catch(() => null);
        if (name === null || controller.signal.aborted) return;
        known.set(`${key}:${item}`, name ?? t('search.page.unknownName', { name: item }));
      }),
    ).then(() => !controller.signal.aborted && setAnswered((n) => n + 1));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the items' text, asked once facets came
  }, [wanted, !facets]);
}

/** The facets before the first answer: one object, so the memoised filter column is not drawn again for nothing. */
const NO_FACETS: Record<string, Facet> = {};
const NO_DOCS: SearchDoc[] = [];

export function SearchPage({ toolbar, notice, resultActions }: SearchPageProps = {}) {
  const { viewer } = useAuth();
  const isAdmin = viewer?.role === 'admin';
  const write = useCallback((next: SearchState) => writeState(next, isAdmin), [isAdmin]);
  const [state, go] = useAddressState(readState, write);
  const query = useMemo(() => writeState(state, isAdmin), [state, isAdmin]);
  // The API is always told the page size: its own default (25) is not the portal's (20).
  const asked = useMemo(() => apiSearchQuery(state, isAdmin).toString(), [state, isAdmin]);
  const { data, loading, error, retry, answered } = useSearch(asked);
  const [open, openPanel, closePanel] = usePanelParam();
  const openDoc = useCallback((doc: SearchDoc) => openPanel(doc.id), [openPanel]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  // Labels of ids chosen from autocompletes and seen in facets, so chips can name what the URL holds.
  const known = useRef(new Map<string, string>());
  for (const [key, facet] of Object.entries(data?.facets ?? {}))
    for (const o of facet.options) known.current.set(`${key}:${o.id}`, shownName(key, o));
  useStoredNames(state, known.current, data?.facets);
  const labelOf = useCallback((key: MultiKey, id: string) => known.current.get(`${key}:${id}`) ?? id, []);

  const change = useCallback(
    (edit: SearchEdit, picked?: { key: MultiKey; option: Option }) => {
      if (picked) known.current.set(`${picked.key}:${picked.option.id}`, shownName(picked.key, picked.option));
      go(edit);
    },
    [go],
  );

  const [resultsTop, resultsHeading] = [useRef<HTMLDivElement>(null), useRef<HTMLHeadingElement>(null)];
  const total = data?.totalResults ?? 0;
  // The range and pages of the page the answer holds, in the answer's own page size.
  const perPage = data?.perPage ?? state.perPage;
  const range = pageRange(total, data?.page ?? state.page, perPage);
  const { from, to, pages } = range;
  const pastEnd = range.pastEnd && data?.docs.length === 0;
  // Past the last page (an old link, results gone since) no page button is current: any one leads back.
  const pager = (
    <Pagination
      sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
      count={pages}
      page={pastEnd ? state.page : Math.min(state.page, pages)}
      onChange={(_, page) => {
        go((now) => ({ ...now, page })); // read from its top (below the sticky bar), the focus on its heading
        resultsTop.current?.scrollIntoView({ block: 'start' });
        resultsHeading.current?.focus({ preventScroll: true });
      }}
    />
  );

  const filters = (
    <SearchFilters
      state={state}
      facets={data?.facets ?? NO_FACETS}
      pending={!data && !error}
      isAdmin={isAdmin}
      labelOf={labelOf}
      onChange={change}
      salaryTop={data?.salaryMax ? { currency: data.currency, max: data.salaryMax } : undefined}
    />
  );
  return (
    <>
      <SkipTo target={RESULTS_ID}>{t('search.page.skipToResults')}</SkipTo>
      <PageHeader title={t('portal.screens.search.title')} subtitle={t('portal.screens.search.subtitle')} />
      <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
        {!narrow && <FilterColumn>{filters}</FilterColumn>}
        <Box
          ref={resultsTop}
          sx={{ flex: 1, minWidth: 0, scrollMarginTop: 88 }}
          data-testid="results"
          data-answered={loading ? undefined : answered === asked ? query.toString() : answered}
        >
          {/* The outline a screen reader lists: the page's title, its filters, then the candidates found. */}
          <Typography component="h2" ref={resultsHeading} tabIndex={-1} sx={visuallyHidden}>
            {t('search.page.resultsTitle')}
          </Typography>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
            data-testid="search-toolbar"
          >
            {narrow && (
              <Button startIcon={<TuneOutlined />} variant="outlined" onClick={() => setFiltersOpen(true)}>
                {t('search.page.showFilters')}
              </Button>
            )}
            <Typography
              variant="body2"
              color="text.secondary"
              aria-live="polite"
              data-testid="showing"
              sx={{ flex: 1, minWidth: 180 }}
            >
              {data && !error && !pastEnd
                ? t('search.page.showing', {
                    range: formatRange(from, to, total, data.totalIsEstimate ? 'about' : undefined),
                  })
                : ''}
            </Typography>
            {toolbar?.({ state, query, total })}
            <TextField
              select
              size="small"
              // Beside Per page, not each across the page (the theme makes text fields full width).
              fullWidth={false}
              sx={{ minWidth: 170 }}
              label={t('search.page.sort')}
              value={state.sort}
              onChange={(e) => {
                const sort = e.target.value as SearchState['sort'];
                go((now) => ({ ...now, sort, page: 1 }));
              }}
              slotProps={{ htmlInput: { 'data-testid': 'sort' } }}
            >
              {SORTS.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`search.sorts.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              fullWidth={false}
              sx={{ minWidth: 100 }}
              label={t('search.page.perPage')}
              value={state.perPage}
              onChange={(e) => {
                const perPage = Number(e.target.value);
                go((now) => ({ ...now, perPage, page: 1 }));
              }}
              slotProps={{ htmlInput: { 'data-testid': 'per-page' } }}
            >
              {PAGE_SIZES.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {notice?.({ query })}
          <ActiveFilters state={state} isAdmin={isAdmin} labelOf={labelOf} onChange={go} />
          <Box
            id={RESULTS_ID}
            tabIndex={-1}
            role="region"
            aria-label={t('search.page.resultsTitle')}
            sx={focusedRegion}
          >
            {error ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={retry}>
                    {t('search.page.retry')}
                  </Button>
                }
              >
                <strong>{t('search.page.errorTitle')}</strong> —{' '}
                {Object.values(error.fields).length
                  ? Object.values(error.fields)
                      .map((k) => t(k))
                      .join(' ')
                  : t(error.code)}
              </Alert>
            ) : loading && !data ? (
              <Stack spacing={1.5} data-testid="skeletons">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} variant="rectangular" height={112} sx={{ borderRadius: 1 }} />
                ))}
              </Stack>
            ) : pastEnd ? (
              <EmptyState
                icon={<ManageSearchOutlined />}
                title={t('search.page.pastEndTitle')}
                description={t('search.page.pastEndText')}
                action={pager}
              />
            ) : data && data.docs.length === 0 ? (
              <EmptyState
                icon={<ManageSearchOutlined />}
                title={t('search.page.noResultsTitle')}
                description={t('search.page.noResultsText')}
                action={<ActiveFilters state={state} isAdmin={isAdmin} labelOf={labelOf} onChange={go} suggest />}
              />
            ) : (
              <ResultList
                docs={data?.docs ?? NO_DOCS}
                loading={loading}
                onOpen={openDoc}
                resultActions={resultActions}
                footer={total > perPage && pager}
              />
            )}
          </Box>
          {!narrow && <SkipTo target={FILTERS_ID}>{t('search.page.backToFilters')}</SkipTo>}
        </Box>
      </Stack>
      {narrow && (
        <Drawer
          anchor="left"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          slotProps={{ paper: { sx: { width: '88%', maxWidth: 360, p: 2 } } }}
        >
          <Button onClick={() => setFiltersOpen(false)} sx={{ alignSelf: 'flex-end', mb: 1 }}>
            {t('search.page.hideFilters')}
          </Button>
          {filters}
        </Drawer>
      )}
      <ProfilePanel id={open} currency={state.currency} onClose={closePanel} />
    </>
  );
}
