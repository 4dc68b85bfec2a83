/**
 * The console lists' Export: every row of the list as it stands (its filters, the screen's own fixed
 * filter and its sort), not only the first 1,000 react-admin's ExportButton asks for. The rows are
 * read one page of EXPORT_PAGE_SIZE after another through the data provider (the API's largest
 * page, backend/crud/query.ts MAX_PAGE), each page turned into CSV rows as it arrives (its
 * references' names looked up for that page: exporter.ts `pageRows`), and one file is written at
 * the end. A dialog shows how far it got ("Exporting 3,000 of 12,400…") with a Cancel that stops
 * the request in flight; nothing is written when cancelled or when a page fails.
 *
 * A list holding more than EXPORT_CEILING rows is refused up front with its count, and so is one
 * found to hold more on the way (the talent list's total is an estimate above 10,000). Pages stay
 * in order because the API sorts by the list's sort and then by id (backend/crud/router.ts and the
 * talent list's backend/features/search/adminList.ts), so no row falls between two pages.
 */
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  fetchRelatedRecords,
  useDataProvider,
  useListContext,
  useTranslate,
  type DataProvider,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { formatCount } from '../../i18n';
import { downloadCsv, isPagedExporter, toCsv } from './exporter';

/** The most rows one export writes; a larger list is refused, its admin asked to narrow the filters. */
export const EXPORT_CEILING = 50_000;
/** Rows asked for per request: the API's largest page (backend/crud/query.ts MAX_PAGE). */
export const EXPORT_PAGE_SIZE = 1000;

/** The refusal's text (a key of ra.export_all and its values) for a list of `total` rows, or none when it may go. */
export function exportRefusal(
  total: number | undefined,
  ceiling = EXPORT_CEILING,
): { key: string; values: Record<string, string> } | undefined {
  if (total === undefined || total <= ceiling) return undefined;
  return { key: 'ra.export_all.too_many', values: { total: formatCount(total), max: formatCount(ceiling) } };
}

interface Job {
  dataProvider: DataProvider;
  resource: string;
  sort: SortPayload;
  filter: Record<string, unknown>;
  signal: AbortSignal;
  /** The list's total when the export began: the progress counts towards it (or the latest page's, if larger). */
  total: number;
  onProgress: (done: number, total: number) => void;
}

/**
 * Reads the list page after page, in order, handing each page to `eachPage` before asking for the
 * next; stops at the first page shorter than a full one. 'tooMany' when more than the ceiling turned up.
 */
export async function readEveryPage(
  job: Job,
  eachPage: (records: RaRecord[]) => Promise<void>,
): Promise<'done' | 'tooMany'> {
  const { dataProvider, resource, sort, filter, signal } = job;
  let done = 0;
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList(resource, {
      sort,
      filter,
      pagination: { page, perPage: EXPORT_PAGE_SIZE },
      signal,
    });
    done += data.length;
    if (done > EXPORT_CEILING) return 'tooMany';
    await eachPage(data);
    job.onProgress(done, Math.max(job.total, total ?? 0, done));
    if (data.length < EXPORT_PAGE_SIZE) return 'done';
  }
}

type State = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'message'; text: string };

/** The lists' Export button: labelled and disabled as react-admin's (nothing to export, or an export under way). */
export function ExportAllButton() {
  const { filter, filterValues, resource, sort, exporter, total } = useListContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  // Leaving the list stops its export.
  useEffect(() => () => running.current?.abort(), []);

  const exportAll = async () => {
    const refusal = exportRefusal(total);
    if (refusal) return setState({ kind: 'message', text: translate(refusal.key, refusal.values) });
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', done: 0, total: total ?? 0 });
    const related = fetchRelatedRecords(dataProvider);
    const rows: Record<string, unknown>[] = [];
    const records: RaRecord[] = [];
    try {
      const outcome = await readEveryPage(
        {
          dataProvider,
          resource,
          sort,
          filter: filter ? { ...filterValues, ...filter } : filterValues,
          signal: controller.signal,
          total: total ?? 0,
          onProgress: (done, of) => !controller.signal.aborted && setState({ kind: 'running', done, total: of }),
        },
        async (page) => {
          if (isPagedExporter(exporter)) rows.push(...(await exporter.pageRows(page, related)));
          else records.push(...page);
        },
      );
      if (controller.signal.aborted) return;
      if (outcome === 'tooMany') {
        const values = { max: formatCount(EXPORT_CEILING) };
        return setState({ kind: 'message', text: translate('ra.export_all.too_many_more', values) });
      }
      // An exporter of another kind gets every record at once, as react-admin's button would give it the first 1,000.
      if (isPagedExporter(exporter)) downloadCsv(toCsv(rows), exporter.fileName);
      else if (exporter) await exporter(records, related, dataProvider, resource);
      setState({ kind: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      setState({ kind: 'message', text: translate('ra.export_all.failed') });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  };

  const close = () => {
    running.current?.abort();
    setState({ kind: 'idle' });
  };

  return (
    <>
      <Button
        label="ra.action.export"
        // Named on a phone too, where react-admin's disabled icon button has no label of its own.
        aria-label={translate('ra.action.export')}
        onClick={() => void exportAll()}
        disabled={total === 0 || state.kind === 'running'}
      >
        <DownloadIcon />
      </Button>
      <Dialog
        open={state.kind !== 'idle'}
        // A message closes as any dialog does; a running export only by its Cancel.
        onClose={state.kind === 'message' ? close : undefined}
        maxWidth="xs"
        fullWidth
        aria-labelledby="export-all-title"
      >
        <DialogTitle id="export-all-title">{translate('ra.export_all.title')}</DialogTitle>
        <DialogContent>
          {state.kind === 'running' && (
            <>
              <Typography role="status" gutterBottom>
                {translate('ra.export_all.progress', {
                  done: formatCount(state.done),
                  total: formatCount(state.total),
                })}
              </Typography>
              <LinearProgress
                aria-label={translate('ra.export_all.title')}
                variant="determinate"
                value={state.total ? Math.min(100, (state.done / state.total) * 100) : 0}
              />
            </>
          )}
          {state.kind === 'message' && <Typography role="alert">{state.text}</Typography>}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>
            {translate(state.kind === 'running' ? 'ra.action.cancel' : 'ra.action.close')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
