/** Text search (200 ms after typing stops), status filter and sort above the projects list. */
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { SORTS, STATUS_VALUES, type ProjectsQuery, type SortChoice } from './projectsQuery';

export const SEARCH_DEBOUNCE_MS = 200;
const L = 'portal.projectsPortal.list';

interface Props {
  query: ProjectsQuery;
  update(changes: Partial<ProjectsQuery>): void;
}

export function ProjectsToolbar({ query, update }: Props) {
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => update({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query.q, update]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' } }}>
      <TextField
        size="small"
        type="search"
        placeholder={t(`${L}.searchPlaceholder`)}
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ flex: 1, maxWidth: { md: 420 } }}
        slotProps={{
          htmlInput: { 'aria-label': t(`${L}.searchPlaceholder`), 'data-testid': 'projects-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1.5} sx={{ ml: { md: 'auto' } }}>
        <TextField
          select
          size="small"
          label={t(`${L}.status`)}
          value={query.status === null ? 'all' : String(query.status)}
          onChange={(e) => update({ status: e.target.value === 'all' ? null : Number(e.target.value) })}
          sx={{ minWidth: 140, flex: { xs: 1, md: 'none' } }}
          slotProps={{ htmlInput: { 'data-testid': 'status-filter' } }}
        >
          <MenuItem value="all">{t(`${L}.allStatuses`)}</MenuItem>
          {STATUS_VALUES.map((s) => (
            <MenuItem key={s} value={String(s)}>
              {t(`portal.projectsPortal.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t(`${L}.sort`)}
          value={query.sort}
          onChange={(e) => update({ sort: e.target.value as SortChoice })}
          sx={{ minWidth: 170, flex: { xs: 1, md: 'none' } }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`${L}.sorts.${s.replace(':', '_')}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
