/**
 * The board's keyboard shortcut on a focused card: Shift+Right arrow moves the candidate to the next stage, Shift+Left
 * arrow asks for the previous one, each checked by the same stage rules as a drop (stageRules.ts checkDrop) and, when
 * allowed, sent as the same move request as the menu's (prompts, credits and the server's rules included). A refusal
 * is said in the board's status region and the snackbar, as a refused drop; a move done is said there once the server
 * confirmed it, and the focus stays on the moved card's handle in its new column (useFocusAfterLeaving's `settle`).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../../i18n';
import { STAGE_ORDER, type StageId } from '../../../schema/rules/pipeline';
import type { PipelineRole } from '../../../schema/rules/stages';
import type { PipelineDoc } from '../../api/pipeline';
import type { MenuRequest } from './CandidateMenu';
import { stageLabel } from './stageKeys';
import { checkDrop, nextStage, type CandidateContext } from './stageRules';
import type { Settle } from './useFocusAfterLeaving';

/** The keys, as `aria-keyshortcuts` names them. */
export const CARD_SHORTCUTS = 'Shift+ArrowRight Shift+ArrowLeft';

const nameOf = (doc: PipelineDoc) => doc.name || t('portal.pipeline.card.anonymous');

/** The stage before `stage` in the pipeline's order; none before Suggested, or from Rejected. */
const previousStage = (stage: StageId): StageId | undefined => {
  const at = STAGE_ORDER.indexOf(stage);
  return at > 0 ? STAGE_ORDER[at - 1] : undefined;
};

/** The card's handle inside the board `root`. */
const handleOf = (root: HTMLElement | null, id: string) =>
  root?.querySelector<HTMLElement>(
    `[data-testid="board-card"][data-id="${CSS.escape(id)}"] [data-testid="board-card-handle"]`,
  );

interface Options {
  docs: PipelineDoc[];
  pending: Record<string, StageId>;
  role: PipelineRole;
  contextOf(doc: PipelineDoc): CandidateContext;
  onRefused(reason: string): void;
  /** The board's own focus rule, which the shortcut's moves narrow to the card's handle. */
  settle: Settle;
}

export function useCardShortcut({ docs, pending, role, contextOf, onRefused, settle }: Options) {
  const [status, setStatus] = useState('');
  /** The candidate the shortcut moved, till the server confirmed it: the focus and the announcement follow it. */
  const moving = useRef<{ id: string; to: StageId; focus: boolean }>(undefined);

  /** Handles the shortcut's keys on `doc`'s card (true when it did), sending its move to `request` (the board's). */
  const onKey = useCallback(
    (e: KeyboardEvent, doc: PipelineDoc, request: (r: MenuRequest) => void) => {
      if (!e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return false;
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return false;
      e.preventDefault();
      e.stopPropagation();
      const from = doc.recruitmentStatus;
      const to = e.key === 'ArrowRight' ? nextStage(from) : previousStage(from);
      const check = to === null || to === undefined ? undefined : checkDrop(from, to, role, contextOf(doc));
      if (to === null || to === undefined || !check?.ok) {
        const reason = t(check && !check.ok ? check.reason : 'portal.pipeline.refused.order');
        setStatus(t('portal.pipeline.shortcut.refused', { name: nameOf(doc), stage: stageLabel(from), reason }));
        onRefused(reason);
        return true;
      }
      setStatus('');
      moving.current = { id: doc.id, to, focus: true };
      request({ kind: 'move', doc, to, move: check.kind });
      return true;
    },
    [role, contextOf, onRefused],
  );

  // Said once the server confirmed the move (the card is in its new column and no longer pending).
  useEffect(() => {
    const shown = moving.current;
    if (!shown || pending[shown.id] !== undefined) return;
    const doc = docs.find((d) => d.id === shown.id);
    if (doc?.recruitmentStatus !== shown.to) return;
    moving.current = undefined;
    setStatus(t('portal.pipeline.shortcut.moved', { name: nameOf(doc), stage: stageLabel(shown.to) }));
  }, [docs, pending]);

  /** A card the shortcut moved keeps the focus on its handle; any other move settles as the board does. */
  const settleCard: Settle = useCallback(
    (noted, previous, next, root) => {
      const target = settle(noted, previous, next, root);
      const shown = moving.current;
      if (!target || !shown?.focus || !noted.has(shown.id)) return target;
      shown.focus = false;
      return () => handleOf(root(), shown.id) ?? target();
    },
    [settle],
  );

  return { status, onKey, settle: settleCard };
}
