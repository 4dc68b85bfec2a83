/** Search (fires 200 ms after typing stops) and status tabs above a users table. */
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, Stack, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { STATUS_FILTERS, type StatusFilter } from './teamQuery';

export const SEARCH_DEBOUNCE_MS = 200;

interface Props {
  search: string;
  status: StatusFilter;
  onSearch(text: string): void;
  onStatus(status: StatusFilter): void;
}

export function TeamToolbar({ search, status, onSearch, onStatus }: Props) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', px: 2, pt: 1.5 }}
    >
      {/* On a phone the tabs scroll (with arrows) rather than cut the last one at the edge, as the stage tabs do. */}
      <Tabs
        value={status}
        onChange={(_e, s: StatusFilter) => onStatus(s)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('portal.team.statusFilter')}
        sx={{ minWidth: 0 }}
      >
        {STATUS_FILTERS.map((s) => (
          <Tab key={s} value={s} label={t(`portal.team.filters.${s}`)} />
        ))}
      </Tabs>
      <TextField
        size="small"
        type="search"
        placeholder={t('portal.team.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ width: { md: 340 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('portal.team.searchPlaceholder') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
