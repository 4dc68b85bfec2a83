/**
 * The words of a portal table's pager (MUI's TablePagination), from the catalogue rather than MUI's built-in English:
 * the size choice, the range as every list writes it (i18n's formatRange) and the buttons' names. Spread onto the pager;
 * `atLeast` when the total is a count that stopped ('1–25 of 10,000+').
 */
import type { TablePaginationProps } from '@mui/material';
import { formatRange, t } from '../../i18n';

type PagerLabels = Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'>;

export function pagerLabels(atLeast = false): PagerLabels {
  return {
    labelRowsPerPage: t('portal.common.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => formatRange(from, to, count, atLeast ? 'atLeast' : undefined),
    getItemAriaLabel: (type) => t(`portal.common.pageButton.${type}`),
  };
}
