/**
 * The search page's ways past its filter column by keyboard (WCAG 2.4.1 bypass blocks, 2.4.3 focus order): the
 * filters are some seventy Tab stops, so the page content opens with "Skip to results", shown only while focused,
 * which moves the focus to the results region (`RESULTS_ID`, focusable by script only); the next Tab is then the
 * first result. After the results, "Back to filters" moves the focus to the filter column (`FILTERS_ID`).
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { useTurn } from '../../components/useFirstScreenful';

export const RESULTS_ID = 'search-results';
export const FILTERS_ID = 'search-filters';

/** The outline a region reached by a skip link shows while it holds the focus. */
export const focusedRegion = {
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4, borderRadius: 1 },
} as const;

/**
 * The filter column comes a task after the page: its first drawing inserts a good part of the page's styles, and with
 * the rest of the page it would make one long task. Its place is held at its width, so nothing moves. It is where
 * "Back to filters" leads.
 */
export function FilterColumn({ children }: { children: ReactNode }) {
  const shown = useTurn(1);
  return (
    <Box
      component="aside"
      id={FILTERS_ID}
      tabIndex={-1}
      aria-label={t('search.page.filtersTitle')}
      sx={{ width: 300, flexShrink: 0, ...focusedRegion }}
    >
      {shown && children}
    </Box>
  );
}
