/**
 * The create and edit form, laid out by `admin.edit.layout` rows. Fields the signed-in admin may
 * not write (read-only ones, or beyond their rule's fields) are shown but locked, and so are the fields fixed
 * after create (a company user's company) on an edit. A record read again while it is edited (react-admin's Refresh)
 * keeps the admin's changes and says when the record changed on the server (RecordChanged.tsx).
 */
import { Box } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { SimpleForm, useRecordContext, useResourceContext } from 'react-admin';
import type { EntityDef } from '../../schema';
import { FieldInput } from '../fields/FieldInput';
import { defaultsOf, formLayout, isVisible } from '../fields/fieldMeta';
import { writableFields } from '../providers/ability';
import { useActor } from '../providers/useActor';
import { RecordChangedNotice, keepEditsOver } from './RecordChanged';

interface Props {
  entity: EntityDef;
  mode: 'create' | 'edit';
  /** One field per row, for narrow panels. */
  stacked?: boolean;
  /** Replaces react-admin's save-and-delete toolbar (a company user's edit: DeleteCompanyUserButton). */
  toolbar?: ReactElement;
  /** Drawn inside the form, after its fields (a dialog that needs the form, e.g. ChangedMeanwhileDialog). */
  children?: ReactNode;
}

export function EntityForm({ entity, mode, stacked, toolbar, children }: Props) {
  const actor = useActor();
  const record = useRecordContext();
  const resource = useResourceContext();
  const writable = actor ? writableFields(actor, entity, mode === 'edit' ? record : undefined) : new Set<string>();
  const rows = formLayout(entity)
    .map((row) =>
      row.filter((name) => isVisible(entity.fields[name]) && !(mode === 'create' && entity.fields[name].readOnly)),
    )
    .filter((row) => row.length > 0);
  return (
    <SimpleForm
      noValidate
      warnWhenUnsavedChanges
      toolbar={toolbar}
      defaultValues={mode === 'create' ? defaultsOf(entity) : undefined}
      resetOptions={mode === 'edit' ? keepEditsOver(resource, record) : undefined}
      sx={{ maxWidth: stacked ? undefined : 960 }}
    >
      {mode === 'edit' && <RecordChangedNotice />}
      {rows.map((row) => (
        <Box
          key={row.join('+')}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: stacked ? 'column' : 'row' },
            columnGap: 2,
            width: '100%',
          }}
        >
          {row.map((name) => (
            <Box key={name} sx={{ flex: 1, minWidth: 0 }}>
              <FieldInput
                entity={entity}
                source={name}
                readOnly={!writable.has(name) || (mode === 'edit' && !!entity.fields[name].fixed)}
              />
            </Box>
          ))}
        </Box>
      ))}
      {children}
    </SimpleForm>
  );
}
