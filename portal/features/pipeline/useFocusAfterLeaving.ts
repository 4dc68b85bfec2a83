/**
 * Where the keyboard goes when a candidate acted on from its actions menu leaves its place, so the focus, which was in
 * that candidate's row or card, never falls to the page's body (WCAG 2.4.3). The list and the board both wrap their
 * requests with `useFocusAfterLeaving`: a move or a hide notes its candidate (the bulk bar's actions note their
 * selection in `LeavingNote`), and once the candidates have changed place, the view's `Settle` says what takes the
 * focus. In the list, they leave it: the nearest row still listed (`leftList`). On the board a moved card is drawn
 * again in its new column: its own actions button there, or, after a hide, the nearest card where it left
 * (`leftBoard`). The open tab takes it when nothing is left.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PipelineDoc } from '../../api/pipeline';
import type { MenuRequest } from './CandidateMenu';

/**
 * The candidates about to leave their place by the person's own action: a row's or card's move or hide notes its
 * candidate, the bulk bar's actions their selection (PipelineWorkspace provides the note, so both write the same one).
 */
export const LeavingNote = createContext<RefObject<readonly string[]> | null>(null);

/** Focus nobody holds: what is left when the focused element is removed from the page. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** How long a target still being drawn or still disabled (a move waiting for the server) is waited for. */
const WAIT_MS = 10_000;

export const openTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/** The actions button of candidate `id` inside `root`, in the rows or cards `item` selects. */
export const actionsOf = (root: HTMLElement | null, item: string, id: string) =>
  root?.querySelector<HTMLElement>(`${item}[data-id="${CSS.escape(id)}"] [data-testid="candidate-menu"]`);

/**
 * Focuses `target()` once the focus has fallen to the body: at once, or, while a dialog or menu holds it (the hide
 * confirmation, a move's prompt), when that closes without handing it anywhere; a target not there yet or disabled
 * (a card whose move the server has not answered) is waited for. Focus the person put elsewhere stays.
 */
export function focusWhenFreed(target: () => HTMLElement | null | undefined) {
  const until = Date.now() + WAIT_MS;
  const step = () => {
    if (focusLost()) {
      const el = target();
      if (el && !el.hasAttribute('disabled')) el.focus();
      if (focusLost() && Date.now() < until) requestAnimationFrame(step);
    } else if (document.activeElement?.closest('[role="dialog"], [role="menu"]')) requestAnimationFrame(step);
  };
  step();
}

/**
 * Once the `noted` candidates have changed place between `previous` and `docs`, what should take the focus (inside
 * `root`, the view's element); undefined while they have not.
 */
export type Settle = (
  noted: ReadonlySet<string>,
  previous: PipelineDoc[],
  docs: PipelineDoc[],
  root: () => HTMLElement | null,
) => (() => HTMLElement | null | undefined) | undefined;

/** The nearest of `around`'s candidates still in `still` after index `at`, else before it. */
const nearest = (around: PipelineDoc[], at: number, still: ReadonlySet<string>) =>
  around.slice(at + 1).find((d) => still.has(d.id)) ??
  around
    .slice(0, at)
    .reverse()
    .find((d) => still.has(d.id));

/** The list: the first noted candidate gone from it gives way to the nearest row still listed, else the open tab. */
export const leftList: Settle = (noted, previous, docs, root) => {
  const still = new Set(docs.map((d) => d.id));
  const at = previous.findIndex((d) => noted.has(d.id) && !still.has(d.id));
  if (at < 0) return undefined;
  const next = nearest(previous, at, still);
  return () => (next && actionsOf(root(), '[data-testid="pipeline-row"]', next.id)) || openTab();
};

/**
 * The board: a noted card drawn in another column keeps the focus on its own actions button there; a card gone (a
 * hide) gives it to the nearest card left in its column, else the nearest on the board, else the open tab.
 */
export const leftBoard: Settle = (noted, previous, docs, root) => {
  const card = '[data-testid="board-card"]';
  const now = new Map(docs.map((d) => [d.id, d]));
  const moved = previous.find((d) => noted.has(d.id) && now.get(d.id)?.recruitmentStatus !== d.recruitmentStatus);
  if (!moved) return undefined;
  const still = new Set([...now.keys()].filter((id) => id !== moved.id));
  const column = previous.filter((d) => d.recruitmentStatus === moved.recruitmentStatus);
  const next = nearest(column, column.indexOf(moved), still) ?? nearest(previous, previous.indexOf(moved), still);
  const instead = () => (next && actionsOf(root(), card, next.id)) || openTab();
  // A column the board does not show takes the card out of sight: its neighbour, as after a hide.
  return now.has(moved.id) ? () => actionsOf(root(), card, moved.id) || instead() : instead;
};

/**
 * Wraps the view's requests: a move or a hide notes its candidate (a bulk action notes its selection), and once they
 * have changed place (`settle`) and the focus has fallen to the body, the focus goes where `settle` says.
 */
export function useFocusAfterLeaving<T extends HTMLElement>(
  docs: PipelineDoc[],
  onRequest: (request: MenuRequest) => void,
  settle: Settle,
) {
  const rootRef = useRef<T>(null);
  const own = useRef<readonly string[]>([]);
  const leaving = useContext(LeavingNote) ?? own;
  const before = useRef(docs);
  const request = useCallback(
    (r: MenuRequest) => {
      if (r.kind === 'move' || r.kind === 'hide') leaving.current = [r.doc.id];
      onRequest(r);
    },
    [onRequest, leaving],
  );
  useLayoutEffect(() => {
    const previous = before.current;
    before.current = docs;
    if (!leaving.current.length) return;
    const target = settle(new Set(leaving.current), previous, docs, () => rootRef.current);
    if (!target) return;
    leaving.current = [];
    focusWhenFreed(target);
  }, [docs, leaving, settle]);
  // The last candidates leaving take the view away (the tab's empty state): the open tab takes the focus.
  useEffect(
    () => () => {
      if (!leaving.current.length) return;
      leaving.current = [];
      requestAnimationFrame(() => focusWhenFreed(openTab));
    },
    [leaving],
  );
  return { rootRef, request };
}
