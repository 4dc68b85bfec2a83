/**
 * The list view of one tab: the search page's result cards with selection, the project flags and the candidate menu.
 * A candidate moved or hidden from its row leaves the tab: the keyboard focus, which was in that row, goes to the next
 * row's actions button (or the previous row's, or the open tab when the list empties) instead of falling to the page's
 * body (`useFocusAfterLeaving`). A bulk move, reject or hide starts in the bulk bar, which leaves with the selection: the
 * workspace notes those candidates in `LeavingNote`, and the focus goes the same way, to the nearest candidate still
 * listed after the first of them (else before it), or to the open tab.
 */
import { Box, Checkbox, FormControlLabel, Stack } from '@mui/material';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type RefObject,
} from 'react';
import { t } from '../../../i18n';
import type { PipelineDoc } from '../../api/pipeline';
import { useFirstScreenful } from '../../components/useFirstScreenful';
import { KnownInAts } from '../integrations/KnownInAts';
import { ResultCard } from '../search/ResultCard';
import { AtsStatusLine } from './AtsStatus';
import { CandidateFlags } from './CandidateFlags';
import { CandidateMenu, type MenuRequest } from './CandidateMenu';
import { allowedMove } from './PipelineBoard';
import type { CandidateActionContext } from './candidateActionTypes';

interface Props {
  docs: PipelineDoc[];
  pending: Record<string, number>;
  selected: ReadonlySet<string>;
  onSelect(ids: string[], on: boolean): void;
  contextFor(doc: PipelineDoc): CandidateActionContext;
  onRequest(request: MenuRequest): void;
}

interface RowProps extends Pick<Props, 'onSelect' | 'contextFor' | 'onRequest'> {
  doc: PipelineDoc;
  busy: boolean;
  checked: boolean;
}

/** One candidate's card, drawn again only when its candidate, its state or its selection changes. */
const PipelineRow = memo(function PipelineRow({ doc, busy, checked, onSelect, contextFor, onRequest }: RowProps) {
  const name = doc.name || t('portal.pipeline.card.anonymous');
  return (
    <Box
      sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      data-testid="pipeline-row"
      data-id={doc.id}
      data-guid={doc.guid}
    >
      <ResultCard
        doc={doc}
        onOpen={() => onRequest({ kind: 'profile', doc })}
        actions={
          <Stack spacing={1} sx={{ alignItems: 'flex-end', maxWidth: 150 }}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Checkbox
                checked={checked}
                disabled={busy}
                onChange={(e) => onSelect([doc.id], e.target.checked)}
                slotProps={{ input: { 'aria-label': t('portal.pipeline.card.select', { name }) } }}
              />
              <CandidateMenu context={contextFor(doc)} disabled={busy} onRequest={onRequest} />
            </Stack>
            <CandidateFlags doc={doc} pending={busy} />
            <KnownInAts candidateId={doc.id} />
            <AtsStatusLine
              doc={doc}
              onRequest={busy ? undefined : onRequest}
              moveTo={(to) => allowedMove(doc, to, contextFor(doc).role)}
            />
          </Stack>
        }
      />
    </Box>
  );
});

/**
 * The candidates about to leave the list by the person's own action: a row's move or hide notes its candidate, the
 * bulk bar's actions their selection (PipelineWorkspace provides the note, so both write the same one).
 */
export const LeavingNote = createContext<RefObject<readonly string[]> | null>(null);

/** Focus nobody holds: what is left when the focused element is removed from the page. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

const actionsOf = (list: HTMLElement | null, id: string) =>
  list?.querySelector<HTMLElement>(
    `[data-testid="pipeline-row"][data-id="${CSS.escape(id)}"] [data-testid="candidate-menu"]`,
  );

const openTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/**
 * Focuses `target()` once the focus has fallen to the body: at once, or, while a dialog or menu holds it (the hide
 * confirmation, a move's prompt), when that closes without handing it anywhere. Focus the person put elsewhere stays.
 */
function focusWhenFreed(target: () => HTMLElement | null | undefined) {
  const step = () => {
    if (focusLost()) target()?.focus();
    else if (document.activeElement?.closest('[role="dialog"], [role="menu"]')) requestAnimationFrame(step);
  };
  step();
}

/**
 * Wraps the rows' requests: a move or a hide notes its candidate (a bulk action notes its selection), and once they
 * have left the list and the focus has fallen to the body, the focus goes to the nearest candidate still listed after
 * the first of them (else before it) or, when the list is gone, to the open tab.
 */
function useFocusAfterLeaving(docs: PipelineDoc[], onRequest: Props['onRequest']) {
  const listRef = useRef<HTMLDivElement>(null);
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
    const ids = new Set(leaving.current);
    const previous = before.current;
    before.current = docs;
    const still = new Set(docs.map((d) => d.id));
    const at = previous.findIndex((d) => ids.has(d.id) && !still.has(d.id));
    if (at < 0) return;
    leaving.current = [];
    const next =
      previous.slice(at + 1).find((d) => still.has(d.id)) ??
      previous
        .slice(0, at)
        .reverse()
        .find((d) => still.has(d.id));
    focusWhenFreed(() => (next && actionsOf(listRef.current, next.id)) || openTab());
  }, [docs, leaving]);
  // The last candidates leaving take the list away (the tab's empty state): the open tab takes the focus.
  useEffect(
    () => () => {
      if (!leaving.current.length) return;
      leaving.current = [];
      requestAnimationFrame(() => focusWhenFreed(openTab));
    },
    [leaving],
  );
  return { listRef, request };
}

export function PipelineList({ docs, pending, selected, onSelect, contextFor, onRequest }: Props) {
  const { listRef, request } = useFocusAfterLeaving(docs, onRequest);
  const selectable = docs.filter((d) => pending[d.id] === undefined);
  const all = selectable.length > 0 && selectable.every((d) => selected.has(d.id));
  const some = selectable.some((d) => selected.has(d.id));
  const drawn = useFirstScreenful(docs.length);
  return (
    <Stack spacing={1.5} data-testid="pipeline-list" ref={listRef}>
      <FormControlLabel
        sx={{ ml: 0.5 }}
        control={
          <Checkbox
            checked={all}
            indeterminate={some && !all}
            disabled={!selectable.length}
            onChange={(e) =>
              onSelect(
                selectable.map((d) => d.id),
                e.target.checked,
              )
            }
          />
        }
        label={t('portal.pipeline.card.selectAll')}
      />
      {docs.slice(0, drawn).map((doc) => (
        <PipelineRow
          key={doc.id}
          doc={doc}
          busy={pending[doc.id] !== undefined}
          checked={selected.has(doc.id)}
          onSelect={onSelect}
          contextFor={contextFor}
          onRequest={request}
        />
      ))}
    </Stack>
  );
}
