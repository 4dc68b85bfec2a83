/** The generated list screen: columns, filters, default sort and bulk actions from `admin.list`. */
import { useMemo, type ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  SelectAllButton,
  useCreatePath,
  useListContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { EntityDef } from '../../schema';
import { BULK_MAX } from '../../schema/validation/inputs';
import { DisplayField } from '../fields/DisplayField';
import { recordText } from '../fields/readable';
import { filterInputs } from '../fields/filterInputs';
import { isSortable, isVisible, labelOf, pluralLabel } from '../fields/fieldMeta';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { abilityOf, canAccessResource, canUpdateStatusOfAny } from '../providers/ability';
import { useActor } from '../providers/useActor';
import { LabelledBody } from './LabelledRows';
import { BulkStatusButton } from './BulkStatusButton';
import { ListBulkDeleteButton } from './BulkDeleteButton';
import { compactSecondary } from './CompactRow';
import { columnWidths, ONE_LINE_TABLE_SX, PhoneList, showFullTextOnHover, TableActions, usePhone } from './denseTable';
import { exporterFor } from './exporter';
import { KeyboardBulkToolbar, primaryColumn, RowLink } from './keyboardList';
import { ListEmpty, ListLoadFailed, ListNoMatches, ListPagination, PortalActions } from './ListStates';
import { QUIET_LOAD } from './LoadFailed';
import { presetLabel, presetMatching } from './presets';
import { RecordName } from './RecordTitle';
import { RefusedQueryReset } from './RefusedQueryReset';

export const PAGE_SIZES = [10, 25, 50];
const PER_PAGE = 25;

function columnsOf(entity: EntityDef): string[] {
  const declared = entity.admin?.list?.columns;
  if (declared) return declared;
  return Object.keys(entity.fields)
    .filter((name) => isVisible(entity.fields[name]))
    .slice(0, 6);
}

/** 'Pending companies' when the filter is a preset's, else the plural label. */
function ListTitle({ entity }: { entity: EntityDef }) {
  const { filterValues } = useListContext();
  const preset = presetMatching(entity, filterValues);
  const title = preset ? presetLabel(entity, preset) : pluralLabel(entity);
  useDocumentTitle(title);
  return <>{title}</>;
}

/**
 * Bulk selection appears only where the admin has a bulk action to take. "Select all" selects at most as many rows as
 * one bulk request may name (BULK_MAX), not react-admin's 250 the server would refuse. The toolbar is out of the
 * keyboard's way while nothing is selected (keyboardList.tsx).
 */
function bulkToolbar(buttons: ReactNode | false): ReactNode {
  if (!buttons) return undefined;
  return <KeyboardBulkToolbar selectAllButton={<SelectAllButton limit={BULK_MAX} />}>{buttons}</KeyboardBulkToolbar>;
}

function bulkActionsFor(entity: EntityDef, actor: ReturnType<typeof useActor>): ReactNode | false {
  if (!actor) return false;
  const status =
    !!entity.admin?.list?.bulkStatus && entity.fields.status?.kind === 'enum' && canUpdateStatusOfAny(actor, entity);
  const remove = abilityOf(actor).can('delete', entity.subject);
  if (!status && !remove) return false;
  return (
    <>
      {status && <BulkStatusButton entity={entity} />}
      {remove && <ListBulkDeleteButton nameOf={(record) => recordText(entity, record)} />}
    </>
  );
}

interface Props {
  entity: EntityDef;
  /** A panel beside the list (the add/edit panel of `asidePanel` entities). */
  aside?: ReactNode;
  /** Row to highlight, e.g. the one open in the panel. */
  selectedId?: Identifier;
  /** A resource's own toolbar actions (an override's, e.g. Add credits), beside Create. */
  actions?: ReactNode;
  /** A last column of per-row actions (an override's, e.g. a credit's update and delete). */
  rowActions?: { label: string; render: () => ReactNode };
  /** A filter every request keeps (e.g. active credits only), beside the admin's own. */
  filter?: Record<string, unknown>;
}

/** The width, in percent of the table, of an override's row actions column. */
const ROW_ACTIONS_SHARE = 9;

export function EntityList({ entity, aside, selectedId, actions, rowActions, filter }: Props) {
  const actor = useActor();
  const phone = usePhone();
  const createPath = useCreatePath();
  const hasCreate = !!actor && abilityOf(actor).can('create', entity.subject);
  const [field, order] = entity.admin?.list?.sort ?? ['id', 'DESC'];
  const sort = useMemo(() => ({ field, order }), [field, order]);
  const columns = columnsOf(entity);
  const primary = primaryColumn(entity, columns);
  // A row opens where the admin can work on it: the edit form (or panel) when allowed, else the record.
  const openAs = (record: RaRecord) =>
    actor && canAccessResource(actor, 'edit', entity.resource as string, record) ? 'edit' : 'show';
  const pathOf = (record: RaRecord) =>
    createPath({ resource: entity.resource as string, id: record.id, type: openAs(record) });
  const bulkActions = bulkActionsFor(entity, actor);
  const shares = columnWidths(entity, columns);
  // Row actions keep a fixed share (two icon buttons); the columns share the rest.
  const widths = rowActions
    ? Object.fromEntries(
        Object.entries(shares).map(([k, v]) => [
          k,
          `${((parseFloat(v) * (100 - ROW_ACTIONS_SHARE)) / 100).toFixed(2)}%`,
        ]),
      )
    : shares;
  return (
    <List
      title={<ListTitle entity={entity} />}
      sort={sort}
      filter={filter}
      perPage={PER_PAGE}
      filters={filterInputs(entity)}
      pagination={<ListPagination rowsPerPageOptions={PAGE_SIZES} />}
      queryOptions={QUIET_LOAD}
      empty={<ListEmpty entity={entity} actions={actions} />}
      error={
        // A sort or page size the API refused goes back to the defaults (RefusedQueryReset) instead of failing on.
        <>
          <RefusedQueryReset sort={sort} perPage={PER_PAGE} />
          <ListLoadFailed entity={entity} />
        </>
      }
      exporter={exporterFor(entity)}
      actions={
        <TableActions filters={filterInputs(entity).length > 0}>
          {hasCreate && <CreateButton />}
          {actions}
          <PortalActions entity={entity} />
        </TableActions>
      }
      aside={aside}
      // The table keeps to the room beside the side panel; its cells stay on one line.
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      {phone ? (
        <PhoneList
          primary={(record) => <RecordName entity={entity} record={record} />}
          secondary={compactSecondary(entity)}
          link={pathOf}
        />
      ) : (
        <DataTable
          body={LabelledBody}
          bulkActionButtons={bulkActions}
          bulkActionsToolbar={bulkToolbar(bulkActions)}
          // The mouse opens a row anywhere on it; the keyboard through the link of its primary cell.
          rowClick={(_id, _resource, record) => openAs(record)}
          empty={<ListNoMatches entity={entity} />}
          rowSx={(record) =>
            selectedId !== undefined && record.id === selectedId ? { backgroundColor: 'action.selected' } : {}
          }
          sx={ONE_LINE_TABLE_SX}
          onMouseOver={showFullTextOnHover}
        >
          {columns.map((name) => (
            <DataTable.Col
              key={name}
              source={name}
              label={labelOf(entity, name)}
              // A reference sorts by its id, not the name shown: not offered (as on the talent list).
              disableSort={!isSortable(entity, name) || entity.fields[name]?.kind === 'ref'}
              sx={{ width: widths[name] }}
            >
              {name === primary ? (
                <RowLink to={pathOf}>
                  <DisplayField entity={entity} source={name} compact />
                </RowLink>
              ) : (
                <DisplayField entity={entity} source={name} compact />
              )}
            </DataTable.Col>
          ))}
          {rowActions && (
            <DataTable.Col label={rowActions.label} disableSort align="right" sx={{ width: `${ROW_ACTIONS_SHARE}%` }}>
              {rowActions.render()}
            </DataTable.Col>
          )}
        </DataTable>
      )}
    </List>
  );
}
