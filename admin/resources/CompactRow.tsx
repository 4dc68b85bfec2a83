/**
 * A list row's second line on a phone, where the table's columns do not fit: the fields the schema's
 * `admin.list.compact` names (a credit movement's amount, day and company), else the record's status.
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { EntityDef } from '../../schema';
import { DisplayField } from '../fields/DisplayField';

export function compactSecondary(entity: EntityDef): ((record: RaRecord) => ReactNode) | undefined {
  const fields = entity.admin?.list?.compact;
  if (fields?.length) return () => <CompactFields entity={entity} fields={fields} />;
  const status = entity.fields.status;
  if (status?.kind !== 'enum') return undefined;
  return (record) => status.choices?.find((c) => c.id === record.status)?.label;
}

function CompactFields({ entity, fields }: { entity: EntityDef; fields: string[] }) {
  return (
    // Inline pieces that wrap as whole values on a narrow screen, a middle dot between them.
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }} data-testid="compact-row">
      {fields.map((name, i) => (
        <Box component="span" key={name} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {i > 0 && (
            <Box component="span" aria-hidden sx={{ mr: 0.75 }}>
              ·
            </Box>
          )}
          <DisplayField entity={entity} source={name} compact />
        </Box>
      ))}
    </Box>
  );
}
