/** Above the candidates: list or board, the search page's filters in a drawer, the hidden and favourite flags, sort and page size. */
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
import { memo, useCallback, useRef, useState } from 'react';
import { t } from '../../../i18n';
import type { Option } from '../../api/search';
import { ActiveFilters } from '../search/ActiveFilters';
import { SearchFilters } from '../search/SearchFilters';
import type { AddressEdit } from '../../components/useAddressState';
import { PAGE_SIZES, SORTS, type MultiKey, type SearchEdit, type SearchState } from '../search/searchUrl';
import { hasFilters, type PipelineUrlState, type PipelineView } from './pipelineUrl';

interface Props {
  url: PipelineUrlState;
  isAdmin: boolean;
  total: number | undefined;
  /** Each change is an edit of the state the address holds when it lands (see `useAddressState`). */
  onChange(edit: AddressEdit<PipelineUrlState>): void;
}

// Memoised: its props change with the address and the count, not with each answer or selection.
export const PipelineToolbar = memo(function PipelineToolbar({ url, isAdmin, total, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const known = useRef(new Map<string, string>());
  const labelOf = useCallback((key: MultiKey, id: string) => known.current.get(`${key}:${id}`) ?? id, []);
  const setSearch = (edit: SearchEdit) => onChange((now) => ({ ...now, search: edit(now.search) }));
  const change = (edit: SearchEdit, picked?: { key: MultiKey; option: Option }) => {
    if (picked) known.current.set(`${picked.key}:${picked.option.id}`, picked.option.label);
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
          {url.view === 'list' && total !== undefined && total > 0
            ? t('portal.pipeline.showing', {
                from: (url.search.page - 1) * url.search.perPage + 1,
                to: Math.min(total, url.search.page * url.search.perPage),
                total,
              })
            : ''}
        </Typography>
        <TextField
          select
          size="small"
          fullWidth={false}
          sx={{ minWidth: 150 }}
          label={t('search.page.sort')}
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
        <SearchFilters state={url.search} facets={{}} isAdmin={isAdmin} labelOf={labelOf} onChange={change} />
      </Drawer>
    </>
  );
});
