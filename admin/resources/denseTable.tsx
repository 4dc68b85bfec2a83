/**
 * What every console list shares: a column chooser beside the filters and the export, one line
 * per row with columns sized by what they show (long values cut, their full text on hover), and
 * react-admin's SimpleList in place of the table on phones.
 */
import { useMediaQuery, type SxProps, type Theme } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { ColumnsButton, FilterButton, SimpleList, TopToolbar, type RaRecord } from 'react-admin';
import type { EntityDef, FieldKind } from '../../schema';
import { ExportAllButton } from './ExportAll';

export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** The list's toolbar with the column chooser beside the filters, the extra actions and the export (of every row: ExportAll.tsx). */
export function TableActions({ filters = true, children }: { filters?: boolean; children?: ReactNode }) {
  const phone = usePhone();
  return (
    // On a phone the buttons wrap onto a second line rather than run off the screen.
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      {filters && <FilterButton />}
      {children}
      {!phone && <ColumnsButton />}
      <ExportAllButton />
    </TopToolbar>
  );
}

/** One line per record on phones: its name, and a second line of what matters next. */
export function PhoneList({
  primary,
  secondary,
  link,
}: {
  primary: (r: RaRecord) => ReactNode;
  secondary?: (r: RaRecord) => ReactNode;
  link: (r: RaRecord) => string;
}) {
  return (
    <SimpleList primaryText={primary} secondaryText={secondary} rowClick={(_id, _resource, record) => link(record)} />
  );
}

/** A column's share of the width by what it shows: addresses and texts wide, statuses, numbers and days narrow. */
const WEIGHT: Partial<Record<FieldKind, number>> = {
  email: 15,
  text: 15,
  url: 13,
  string: 11,
  phone: 10,
  ref: 11,
  refList: 14,
  stringList: 14,
  enumList: 12,
  objectList: 6,
  enum: 8,
  boolean: 6,
  integer: 7,
  decimal: 7,
  date: 10,
  datetime: 10,
};

/**
 * Widths of a table's columns, as shares of the table (the record's title column a little wider);
 * the shares leave room for the selection checkbox.
 */
export function columnWidths(
  entity: EntityDef,
  columns: string[],
  overrides: Record<string, number> = {},
): Record<string, string> {
  const weightOf = (name: string) => {
    if (overrides[name]) return overrides[name];
    if (name === 'status') return 9;
    const kind = entity.fields[name]?.kind ?? entity.computed?.[name]?.kind;
    const base = (kind && WEIGHT[kind]) ?? 9;
    return name === entity.admin?.titleField ? Math.max(base, 13) : base;
  };
  const total = columns.reduce((sum, name) => sum + weightOf(name), 0);
  return Object.fromEntries(columns.map((name) => [name, `${((weightOf(name) / total) * 95).toFixed(2)}%`]));
}

/**
 * One line per row within the page's width: the table takes the room it has and its columns their
 * share; a value longer than its column ends in an ellipsis. Headings may take two lines.
 */
export const ONE_LINE_TABLE_SX: SxProps<Theme> = {
  '& .RaDataTable-table': { tableLayout: 'fixed', width: '100%' },
  '& .MuiTableCell-paddingCheckbox': { width: 48 },
  '& td.RaDataTable-rowCell, & th.RaDataTable-headerCell:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 },
  '& td.RaDataTable-rowCell': {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    // Chip lists and name-with-avatar stacks stay on their line too.
    '& .MuiStack-root, & .RaSingleFieldList-root': { flexWrap: 'nowrap' },
    '& .MuiTypography-root, & a': { whiteSpace: 'nowrap' },
  },
  '& th.RaDataTable-headerCell': { overflowWrap: 'normal', verticalAlign: 'bottom' },
};

/** The full text of a cut cell, shown on hover: its title is set when the pointer reaches it. */
export function showFullTextOnHover(event: MouseEvent<HTMLElement>): void {
  const target = event.target as HTMLElement;
  const cell = target.closest('td');
  if (!cell) return;
  for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
    const text = el.textContent?.trim();
    if (text && el.scrollWidth > el.clientWidth) el.title = text;
  }
}
