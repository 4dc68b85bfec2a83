/** The generated create, edit and show screens of an entity. */
import { Box, Divider } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Create,
  DeleteButton,
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
import { DisplayField } from '../fields/DisplayField';
import { DeleteCompanyUserButton } from './DeleteCompanyUserButton';
import { labelOf, recordLabel, showFields } from '../fields/fieldMeta';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { EntityForm } from './EntityForm';
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

/** A company user's edit page deletes as their show page does: the confirmation names who takes over their projects. */
const companyUserToolbar = (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteCompanyUserButton />
  </Toolbar>
);

export function EntityEdit({ entity }: { entity: EntityDef }) {
  return (
    // Pessimistic: the server's field errors must reach the form before leaving the page.
    <Edit
      title={<RecordTitle entity={entity} />}
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <EntityForm
        entity={entity}
        mode="edit"
        toolbar={entity.resource === 'company-users' ? companyUserToolbar : undefined}
      />
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
 * `actions` replaces the generic edit and delete buttons (an override's own, e.g. a credit's). A company user's
 * deletion offers who takes over their projects (DeleteCompanyUserButton).
 */
export function EntityShow({ entity, actions }: { entity: EntityDef; actions?: ReactNode }) {
  return (
    <Show
      title={<RecordTitle entity={entity} />}
      actions={
        <TopToolbar>
          {actions ?? (
            <>
              <EditButton />
              {entity.resource === 'company-users' ? (
                <DeleteCompanyUserButton />
              ) : (
                <DeleteButton mutationMode="pessimistic" />
              )}
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
