/**
 * What a console list needs to be worked by keyboard alone:
 * - each row's primary cell (the record's title column, else its first column) is a real link to the record, so Tab
 *   reaches a row and Enter opens it; the mouse still opens a row by clicking anywhere on it (`rowClick`).
 * - the bulk actions toolbar, collapsed while no row is selected, is hidden from Tab and from assistive technology
 *   then, and once a bulk action (or Unselect) empties the selection, the focus it held moves to the list's table
 *   rather than staying on a button no one can see.
 */
import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { BulkActionsToolbar, Link, useListContext, useRecordContext, type RaRecord } from 'react-admin';
import type { EntityDef } from '../../schema';

/** Kinds whose list cell holds a link of its own (a reference, an address): a row link cannot wrap another link. */
const LINKED_KINDS = new Set(['ref', 'url']);

/** The column whose cell links to the record: the title column where shown and not itself a link, else the first such. */
export function primaryColumn(entity: EntityDef, columns: string[]): string | undefined {
  const free = (name: string) => !LINKED_KINDS.has(entity.fields[name]?.kind ?? '');
  const title = entity.admin?.titleField;
  if (title && columns.includes(title) && free(title)) return title;
  return columns.find(free);
}

/** A cell's content as a link to `to(record)`; a click opens the link alone (the row's own click would open it twice). */
export function RowLink({
  to,
  children,
  sx,
}: {
  to: (record: RaRecord) => string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const record = useRecordContext();
  if (!record) return <>{children}</>;
  return (
    <Link to={to(record)} color="inherit" underline="hover" onClick={(e: MouseEvent) => e.stopPropagation()} sx={sx}>
      {children}
    </Link>
  );
}

const FOCUS_WATCH_MS = 1500;
const FOCUS_POLL_MS = 50;

/**
 * react-admin's BulkActionsToolbar, hidden (visibility: hidden, so neither Tab nor a screen reader finds its buttons)
 * while no row is selected; when the selection empties, a focus left in the toolbar, or lost with it (on the page's
 * body once a confirmation dialog closed), moves to the list's table.
 */
export function KeyboardBulkToolbar({
  selectAllButton,
  children,
}: {
  selectAllButton?: ReactNode;
  children: ReactNode;
}) {
  const { selectedIds = [] } = useListContext();
  const count = selectedIds.length;
  const box = useRef<HTMLDivElement>(null);
  const used = useRef(false);
  const before = useRef(count);
  useEffect(() => {
    const emptied = before.current > 0 && count === 0;
    before.current = count;
    const element = box.current;
    if (!emptied || !element || !used.current) return;
    used.current = false;
    const started = Date.now();
    // A dialog opened from the toolbar keeps the focus while it fades out: wait until the focus is lost, or went elsewhere.
    const timer = setInterval(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || element.contains(active);
      const inDialog = !!active?.closest('[role="dialog"], [role="presentation"]');
      if (lost) {
        const table = element.closest('.RaDataTable-root')?.querySelector<HTMLElement>('table');
        if (table) {
          table.tabIndex = -1;
          table.focus();
        }
      }
      if (lost || !inDialog || Date.now() - started > FOCUS_WATCH_MS) clearInterval(timer);
    }, FOCUS_POLL_MS);
    return () => clearInterval(timer);
  }, [count]);
  return (
    <Box
      ref={box}
      inert={count === 0}
      onFocus={() => {
        used.current = true;
      }}
      sx={count === 0 ? { '& .RaBulkActionsToolbar-toolbar': { visibility: 'hidden' } } : undefined}
    >
      <BulkActionsToolbar selectAllButton={selectAllButton}>{children}</BulkActionsToolbar>
    </Box>
  );
}
