/** The per-row menu of the team table: resend an invitation, change role or status, remove. */
import MoreVert from '@mui/icons-material/MoreVert';
import { Divider, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { CompanyUserRow } from '../../api/companyUsers';
import { t } from '../../../i18n';

export type UserAction =
  { kind: 'resend' } | { kind: 'role'; role: 1 | 2 } | { kind: 'status'; status: 1 | 2 } | { kind: 'delete' };

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
        {row.status === 0 && (
          <MenuItem onClick={() => run({ kind: 'resend' })}>
            <ListItemText>{t('portal.team.resendInvitation')}</ListItemText>
          </MenuItem>
        )}
        {row.role === 2 ? (
          <MenuItem onClick={() => run({ kind: 'role', role: 1 })}>
            <ListItemText>{t('portal.team.makeAdmin')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => run({ kind: 'role', role: 2 })}>
            <ListItemText>{t('portal.team.makeMember')}</ListItemText>
          </MenuItem>
        )}
        {row.status === 1 ? (
          <MenuItem onClick={() => run({ kind: 'status', status: 2 })}>
            <ListItemText>{t('portal.team.deactivate')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => run({ kind: 'status', status: 1 })}>
            <ListItemText>{t('portal.team.activate')}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => run({ kind: 'delete' })} sx={{ color: 'error.main' }}>
          <ListItemText>{t('portal.team.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
