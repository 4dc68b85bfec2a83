/** The table every dashboard shows: columns by header and cell, and for a paged answer its pages, kept in the URL (p, pp). */
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { pagerLabels } from '../../components/pagerLabels';
import type { ReactNode } from 'react';
import type { Pagination } from '../../api/dashboards';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /** What the CSV export writes when it is not the cell's own text. */
  csv?(row: T): string | number | null | undefined;
  /** The CSV's header when it is not the screen's (a time written in UTC says so). */
  csvHeader?: string;
  align?: 'right';
  nowrap?: boolean;
}

interface Props<T> {
  testId: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string;
  /** Absent for an answer that is whole (the weekly overview). */
  pagination?: Pagination;
  set(changes: Record<string, string | number | undefined>): void;
}

export function PagedTable<T>({ testId, columns, rows, rowKey, pagination, set }: Props<T>) {
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0}>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={rowKey(r)} hover>
                {columns.map((c) => (
                  <TableCell key={c.header} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.cell(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination && (
        <TablePagination
          component="div"
          count={pagination.dataCount}
          page={pagination.currentPage - 1}
          rowsPerPage={pagination.pageSize}
          rowsPerPageOptions={[25, 50, 100]}
          {...pagerLabels(pagination.countCapped)}
          onPageChange={(_e, page) => set({ p: page + 1 })}
          onRowsPerPageChange={(e) => set({ pp: e.target.value, p: undefined })}
        />
      )}
    </Paper>
  );
}
