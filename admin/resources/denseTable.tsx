/**
 * What every console list shares: a column chooser beside the filters and the export, and
 * react-admin's SimpleList in place of the table on phones.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { ColumnsButton, ExportButton, FilterButton, SimpleList, TopToolbar, type RaRecord } from 'react-admin';

export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** The list's toolbar with the column chooser beside the filters, the extra actions and the export. */
export function TableActions({ filters = true, children }: { filters?: boolean; children?: ReactNode }) {
  const phone = usePhone();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {filters && <FilterButton />}
      {children}
      {!phone && <ColumnsButton />}
      <ExportButton />
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
  return <SimpleList primaryText={primary} secondaryText={secondary} rowClick={(_id, _resource, record) => link(record)} />;
}
