/**
 * The pipeline board's side-free logic: candidates grouped into stage columns in the server's order, optimistic moves
 * drawn where the server will list them that settle or roll back (back to their place), and the stage counts after a move (spec section 4). A reload that lands while a move is
 * in flight keeps the card where the move put it, but what it says of the candidate's stage is where a refused move
 * goes back to: the stage the server has, not the one the card was dragged from.
 */
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import type { StageStats } from '../../api/pipeline';
import { STAGE_KEYS } from './stageKeys';

export interface BoardItem {
  id: string;
  recruitmentStatus: StageId;
  lastRecruitmentUpdatedAt?: string | null;
}

/** The number in a candidate's id ('Candidate:123'), which the server breaks a tie of instants by; 0 when none. */
const idNumber = (id: string): number => Number(/(\d+)$/.exec(id)?.[1] ?? 0);

/**
 * The server's order of a board column (backend/features/search/page.ts, `recentlyMoved`): the last move first, never
 * moved last, then the highest id. The API's ISO 8601 instants (all UTC, one shape) sort as plain text.
 */
export const recentlyMovedOrder = (a: BoardItem, b: BoardItem): number => {
  const x = a.lastRecruitmentUpdatedAt ?? '';
  const y = b.lastRecruitmentUpdatedAt ?? '';
  if (x !== y) return !x ? 1 : !y ? -1 : x < y ? 1 : -1;
  return idNumber(b.id) - idNumber(a.id);
};

/**
 * One column per stage, in the order given; within a column the server's order (usePipelineData.ts BOARD_SORT,
 * `recentlyMovedOrder`), so a move drawn here is where the next load, and a teammate's board, find it. The suggested
 * column keeps the order given: the sort chosen, as the server answered it (no candidate moves into it: a refused
 * move out of it goes back to its place in that answer). The instants are compared as text, not with localeCompare:
 * a page's first localeCompare builds a collator from the locale's data, measured at 17 to 87 ms of the task that
 * first draws the board.
 */
export function groupByStage<T extends BoardItem>(items: readonly T[], stages: readonly StageId[]): Map<StageId, T[]> {
  const columns = new Map<StageId, T[]>(stages.map((s) => [s, []]));
  for (const item of items) columns.get(item.recruitmentStatus)?.push(item);
  for (const [stage, list] of columns) if (stage !== STAGES.open) list.sort(recentlyMovedOrder);
  return columns;
}

/**
 * The instant an optimistic move is drawn with: the server writes its own clock's now, later than any move it wrote
 * before, so the moved card goes first in its column however far this browser's clock is behind the server's.
 */
export function movedAt<T extends BoardItem>(items: readonly T[], now = new Date()): string {
  let newest = now.toISOString();
  for (const i of items)
    if (i.lastRecruitmentUpdatedAt && i.lastRecruitmentUpdatedAt > newest) newest = i.lastRecruitmentUpdatedAt;
  return newest === now.toISOString() ? newest : new Date(Date.parse(newest) + 1).toISOString();
}

export interface MoveState<T extends BoardItem> {
  items: T[];
  /** Candidates whose move the server has not answered yet, with the stage to go back to (the freshest known). */
  pending: Record<string, StageId>;
  /** The last move's instant each pending candidate goes back to with its stage, so a refused move keeps its place. */
  pendingAt?: Record<string, string | null | undefined>;
}

export type MoveAction<T extends BoardItem> =
  | { type: 'load'; items: T[] }
  | { type: 'move'; ids: string[]; to: StageId; at?: string }
  | { type: 'confirm'; ids: string[] }
  | { type: 'rollback'; ids: string[] }
  | { type: 'patch'; id: string; changes: Partial<T> }
  | { type: 'remove'; ids: string[] };

export const emptyMoveState = <T extends BoardItem>(): MoveState<T> => ({ items: [], pending: {} });

export function moveReducer<T extends BoardItem>(state: MoveState<T>, action: MoveAction<T>): MoveState<T> {
  switch (action.type) {
    case 'load': {
      // A reload keeps a pending candidate where the optimistic move put it until the server answers, and its stage
      // and last move as the ones to go back to: someone else may have moved the candidate meanwhile.
      const byId = new Map(state.items.map((i) => [i.id, i]));
      const pending = { ...state.pending };
      const pendingAt = { ...state.pendingAt };
      const items = action.items.map((i) => {
        const shown = byId.get(i.id);
        if (state.pending[i.id] === undefined || !shown) return i;
        pending[i.id] = i.recruitmentStatus;
        pendingAt[i.id] = i.lastRecruitmentUpdatedAt;
        return shown;
      });
      return { items, pending, pendingAt };
    }
    case 'move': {
      const ids = new Set(action.ids.filter((id) => state.pending[id] === undefined));
      if (!ids.size) return state;
      const pending = { ...state.pending };
      const pendingAt = { ...state.pendingAt };
      const items = state.items.map((i) => {
        if (!ids.has(i.id)) return i;
        pending[i.id] = i.recruitmentStatus;
        pendingAt[i.id] = i.lastRecruitmentUpdatedAt;
        return {
          ...i,
          recruitmentStatus: action.to,
          lastRecruitmentUpdatedAt: action.at ?? i.lastRecruitmentUpdatedAt,
        };
      });
      return { items, pending, pendingAt };
    }
    case 'confirm': {
      const pending = { ...state.pending };
      const pendingAt = { ...state.pendingAt };
      for (const id of action.ids) {
        delete pending[id];
        delete pendingAt[id];
      }
      return { items: state.items, pending, pendingAt };
    }
    case 'rollback': {
      const pending = { ...state.pending };
      const pendingAt = { ...state.pendingAt };
      const items = state.items.map((i) => {
        const back = pending[i.id];
        if (back === undefined || !action.ids.includes(i.id)) return i;
        const at = pendingAt[i.id];
        delete pending[i.id];
        delete pendingAt[i.id];
        return { ...i, recruitmentStatus: back, ...(at !== undefined && { lastRecruitmentUpdatedAt: at }) };
      });
      return { items, pending, pendingAt };
    }
    case 'patch':
      return { ...state, items: state.items.map((i) => (i.id === action.id ? { ...i, ...action.changes } : i)) };
    case 'remove': {
      const gone = new Set(action.ids);
      return { ...state, items: state.items.filter((i) => !gone.has(i.id)) };
    }
  }
}

/**
 * The counts after a move: the server's stats, except that the suggested tab's count (which the
 * saved search estimates) drops by the number moved out of it.
 */
export function statsAfterMove(before: StageStats, answer: StageStats, from: StageId, moved: number): StageStats {
  return from === 0 ? { ...answer, open: Math.max(0, before.open - moved) } : { ...answer };
}

/** A stage's count from the stats object. */
export const countOf = (stats: StageStats | undefined, stage: StageId): number | undefined =>
  stats ? stats[STAGE_KEYS[stage]] : undefined;
