/**
 * The records of other entities listed on a record's show and edit screens (`admin.related`), e.g.
 * a company's users: one line each with the declared columns, linking to the record's own screen.
 * On a phone, as the console's lists, each record is a list item with its values whole (no hover
 * to read a cut cell), the first declared column above the others.
 *
 * A list that did not load says so, why, and Try again (LoadFailed.tsx), never "No users yet": the empty text is
 * shown only once the list loaded with no rows. Not through ReferenceManyField's `error` prop: ra-core hides `empty`
 * whenever that prop is set, failure or not, so RelatedRows reads the list's own state instead. As the console's
 * lists (react-admin's list controller), a failed read is not silently retried: it is told at once, Try again asks.
 */
import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DataTable,
  ReferenceManyField,
  useCreatePath,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { t } from '../../i18n';
import { entity as entityNamed, type EntityDef } from '../../schema';
import { DisplayField } from '../fields/DisplayField';
import { RangePagination } from './ListStates';
import { labelOf, pluralLabel } from '../fields/fieldMeta';
import { canAccessResource } from '../providers/ability';
import { useActor } from '../providers/useActor';
import { LoadFailed, QUIET_LOAD } from './LoadFailed';
import { columnWidths, ONE_LINE_TABLE_SX, PhoneList, showFullTextOnHover, usePhone } from './denseTable';

type Related = NonNullable<NonNullable<EntityDef['admin']>['related']>[number];

/** Computed counts a related list makes redundant on the show page. */
export const replacedByRelated = (entity: EntityDef) =>
  new Set((entity.admin?.related ?? []).map((r) => r.replaces).filter(Boolean));

/** The rows once loaded, the empty text once loaded with none, or the failure with Try again. */
function RelatedRows({ label, children }: { label: string; children: ReactNode }) {
  const { error, refetch, isFetching, isPending, total } = useListContext();
  if (error) {
    return (
      <LoadFailed title={t('admin.loadFailed.list', { label })} error={error} retry={refetch} retrying={isFetching} />
    );
  }
  if (!isPending && total === 0) {
    return <Typography color="text.secondary">{t('admin.related.empty', { label })}</Typography>;
  }
  return (
    <>
      {children}
      {!isPending && <RangePagination rowsPerPageOptions={[25]} />}
    </>
  );
}

function RelatedList({ entity, related }: { entity: EntityDef; related: Related }) {
  const actor = useActor();
  const record = useRecordContext();
  const phone = usePhone();
  const createPath = useCreatePath();
  const other = entityNamed(related.entity);
  const resource = other.resource as string;
  const widths = columnWidths(other, related.columns);
  const [field, order] = related.sort ?? other.admin?.list?.sort ?? ['id', 'ASC'];
  const count = related.replaces ? record?.[related.replaces] : undefined;
  const label = related.replaces ? labelOf(entity, related.replaces) : pluralLabel(other);
  const opens = (row: RaRecord) => (actor && canAccessResource(actor, 'edit', resource, row) ? 'edit' : 'show');
  const [first, ...rest] = related.columns;
  return (
    <Box component="section" aria-label={label} sx={{ px: { xs: 2, md: 3 }, pb: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {typeof count === 'number' ? t('admin.related.titleWithCount', { label, count }) : label}
      </Typography>
      <ReferenceManyField
        reference={resource}
        target={related.target}
        sort={{ field, order }}
        perPage={25}
        queryOptions={{ retry: false, ...QUIET_LOAD }}
      >
        <RelatedRows label={label.toLowerCase()}>
          {phone ? (
            <PhoneList
              primary={() => <DisplayField entity={other} source={first} compact />}
              secondary={() => (
                <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, mt: 0.5 }}>
                  {rest.map((name) => (
                    <Box component="span" key={name} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <DisplayField entity={other} source={name} compact />
                    </Box>
                  ))}
                </Box>
              )}
              link={(row) => createPath({ resource, id: row.id, type: opens(row) })}
            />
          ) : (
            <DataTable
              bulkActionButtons={false}
              rowClick={(_id, _res, row) => opens(row)}
              sx={ONE_LINE_TABLE_SX}
              onMouseOver={showFullTextOnHover}
            >
              {related.columns.map((name) => (
                <DataTable.Col
                  key={name}
                  source={name}
                  label={labelOf(other, name)}
                  disableSort
                  sx={{ width: widths[name] }}
                >
                  <DisplayField entity={other} source={name} compact />
                </DataTable.Col>
              ))}
            </DataTable>
          )}
        </RelatedRows>
      </ReferenceManyField>
    </Box>
  );
}

export function RelatedLists({ entity }: { entity: EntityDef }) {
  const related = entity.admin?.related ?? [];
  return (
    <>
      {related.map((r) => (
        <RelatedList key={`${r.entity}.${r.target}`} entity={entity} related={r} />
      ))}
    </>
  );
}
