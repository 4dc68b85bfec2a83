/**
 * One admin dashboard screen, as every one of them is built: its title, the shared filter bar (with any filter of its
 * own), the loading, error and empty states, a chart when it has one, and its table: paged for the logs, whole for the
 * weekly overview. The CSV export writes the table's columns for every row, not only the page shown, up to the
 * console's ceiling (csv.ts CSV_CEILING); a file holding fewer rows than the table says so ("the first N of M rows").
 */
import { Alert, Box, Paper } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatCount, t } from '../../../i18n';
import type { DashboardQuery, Pagination } from '../../api/dashboards';
import { PageHeader } from '../../components/PageHeader';
import { allPages, downloadCsv, toCsv, type Cell } from './csv';
import { DashboardFilters, DashboardState } from './DashboardFilters';
import { PagedTable, type Column } from './PagedTable';
import type { useDashboard } from './useDashboard';

interface Answer<R> {
  data: R[];
  pagination?: Pagination;
}

interface Props<R, A extends Answer<R>> {
  /** The screen's texts: portal.dashboard.<section>.title, subtitle, emptyTitle and emptyText. */
  section: 'weekly' | 'overview' | 'assigned' | 'recruitment';
  icon: ReactNode;
  dashboard: ReturnType<typeof useDashboard<A>>;
  columns: Column<R>[];
  rowKey(row: R): string;
  testId: string;
  /** The CSV file's name; every page is read again for it through `load` when the table is paged. */
  csvName: string;
  load(query: DashboardQuery): Promise<A>;
  /** Nothing to show; by default, no rows. */
  empty?: boolean;
  chart?: ReactNode;
  filters?: ReactNode;
}

const cellOf = <R,>(c: Column<R>, row: R): Cell => (c.csv ? c.csv(row) : (c.cell(row) as Cell));

export function DashboardScreen<R, A extends Answer<R>>(props: Props<R, A>) {
  const { section, dashboard: d, columns, csvName, load } = props;
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [exportCut, setExportCut] = useState<{ n: string; total: string } | null>(null);
  const T = (k: string) => t(`portal.dashboard.${section}.${k}`);
  const answer = d.result;
  const empty = props.empty ?? (answer ? (answer.pagination?.dataCount ?? answer.data.length) === 0 : false);
  const exportCsv = async () => {
    setExporting(true);
    setExportFailed(false);
    setExportCut(null);
    try {
      const read = answer?.pagination
        ? await allPages((page, perPage) => load({ ...d.query, page, perPage }) as never)
        : null;
      const rows = read ? read.rows : (answer?.data ?? []);
      downloadCsv(
        csvName,
        toCsv(
          columns.map((c) => c.csvHeader ?? c.header),
          (rows as R[]).map((r) => columns.map((c) => cellOf(c, r))),
        ),
      );
      // Fewer rows than the table holds (past the ceiling, or past a capped count): said, never silently.
      if (read?.cut)
        setExportCut({
          n: formatCount(read.rows.length),
          total: `${formatCount(read.total)}${read.capped ? '+' : ''}`,
        });
    } catch {
      // A page that could not be read (offline, a server error): said, rather than a spinner that stops with no file.
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Box>
      <PageHeader title={T('title')} subtitle={T('subtitle')} />
      <DashboardFilters
        params={d.params}
        set={d.set}
        clear={d.clear}
        filtered={d.filtered}
        fieldErrors={d.fieldErrors}
        onExport={answer && !empty ? () => void exportCsv() : undefined}
        exporting={exporting}
      >
        {props.filters}
      </DashboardFilters>
      {exportFailed && (
        <Alert severity="error" onClose={() => setExportFailed(false)} sx={{ mb: 2 }} data-testid="export-failed">
          {t('portal.dashboard.exportFailed')}
        </Alert>
      )}
      {exportCut && (
        <Alert severity="info" onClose={() => setExportCut(null)} sx={{ mb: 2 }} data-testid="export-cut">
          {t('portal.dashboard.exportCut', exportCut)}
        </Alert>
      )}
      <DashboardState
        loading={d.loading}
        failure={d.failure}
        retry={d.retry}
        empty={empty}
        icon={props.icon}
        emptyTitle={T('emptyTitle')}
        emptyText={T('emptyText')}
      >
        {answer && (
          <>
            {props.chart && (
              <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                {props.chart}
              </Paper>
            )}
            <PagedTable
              testId={props.testId}
              columns={columns}
              rows={answer.data}
              rowKey={props.rowKey}
              pagination={answer.pagination}
              set={d.set}
            />
          </>
        )}
      </DashboardState>
    </Box>
  );
}
