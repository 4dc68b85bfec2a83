/**
 * What a list shows when there is nothing to list: none yet, none matching the filters, or a load that failed (the
 * reason and Try again, with no pager: never the empty texts, which would say there is nothing).
 */
import InboxIcon from '@mui/icons-material/InboxOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Stack, Typography, type TablePaginationProps } from '@mui/material';
import type { FC, ReactNode } from 'react';
import { CreateButton, Pagination, useListContext, type PaginationProps } from 'react-admin';
import { formatRange, t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { pluralLabel } from '../fields/fieldMeta';
import { LoadFailed } from './LoadFailed';

/** The resource's actions that live in the portal (`admin.portalActions`), each a link opening the portal there. */
export function PortalActions({ entity, variant = 'text' }: { entity: EntityDef; variant?: 'text' | 'outlined' }) {
  return (
    <>
      {entity.admin?.portalActions?.map((a) => (
        <Button
          key={a.href + a.labelKey}
          href={a.href}
          size="small"
          variant={variant}
          startIcon={<OpenInNewIcon fontSize="small" />}
        >
          {t(a.labelKey)}
        </Button>
      ))}
    </>
  );
}

/** `actions`: the resource's own toolbar actions (an override's), offered here too when there is nothing yet. */
export function ListEmpty({ entity, actions }: { entity: EntityDef; actions?: ReactNode }) {
  const label = pluralLabel(entity).toLowerCase();
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {t('admin.empty.title', { label })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('admin.empty.hint')}
      </Typography>
      <CreateButton variant="contained" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
        {actions}
        <PortalActions entity={entity} variant="outlined" />
      </Stack>
    </Box>
  );
}

export function ListNoMatches({ entity }: { entity: EntityDef }) {
  const { setFilters } = useListContext();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="subtitle1" sx={{ mt: 1 }}>
        {t('admin.empty.noMatches', { label: pluralLabel(entity).toLowerCase() })}
      </Typography>
      <Button size="small" onClick={() => setFilters({}, {})}>
        {t('admin.empty.clearFilters')}
      </Button>
    </Box>
  );
}

/** A list's `error`: the list could not be loaded, why, and Try again. */
export function ListLoadFailed({ entity }: { entity: EntityDef }) {
  const { error, refetch, isFetching } = useListContext();
  const label = pluralLabel(entity).toLowerCase();
  return (
    <LoadFailed title={t('admin.loadFailed.list', { label })} error={error} retry={refetch} retrying={isFetching} />
  );
}

/**
 * The pager, hidden while the list failed to load: it would count rows nobody could read. Its range is written as
 * every list writes it (i18n's formatRange: '1–25 of 2,000'); -1 is a total not counted ('of 25+').
 */
export function ListPagination({ rowsPerPageOptions }: { rowsPerPageOptions: number[] }) {
  const { error } = useListContext();
  if (error) return null;
  return <RangePagination rowsPerPageOptions={rowsPerPageOptions} />;
}

// react-admin hands its other props on to MUI's TablePagination after its own range label, so this one is written;
// its types leave the prop out.
const WithRangeLabel = Pagination as FC<PaginationProps & Pick<TablePaginationProps, 'labelDisplayedRows'>>;
const pageRangeLabel = ({ from, to, count }: { from: number; to: number; count: number }) =>
  count === -1 ? formatRange(from, to, to, 'atLeast') : formatRange(from, to, count);

/** react-admin's pager writing its range as every list does. */
export const RangePagination = (props: PaginationProps) => (
  <WithRangeLabel {...props} labelDisplayedRows={pageRangeLabel} />
);
