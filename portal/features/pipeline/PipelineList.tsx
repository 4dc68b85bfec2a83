/**
 * The list view of one tab: the search page's result cards with selection, the project flags and the candidate menu.
 * A candidate moved or hidden from its row leaves the tab: the keyboard focus, which was in that row, goes to the next
 * row's actions button (or the previous row's, or the open tab when the list empties) instead of falling to the page's
 * body (`useFocusAfterLeaving`, shared with the board). A bulk move, reject or hide starts in the bulk bar, which
 * leaves with the selection: the workspace notes those candidates in `LeavingNote`, and the focus goes the same way,
 * to the nearest candidate still listed after the first of them (else before it), or to the open tab.
 */
import { Box, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { memo } from 'react';
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
import { leftList, LeavingNote, useFocusAfterLeaving } from './useFocusAfterLeaving';

interface Props {
  docs: PipelineDoc[];
  pending: Record<string, number>;
  selected: ReadonlySet<string>;
  onSelect(ids: string[], on: boolean): void;
  contextFor(doc: PipelineDoc): CandidateActionContext;
  onRequest(request: MenuRequest): void;
  /** An inactive project's list: nothing to select, no move offered. */
  readOnly?: boolean;
}

interface RowProps extends Pick<Props, 'onSelect' | 'contextFor' | 'onRequest' | 'readOnly'> {
  doc: PipelineDoc;
  busy: boolean;
  checked: boolean;
}

/** One candidate's card, drawn again only when its candidate, its state or its selection changes. */
const PipelineRow = memo(function PipelineRow({
  doc,
  busy,
  checked,
  readOnly,
  onSelect,
  contextFor,
  onRequest,
}: RowProps) {
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
              {!readOnly && (
                <Checkbox
                  checked={checked}
                  disabled={busy}
                  onChange={(e) => onSelect([doc.id], e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('portal.pipeline.card.select', { name }) } }}
                />
              )}
              <CandidateMenu context={contextFor(doc)} disabled={busy} onRequest={onRequest} />
            </Stack>
            <CandidateFlags doc={doc} pending={busy} />
            <KnownInAts candidateId={doc.id} />
            <AtsStatusLine
              doc={doc}
              onRequest={busy || readOnly ? undefined : onRequest}
              moveTo={(to) => allowedMove(doc, to, contextFor(doc).role)}
            />
          </Stack>
        }
      />
    </Box>
  );
});

/** The note the workspace provides (useFocusAfterLeaving.ts, shared with the board). */
export { LeavingNote };

export function PipelineList({ docs, pending, selected, readOnly, onSelect, contextFor, onRequest }: Props) {
  const { rootRef: listRef, request } = useFocusAfterLeaving<HTMLDivElement>(docs, onRequest, leftList);
  const selectable = docs.filter((d) => pending[d.id] === undefined);
  const all = selectable.length > 0 && selectable.every((d) => selected.has(d.id));
  const some = selectable.some((d) => selected.has(d.id));
  const drawn = useFirstScreenful(docs.length);
  return (
    <Stack spacing={1.5} data-testid="pipeline-list" ref={listRef}>
      {!readOnly && (
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
      )}
      {docs.slice(0, drawn).map((doc) => (
        <PipelineRow
          key={doc.id}
          doc={doc}
          busy={pending[doc.id] !== undefined}
          checked={selected.has(doc.id)}
          readOnly={readOnly}
          onSelect={onSelect}
          contextFor={contextFor}
          onRequest={request}
        />
      ))}
    </Stack>
  );
}
