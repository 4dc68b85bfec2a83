/**
 * The Delete of a record's show and edit pages, offered only where the server accepts it (schema/rules/team.ts, the
 * rules the team routes refuse by): a company Owner (ownerUndeletable) and the signed-in admin's own record
 * (selfUndeletable) show Delete disabled, with the reason; a record the admin's ability does not let them delete
 * shows none. A company user's deletion asks who takes over their projects (DeleteCompanyUserButton); any other
 * record's is react-admin's, pessimistic.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Tooltip } from '@mui/material';
import { Button, DeleteButton, usePermissions, useRecordContext, useResourceContext } from 'react-admin';
import { t } from '../../i18n';
import type { Actor } from '../../schema/roles';
import { adminDeleteRefusal, memberDeleteRefusal } from '../../schema/rules/team';
import { canAccessResource } from '../providers/ability';
import { idNumber } from '../fields/readable';
import { DeleteCompanyUserButton } from './DeleteCompanyUserButton';

/** Why the server would refuse deleting `record` of `resource` for the signed-in admin, as a catalogue key. */
function refusal(resource: string, record: Record<string, unknown>, self: Actor | undefined): string | undefined {
  const id = Number(idNumber(record.id));
  if (resource === 'company-users') {
    const reason = memberDeleteRefusal({}, { id, role: Number(record.role) });
    return reason && `companyUser.${reason}`;
  }
  if (resource === 'admins') {
    const reason = adminDeleteRefusal(self?.id, id);
    return reason && `admins.${reason}`;
  }
  return undefined;
}

export function EntityDeleteButton() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { permissions } = usePermissions<Actor | null>();
  // A record the admin may not delete at all (their ability) offers no Delete, not a disabled one.
  if (!record || !permissions || !canAccessResource(permissions, 'delete', resource, record)) return null;
  const refused = refusal(resource, record, permissions);
  if (refused)
    return (
      // A disabled button shows no tooltip of its own: the span carries the reason.
      <Tooltip title={t(refused)}>
        <span data-testid="delete-refused">
          <Button label="ra.action.delete" color="error" disabled aria-description={t(refused)}>
            <DeleteIcon />
          </Button>
        </span>
      </Tooltip>
    );
  return resource === 'company-users' ? <DeleteCompanyUserButton /> : <DeleteButton mutationMode="pessimistic" />;
}
