/**
 * The pipeline board's side-free logic: candidates grouped into stage columns, optimistic moves
 * that settle or roll back, and the stage counts after a move (spec section 4). A reload that lands while a move is
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

/** Newest first: the API's ISO 8601 instants (all UTC, one shape) sort as plain text; none last. */
const newestFirst = (a: BoardItem, b: BoardItem) => {
  const x = a.lastRecruitmentUpdatedAt ?? '';
  const y = b.lastRecruitmentUpdatedAt ?? '';
  return x === y ? 0 : x < y ? 1 : -1;
};

/**
 * One column per stage, in the order given; within a column the most recently moved first, the order the server
 * pages it in (usePipelineData.ts BOARD_SORT), so a move drawn here is where the next load finds it. The suggested
 * column keeps the order given: the sort chosen, as the server answered it (a card moved back into it shows after
 * them until the reload that follows the move places it). The instants are compared as text, not with localeCompare:
 * a page's first localeCompare builds a collator from the locale's data, measured at 17 to 87 ms of the task that
 * first draws the board.
 */
export function groupByStage<T extends BoardItem>(items: readonly T[], stages: readonly StageId[]): Map<StageId, T[]> {
  const columns = new Map<StageId, T[]>(stages.map((s) => [s, []]));
  for (const item of items) columns.get(item.recruitmentStatus)?.push(item);
  for (const [stage, list] of columns) if (stage !== STAGES.open) list.sort(newestFirst);
  return columns;
}

export interface MoveState<T extends BoardItem> {
  items: T[];
  /** Candidates whose move the server has not answered yet, with the stage to go back to (the freshest known). */
  pending: Record<string, StageId>;
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
      // as the one to go back to: someone else may have moved the candidate meanwhile.
      const byId = new Map(state.items.map((i) => [i.id, i]));
      const pending = { ...state.pending };
      const items = action.items.map((i) => {
        const shown = byId.get(i.id);
        if (state.pending[i.id] === undefined || !shown) return i;
        pending[i.id] = i.recruitmentStatus;
        return shown;
      });
      return { items, pending };
    }
    case 'move': {
      const ids = new Set(action.ids.filter((id) => state.pending[id] === undefined));
      if (!ids.size) return state;
      const pending = { ...state.pending };
      const items = state.items.map((i) => {
        if (!ids.has(i.id)) return i;
        pending[i.id] = i.recruitmentStatus;
        return {
          ...i,
          recruitmentStatus: action.to,
          lastRecruitmentUpdatedAt: action.at ?? i.lastRecruitmentUpdatedAt,
        };
      });
      return { items, pending };
    }
    case 'confirm': {
      const pending = { ...state.pending };
      for (const id of action.ids) delete pending[id];
      return { items: state.items, pending };
    }
    case 'rollback': {
      const pending = { ...state.pending };
      const items = state.items.map((i) => {
        const back = pending[i.id];
        if (back === undefined || !action.ids.includes(i.id)) return i;
        delete pending[i.id];
        return { ...i, recruitmentStatus: back };
      });
      return { items, pending };
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
