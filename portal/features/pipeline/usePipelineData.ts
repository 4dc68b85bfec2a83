/**
 * Loading a project's candidates: one tab (the list view) or the first page of every visible stage
 * (the board), cancelling the earlier request when the tab, the filters or the view change.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import { ApiError } from '../../../ui/api/client';
import { pipelineApi, type PipelineDoc, type StageStats } from '../../api/pipeline';

/** How many candidates each board column loads (the list view pages through the rest). */
export const BOARD_COLUMN_SIZE = 50;
/**
 * The order a board column is asked in: the last move in the project first, the order it is drawn in (boardLogic.ts),
 * so a column of more than BOARD_COLUMN_SIZE loads the candidates it shows first. The suggested column, whose
 * candidates are mostly found by the saved search and never moved, keeps the sort chosen.
 */
export const BOARD_SORT = 'recentlyMoved';

export interface PipelineData {
  /** The view the answer is for: a list's answer is never drawn as a board, whose other columns it does not hold. */
  view: 'list' | 'board';
  docs: PipelineDoc[];
  /**
   * Candidates per shown stage (the list: the tab's; the board: every column whose answer arrived). A board column
   * without its total is still loading: it shows so, never an empty column or a count of 0.
   */
  totals: Partial<Record<StageId, number>>;
  stats?: StageStats;
}

const asApiError = (err: unknown) =>
  err instanceof ApiError ? err : new ApiError(0, 'errors.internalServerError', String(err));

async function loadList(
  projectId: string,
  tab: StageId,
  query: URLSearchParams,
  signal: AbortSignal,
): Promise<PipelineData> {
  const answer = await pipelineApi.tab(projectId, tab, query, signal);
  return { view: 'list', docs: answer.docs, totals: { [tab]: answer.totalResults }, stats: answer.stats };
}

/**
 * The board's columns, each drawn as its answer arrives (`onColumn` gets the board so far): a long search of the
 * suggested tab does not hold back the other columns. A reload of the same board (`keep`) is drawn once whole, over
 * the board shown, so no column goes back to loading.
 */
async function loadBoard(
  projectId: string,
  stages: readonly StageId[],
  query: URLSearchParams,
  signal: AbortSignal,
  onColumn: ((board: PipelineData) => void) | undefined,
): Promise<PipelineData> {
  const q = new URLSearchParams(query);
  q.delete('p');
  q.set('pp', String(BOARD_COLUMN_SIZE));
  const answers: (Awaited<ReturnType<typeof pipelineApi.tab>> | undefined)[] = stages.map(() => undefined);
  const board = (): PipelineData => {
    const seen = new Set<string>();
    const docs: PipelineDoc[] = [];
    for (const answer of answers)
      for (const doc of answer?.docs ?? []) if (!seen.has(doc.id) && seen.add(doc.id)) docs.push(doc);
    const totals: Partial<Record<StageId, number>> = {};
    stages.forEach((s, i) => {
      if (answers[i]) totals[s] = answers[i].totalResults;
    });
    return { view: 'board', docs, totals, stats: answers.findLast((a) => a?.stats)?.stats };
  };
  const moved = new URLSearchParams(q);
  moved.set('sort', BOARD_SORT);
  await Promise.all(
    stages.map(async (s, i) => {
      answers[i] = await pipelineApi.tab(projectId, s, s === STAGES.open ? q : moved, signal);
      if (onColumn && !signal.aborted && answers.some((a) => !a)) onColumn(board());
    }),
  );
  return board();
}

/** `key` changes whenever what is shown must be asked again (tab, view, filters, a finished move). */
export function usePipelineData(
  projectId: string | undefined,
  view: 'list' | 'board',
  tab: StageId | undefined,
  stages: readonly StageId[],
  query: string,
) {
  const [data, setData] = useState<PipelineData>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError>();
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController>(undefined);
  /** The board last asked for (project, columns, filters): asking again is a reload. */
  const shownBoard = useRef<string>(undefined);
  const stagesKey = stages.join(',');

  useEffect(() => {
    if (!projectId || tab === undefined) return undefined;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setLoading(true);
    const params = new URLSearchParams(query);
    const shown = stagesKey ? (stagesKey.split(',').map(Number) as StageId[]) : [];
    const boardKey = `${projectId}|${stagesKey}|${query}`;
    const again = view === 'board' && shownBoard.current === boardKey;
    shownBoard.current = view === 'board' ? boardKey : undefined;
    const partial = (board: PipelineData) => startTransition(() => setData(board));
    (view === 'board'
      ? loadBoard(projectId, shown, params, mine.signal, again ? undefined : partial)
      : loadList(projectId, tab, params, mine.signal)
    )
      .then((answer) => {
        if (mine.signal.aborted) return;
        // Drawn as a transition: a board of many cards renders in slices rather than in one long task.
        startTransition(() => {
          setData(answer);
          setError(undefined);
          setLoading(false);
        });
      })
      .catch((err: unknown) => {
        if (mine.signal.aborted || (err as Error).name === 'AbortError') return;
        setError(asApiError(err));
        setLoading(false);
      });
    return () => mine.abort();
  }, [projectId, view, tab, stagesKey, query, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer for the other view is not shown: until the view's own first answer, the page shows it loading.
  // `reloads` counts the reloads asked for (a move, a teammate's change), not the tabs or filters chosen.
  return { data: data?.view === view ? data : undefined, loading, error, reload, reloads: attempt };
}
