/**
 * Above the candidates: list or board, the search page's filters in a drawer, the hidden and favourite flags, sort and
 * page size. On the board the sort orders the suggested column alone, and says so (every other column shows the most
 * recently moved first, usePipelineData.ts); a board without that column has no sort to choose. The tab search
 * answers no facet counts: the filters say how many are selected, and the chips of ids the address holds (a reload, a
 * shared link) are named by their lookups.
 */
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewAgendaOutlined from '@mui/icons-material/ViewAgendaOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Drawer,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { formatRange, t } from '../../../i18n';
import type { Option } from '../../api/search';
import { ActiveFilters } from '../search/ActiveFilters';
import { SearchFilters } from '../search/SearchFilters';
import type { AddressEdit } from '../../components/useAddressState';
import {
  ADMIN_MULTI_KEYS,
  MULTI_KEYS,
  PAGE_SIZES,
  SORTS,
  pageRange,
  type MultiKey,
  type SearchEdit,
  type SearchState,
} from '../search/searchUrl';
import { filterLabels, namedByLookup } from './filterLabels';
import { hasFilters, type PipelineUrlState, type PipelineView } from './pipelineUrl';

const NO_FACETS = {};

/** Labels of the ids chosen in the filters: those picked here, else read by id from their lookups, each once. */
function useFilterLabels(multi: SearchState['multi']) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());
  // A new function once names arrive, so the memoised filters draw them.
  const labelOf = useCallback((key: MultiKey, id: string) => names.get(`${key}:${id}`) ?? id, [names]);
  const remember = useCallback((key: MultiKey, id: string, label: string) => {
    asked.current.add(`${key}:${id}`);
    setNames((now) => new Map(now).set(`${key}:${id}`, label));
  }, []);
  useEffect(() => {
    const wanted = [...MULTI_KEYS, ...ADMIN_MULTI_KEYS]
      .filter(namedByLookup)
      .map((key): [MultiKey, string[]] => [key, multi[key].filter((id) => !asked.current.has(`${key}:${id}`))])
      .filter(([, ids]) => ids.length > 0);
    for (const [key, ids] of wanted) for (const id of ids) asked.current.add(`${key}:${id}`);
    if (!wanted.length) return;
    filterLabels(wanted)
      .then((found) => found.size && setNames((now) => new Map([...now, ...found])))
      // Asked again the next time the filters change; meanwhile the chip shows the id.
      .catch(() => wanted.forEach(([key, ids]) => ids.forEach((id) => asked.current.delete(`${key}:${id}`))));
  }, [multi]);
  return { labelOf, remember };
}

interface Props {
  url: PipelineUrlState;
  isAdmin: boolean;
  total: number | undefined;
  /** The board shows the suggested column, the one its sort orders. */
  boardSuggested: boolean;
  /** Each change is an edit of the state the address holds when it lands (see `useAddressState`). */
  onChange(edit: AddressEdit<PipelineUrlState>): void;
}

// Memoised: its props change with the address and the count, not with each answer or selection.
export const PipelineToolbar = memo(function PipelineToolbar({ url, isAdmin, total, boardSuggested, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const { labelOf, remember } = useFilterLabels(url.search.multi);
  // The API is asked in the page size chosen (apiQuery), so the range is the one the list shows.
  const range = total === undefined ? undefined : pageRange(total, url.search.page, url.search.perPage);
  const setSearch = (edit: SearchEdit) => onChange((now) => ({ ...now, search: edit(now.search) }));
  const change = (edit: SearchEdit, picked?: { key: MultiKey; option: Option }) => {
    if (picked) remember(picked.key, String(picked.option.id), picked.option.label);
    setSearch(edit);
  };
  const flag = (key: 'hidden' | 'favourited', label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={url[key]}
          onChange={(e) => {
            const checked = e.target.checked;
            onChange((now) => ({ ...now, [key]: checked, search: { ...now.search, page: 1 } }));
          }}
        />
      }
      label={label}
    />
  );
  const filtered = hasFilters(url);

  return (
    <>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
        data-testid="pipeline-toolbar"
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={url.view}
          onChange={(_, view: PipelineView | null) => view && onChange((now) => ({ ...now, view }))}
          aria-label={t('portal.pipeline.view.label')}
        >
          <ToggleButton value="list" aria-label={t('portal.pipeline.view.list')}>
            <ViewAgendaOutlined fontSize="small" sx={{ mr: 0.75 }} />
            {t('portal.pipeline.view.list')}
          </ToggleButton>
          <ToggleButton value="board" aria-label={t('portal.pipeline.view.board')}>
            <ViewKanbanOutlined fontSize="small" sx={{ mr: 0.75 }} />
            {t('portal.pipeline.view.board')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Badge color="primary" variant="dot" invisible={!filtered}>
          <Button startIcon={<TuneOutlined />} variant="outlined" onClick={() => setOpen(true)}>
            {t('portal.pipeline.filters.show')}
          </Button>
        </Badge>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, minWidth: 120 }}
          aria-live="polite"
          data-testid="pipeline-showing"
        >
          {url.view === 'list' && range && total && !range.pastEnd
            ? t('portal.pipeline.showing', { range: formatRange(range.from, range.to, total) })
            : ''}
        </Typography>
        {(url.view === 'list' || boardSuggested) && (
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 150 }}
            label={url.view === 'board' ? t('portal.pipeline.sortSuggested') : t('search.page.sort')}
            value={url.search.sort}
            onChange={(e) => {
              const sort = e.target.value as SearchState['sort'];
              setSearch((now) => ({ ...now, sort, page: 1 }));
            }}
          >
            {SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`search.sorts.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {url.view === 'list' && (
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 96 }}
            label={t('search.page.perPage')}
            value={url.search.perPage}
            onChange={(e) => {
              const perPage = Number(e.target.value);
              setSearch((now) => ({ ...now, perPage, page: 1 }));
            }}
          >
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <ActiveFilters state={url.search} isAdmin={isAdmin} labelOf={labelOf} onChange={setSearch} />
      <Drawer
        anchor="left"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: '88%', maxWidth: 360, p: 2 } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('portal.pipeline.filters.title')}
          </Typography>
          <Button onClick={() => setOpen(false)}>{t('portal.pipeline.filters.hide')}</Button>
        </Stack>
        <Box sx={{ mb: 2 }}>
          {flag('hidden', t('portal.pipeline.filters.hidden'))}
          {flag('favourited', t('portal.pipeline.filters.favourited'))}
        </Box>
        <SearchFilters state={url.search} facets={NO_FACETS} isAdmin={isAdmin} labelOf={labelOf} onChange={change} />
      </Drawer>
    </>
  );
});
