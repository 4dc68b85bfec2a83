/**
 * The board: one column per visible stage, candidates dragged between the stages the shared rules
 * allow (pointer, touch or keyboard). A refused drop snaps back with the reason; an allowed one
 * starts the same move as the menu. A move or hide made from a card's menu keeps the keyboard on the board: the moved
 * card's actions button in its new column, or the nearest card where it left after a hide (useFocusAfterLeaving).
 * Shift+Right arrow on a focused card moves it to the next stage through the same rules and request (useCardShortcut),
 * said in the board's status region, the focus staying on the card's handle; its menu shows the shortcut.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Avatar, Box, Card, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { t } from '../../../i18n';
import type { StageId } from '../../../schema/rules/pipeline';
import type { PipelineRole } from '../../../schema/rules/stages';
import type { PipelineDoc } from '../../api/pipeline';
import { KnownInAts } from '../integrations/KnownInAts';
import { AtsStatusLine } from './AtsStatus';
import { groupByStage } from './boardLogic';
import { BoardColumn } from './BoardColumn';
import { CandidateFlags } from './CandidateFlags';
import { CandidateMenu, type MenuRequest } from './CandidateMenu';
import type { CandidateActionContext } from './candidateActionTypes';
import { stageLabel } from './stageKeys';
import { isOpen } from '../../../schema/rules/plans';
import { checkDrop, SEMI_ACTIVE } from './stageRules';
import { leftBoard, useFocusAfterLeaving } from './useFocusAfterLeaving';
import { CARD_SHORTCUTS, useCardShortcut } from './useCardShortcut';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';

const nameOf = (doc: PipelineDoc | undefined) => doc?.name || t('portal.pipeline.card.anonymous');
export const contextOf = (doc: PipelineDoc) => ({
  semiActive: doc.status === SEMI_ACTIVE,
  interviewScheduled:
    Boolean(doc.scheduleData) ||
    [3, 7, 4, 5].includes(doc.recruitmentStatus) ||
    [3, 7, 4, 5].includes(doc.rejectedFrom ?? -1),
  rejectedFrom: doc.rejectedFrom,
});

/** The move to `to` the shared stage rules allow the viewer, as the menu would ask for it; none when refused. */
export function allowedMove(doc: PipelineDoc, to: StageId, role: PipelineRole): MenuRequest | undefined {
  const check = checkDrop(doc.recruitmentStatus, to, role, contextOf(doc));
  return check.ok ? { kind: 'move', doc, to, move: check.kind } : undefined;
}

/** Arrow keys jump a picked-up card to the middle of the previous or next column. */
const columnKeys: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  const dir = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!collisionRect || !dir) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((c) => droppableRects.get(c.id))
    .filter((r): r is NonNullable<typeof r> => Boolean(r))
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  let at = columns.findIndex((r) => centre >= r.left && centre <= r.left + r.width);
  if (at < 0)
    at = columns.reduce(
      (best, r, i) => (Math.abs(r.left - centre) < Math.abs(columns[best].left - centre) ? i : best),
      0,
    );
  const target = columns[at + dir];
  if (!target) return undefined;
  // Near the column's top, so the card is over the column however short it is.
  return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + 40 };
};

const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

interface CardProps {
  doc: PipelineDoc;
  pending: boolean;
  context: CandidateActionContext;
  onRequest(request: MenuRequest): void;
  overlay?: boolean;
  /** The board's shortcut keys on the focused card (useCardShortcut): true when one was handled. */
  onShortcut?(e: KeyboardEvent): boolean;
}

/** What the card shows: picture, name, title, place and flags. */
function CardSummary({ doc, pending }: Pick<CardProps, 'doc' | 'pending'>) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start', minWidth: 0, flex: 1 }}>
      <Avatar src={doc.profilePic ?? undefined} alt="" aria-hidden sx={{ width: 32, height: 32, fontSize: 14 }}>
        {doc.name ? doc.name.slice(0, 1) : '?'}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {/* The name wraps rather than being cut; the title and place keep one line, their whole text on hover. */}
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="board-card-name">
          {nameOf(doc)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" noWrap title={doc.title ?? undefined}>
          {doc.title ?? ''}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          title={doc.currentLocation?.label ?? undefined}
        >
          {doc.currentLocation?.label ?? ''}
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <CandidateFlags doc={doc} pending={pending} />
        </Box>
        <KnownInAts candidateId={doc.id} />
      </Box>
    </Stack>
  );
}

function CardBody(props: CardProps) {
  const { context, pending, onRequest } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <CardSummary {...props} />
      <CandidateMenu context={context} disabled={pending} onRequest={onRequest} />
    </Stack>
  );
}

/** A read-only card's handle is a plain button: Enter or Space presses it (Space no longer scrolls the page). */
function openByKey(e: KeyboardEvent, open: () => void) {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  open();
}

/**
 * A card is two controls side by side, never one inside the other: the draggable handle (the summary, which
 * opens the profile on click and moves by keyboard or pointer) and the candidate's actions menu.
 */
function BoardCard(props: CardProps) {
  const { doc, pending, context, onRequest, onShortcut } = props;
  // An inactive project's cards do not move (the server refuses it): they still open the profile.
  const open = isOpen(context.project.status);
  const moves = open && !pending && onShortcut;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: doc.id,
    data: { stage: doc.recruitmentStatus },
    disabled: pending || !open,
  });
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      data-testid="board-card"
      data-id={doc.id}
      data-guid={doc.guid}
      sx={{ p: 1.25, opacity: isDragging ? 0.4 : pending ? 0.7 : 1, transform: CSS.Translate.toString(transform) }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          // Read-only, the handle still opens the profile: a button, neither disabled nor draggable.
          aria-disabled={pending || undefined}
          aria-roledescription={open ? attributes['aria-roledescription'] : undefined}
          // Read-only, the drag keys' help is not offered, and Enter or Space open the profile as a click does.
          aria-describedby={open ? attributes['aria-describedby'] : undefined}
          aria-keyshortcuts={open ? CARD_SHORTCUTS : undefined}
          {...(!open && { onKeyDown: (e: KeyboardEvent) => openByKey(e, () => onRequest({ kind: 'profile', doc })) })}
          {...(moves && {
            onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
              if (!onShortcut(e)) listeners?.onKeyDown?.(e);
            },
          })}
          onClick={() => onRequest({ kind: 'profile', doc })}
          data-testid="board-card-handle"
          sx={{
            display: 'flex',
            flex: 1,
            minWidth: 0,
            borderRadius: 1,
            cursor: pending ? 'progress' : open ? 'grab' : 'pointer',
            // A swipe over a card scrolls the board or its column; a card is picked up by a press held still (below).
            touchAction: 'pan-x pan-y',
            WebkitTouchCallout: 'none',
            userSelect: 'none',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <CardSummary doc={doc} pending={pending} />
        </Box>
        <CandidateMenu context={context} disabled={pending} onRequest={onRequest} nextShortcut={open} />
      </Stack>
      {/* Beside the handle, not inside it: the matching move is a control of its own. */}
      <AtsStatusLine
        doc={doc}
        onRequest={pending || !open ? undefined : onRequest}
        moveTo={(to) => allowedMove(doc, to, context.role)}
      />
    </Card>
  );
}

interface Props {
  docs: PipelineDoc[];
  stages: StageId[];
  totals: Partial<Record<StageId, number>>;
  pending: Record<string, StageId>;
  role: PipelineRole;
  contextFor(doc: PipelineDoc): CandidateActionContext;
  onRequest(request: MenuRequest): void;
  onRefused(reason: string): void;
}

export function PipelineBoard({ docs, stages, totals, pending, role, contextFor, onRequest, onRefused }: Props) {
  const [active, setActive] = useState<PipelineDoc>();
  const shortcut = useCardShortcut({ docs, pending, role, contextOf, onRefused, settle: leftBoard });
  // The cards' own requests (their menus, the shortcut), so the focus follows a card they moved or hid.
  const { rootRef, request } = useFocusAfterLeaving<HTMLDivElement>(docs, onRequest, shortcut.settle);
  const { onKey } = shortcut;
  const keysOf = useCallback((doc: PipelineDoc) => (e: KeyboardEvent) => onKey(e, doc, request), [onKey, request]);
  // A mouse picks a card up after a few pixels; a finger after a press held still for a quarter second (a swipe is
  // the browser's, which scrolls), as dnd-kit recommends for scrolling lists on touch screens; keys as ever.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeys }),
  );
  const columns = useMemo(() => groupByStage(docs, stages), [docs, stages]);
  const byId = useMemo(() => new Map(docs.map((d) => [d.id, d])), [docs]);
  const stageOfOver = (id: unknown) => Number(String(id).replace('stage-', '')) as StageId;

  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      t('portal.pipeline.dnd.picked', {
        name: nameOf(byId.get(String(a.id))),
        stage: stageLabel(byId.get(String(a.id))?.recruitmentStatus ?? 0),
      }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('portal.pipeline.dnd.over', {
            name: nameOf(byId.get(String(a.id))),
            stage: stageLabel(stageOfOver(over.id)),
          })
        : t('portal.pipeline.dnd.notOver', { name: nameOf(byId.get(String(a.id))) }),
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('portal.pipeline.dnd.dropped', {
            name: nameOf(byId.get(String(a.id))),
            stage: stageLabel(stageOfOver(over.id)),
          })
        : t('portal.pipeline.dnd.cancelled', { name: nameOf(byId.get(String(a.id))) }),
    onDragCancel: ({ active: a }) => t('portal.pipeline.dnd.cancelled', { name: nameOf(byId.get(String(a.id))) }),
  };

  const onDragStart = (e: DragStartEvent) => setActive(byId.get(String(e.active.id)));
  const onDragEnd = (e: DragEndEvent) => {
    setActive(undefined);
    const doc = byId.get(String(e.active.id));
    if (!doc || !e.over) return;
    const to = stageOfOver(e.over.id);
    if (to === doc.recruitmentStatus) return;
    const check = checkDrop(doc.recruitmentStatus, to, role, contextOf(doc));
    if (!check.ok) onRefused(t(check.reason));
    else onRequest({ kind: 'move', doc, to, move: check.kind });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(undefined)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('portal.pipeline.keyboardHelp') } }}
    >
      {/*
        Wider than the screen at 1440 px: the board scrolls sideways on its own, no taller than the window, so its
        horizontal scroll bar (and Placed and Rejected) is in reach without first scrolling to its end; a long
        column scrolls its own cards.
      */}
      <Box
        ref={rootRef}
        sx={{
          display: 'flex',
          gap: 1.5,
          overflowX: 'auto',
          overflowY: 'hidden',
          pb: 2,
          alignItems: 'stretch',
          height: { xs: 'calc(100vh - 96px)', md: 'calc(100vh - 24px)' },
          minHeight: 320,
        }}
        data-testid="board"
      >
        {stages.map((stage) => {
          const list = columns.get(stage) ?? [];
          const drop = active ? checkDrop(active.recruitmentStatus, stage, role, contextOf(active)) : undefined;
          return (
            <BoardColumn
              key={stage}
              stage={stage}
              docs={list}
              total={totals[stage]}
              drop={active?.recruitmentStatus === stage ? undefined : drop}
            >
              {list.map((doc) => (
                <BoardCard
                  key={doc.id}
                  doc={doc}
                  pending={pending[doc.id] !== undefined}
                  context={contextFor(doc)}
                  onRequest={request}
                  onShortcut={keysOf(doc)}
                />
              ))}
            </BoardColumn>
          );
        })}
      </Box>
      <Box role="status" aria-live="polite" data-testid="board-status" sx={visuallyHidden}>
        {shortcut.status}
      </Box>
      <DragOverlay>
        {active ? (
          <Card variant="outlined" sx={{ p: 1.25, boxShadow: 6, cursor: 'grabbing', width: 232 }}>
            <CardBody doc={active} pending={false} context={contextFor(active)} onRequest={() => undefined} overlay />
          </Card>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
