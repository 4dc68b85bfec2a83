/** The generated create, edit and show screens of an entity. */
import { Box, Divider } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Create,
  Edit,
  EditButton,
  Labeled,
  SaveButton,
  Show,
  ShowButton,
  Toolbar,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { ChangedMeanwhileDialog, useChangedMeanwhile } from './ChangedMeanwhile';
import { DisplayField } from '../fields/DisplayField';
import { EntityDeleteButton } from './EntityDeleteButton';
import { labelOf, recordLabel, showFields } from '../fields/fieldMeta';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { EntityForm } from './EntityForm';
import { EditLoadFailed, ShowLoadFailed, recordLoadFailed, useRecordLoadOptions } from './LoadFailed';
import { RecordTitle } from './RecordTitle';
import { RelatedLists, replacedByRelated } from './RelatedLists';

function CreateTitle({ entity }: { entity: EntityDef }) {
  const title = t('admin.form.createTitle', { label: recordLabel(entity).toLowerCase() });
  useDocumentTitle(title);
  return <>{title}</>;
}

export function EntityCreate({ entity }: { entity: EntityDef }) {
  return (
    <Create title={<CreateTitle entity={entity} />} redirect="list">
      <EntityForm entity={entity} mode="create" />
    </Create>
  );
}

/**
 * A company user's and an admin's edit page delete as their show page does (EntityDeleteButton): the confirmation
 * names who takes over a user's projects, and Delete is disabled with the reason where the server refuses it.
 */
const teamToolbar = (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <EntityDeleteButton />
  </Toolbar>
);
const TEAM = ['company-users', 'admins'];

/**
 * The form sends back the record it read, `updatedAt` with it: a record changed since is refused (409) and a dialog
 * offers to reload it (ChangedMeanwhile.tsx) instead of writing the older copy over the change. A record that did not
 * load says why with Try again; only one the server does not have (404) is told as gone (LoadFailed.tsx).
 */
export function EntityEdit({ entity }: { entity: EntityDef }) {
  const changed = useChangedMeanwhile();
  const queryOptions = useRecordLoadOptions();
  return (
    // Pessimistic: the server's field errors must reach the form before leaving the page.
    <Edit
      title={<RecordTitle entity={entity} />}
      mutationMode="pessimistic"
      mutationOptions={{ onError: changed.onError }}
      queryOptions={queryOptions}
      error={<EditLoadFailed title={recordLoadFailed(recordLabel(entity).toLowerCase())} />}
      redirect="list"
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <EntityForm entity={entity} mode="edit" toolbar={TEAM.includes(entity.resource ?? '') ? teamToolbar : undefined}>
        <ChangedMeanwhileDialog code={changed.code} onClose={changed.close} />
      </EntityForm>
      <RelatedLists entity={entity} />
    </Edit>
  );
}

function ShowBody({ entity }: { entity: EntityDef }) {
  const record = useRecordContext();
  if (!record) return null;
  const replaced = replacedByRelated(entity);
  const rows = showFields(entity)
    .map((row) => row.filter((name) => !replaced.has(name)))
    .filter((row) => row.length > 0);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      {rows.map((row, i) => (
        <Box key={row.join('+')}>
          {i > 0 && <Divider sx={{ my: 1.5 }} />}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
            {row.map((name) => (
              <Labeled
                key={name}
                label={labelOf(entity, name)}
                sx={{ minWidth: 0, gridColumn: row.length === 1 ? '1 / -1' : undefined }}
              >
                <DisplayField entity={entity} source={name} />
              </Labeled>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * `actions` replaces the generic edit and delete buttons (an override's own, e.g. a credit's). Delete is the
 * server's rule's (EntityDeleteButton): a company user's offers who takes over their projects.
 */
export function EntityShow({ entity, actions }: { entity: EntityDef; actions?: ReactNode }) {
  const queryOptions = useRecordLoadOptions();
  return (
    <Show
      title={<RecordTitle entity={entity} />}
      queryOptions={queryOptions}
      error={<ShowLoadFailed title={recordLoadFailed(recordLabel(entity).toLowerCase())} />}
      actions={
        <TopToolbar>
          {actions ?? (
            <>
              <EditButton />
              <EntityDeleteButton />
            </>
          )}
        </TopToolbar>
      }
    >
      <ShowBody entity={entity} />
      <RelatedLists entity={entity} />
    </Show>
  );
}
