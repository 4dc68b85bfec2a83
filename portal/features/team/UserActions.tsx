/**
 * The per-row menu of the team table. A pending invitee (not yet accepted) is offered what works for them: resend
 * the invitation or remove them, with a note that their role and status change once they accept (the server
 * refuses both until then); anyone else a change of role, of status, or removal.
 */
import MoreVert from '@mui/icons-material/MoreVert';
import { Divider, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { CompanyUserRow } from '../../api/companyUsers';
import { t } from '../../../i18n';

export type UserAction =
  { kind: 'resend' } | { kind: 'role'; role: 1 | 2 } | { kind: 'status'; status: 1 | 2 } | { kind: 'delete' };

/** The menu's entries above the divider: a label key and its action, or a note (no action) saying why. */
function entriesFor(row: CompanyUserRow): { key: string; action?: UserAction }[] {
  if (row.status === 0) return [{ key: 'resendInvitation', action: { kind: 'resend' } }, { key: 'pendingNoChanges' }];
  return [
    row.role === 2
      ? { key: 'makeAdmin', action: { kind: 'role', role: 1 } }
      : { key: 'makeMember', action: { kind: 'role', role: 2 } },
    row.status === 1
      ? { key: 'deactivate', action: { kind: 'status', status: 2 } }
      : { key: 'activate', action: { kind: 'status', status: 1 } },
  ];
}

export function UserActions({ row, onAction }: { row: CompanyUserRow; onAction(action: UserAction): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: UserAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton
        aria-label={t('portal.team.actionsFor', { email: row.email })}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entriesFor(row).map(({ key, action }) =>
          action ? (
            <MenuItem key={key} onClick={() => run(action)}>
              <ListItemText>{t(`portal.team.${key}`)}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem key={key} disabled sx={{ whiteSpace: 'normal', maxWidth: 280 }}>
              <ListItemText secondary={t(`portal.team.${key}`)} />
            </MenuItem>
          ),
        )}
        <Divider />
        <MenuItem onClick={() => run({ kind: 'delete' })} sx={{ color: 'error.main' }}>
          <ListItemText>{t('portal.team.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
