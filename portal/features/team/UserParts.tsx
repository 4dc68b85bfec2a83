/** The pieces of a company user's line, shared by the team table and its phone cards: the person, role and status. */
import { Avatar, Box, Checkbox, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { CompanyUserRow } from '../../api/companyUsers';
import { initialsOf } from '../../app/layout/AccountMenu';
import { t } from '../../../i18n';

const ROLE_KEYS: Record<number, string> = { 0: 'owner', 1: 'admin', 2: 'member' };
const STATUS_KEYS: Record<number, string> = { 0: 'pending', 1: 'active', 2: 'inactive' };
const STATUS_COLORS: Record<number, 'warning' | 'success' | 'default'> = { 0: 'warning', 1: 'success', 2: 'default' };

export interface UsersTableProps {
  rows: CompanyUserRow[];
  loading: boolean;
  selected?: string[];
  onSelect?(ids: string[]): void;
  /** Which rows may be selected (owners and yourself may not). */
  selectable?(row: CompanyUserRow): boolean;
  actions?(row: CompanyUserRow): ReactNode;
}

/** The person: avatar, name (or that they are invited) and email; `whole` breaks a long email rather than cut it. */
export function Person({ row, whole = false }: { row: CompanyUserRow; whole?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar
        aria-hidden
        src={row.profilePic ?? undefined}
        sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.main' }}
      >
        {initialsOf(row.firstName, row.lastName, row.email)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {row.name?.trim() || t('portal.team.invitedPerson')}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap={!whole}
          sx={whole ? { overflowWrap: 'anywhere' } : undefined}
        >
          {row.email}
        </Typography>
      </Box>
    </Box>
  );
}

export function RoleChip({ row }: { row: CompanyUserRow }) {
  return (
    <Chip
      size="small"
      variant={row.role === 2 ? 'outlined' : 'filled'}
      color={row.role === 2 ? 'default' : 'primary'}
      label={t(`portal.enums.companyUserRole.${ROLE_KEYS[row.role] ?? 'member'}`)}
    />
  );
}

export function StatusChip({ row }: { row: CompanyUserRow }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[row.status] ?? 'default'}
      variant="outlined"
      label={t(`portal.enums.companyUserStatus.${STATUS_KEYS[row.status] ?? 'inactive'}`)}
    />
  );
}

/** The box that selects (or lets go of) every selectable user on the page, keeping those chosen on other pages. */
export function SelectPage({
  pageIds,
  selected,
  onSelect,
}: {
  pageIds: string[];
  selected: string[];
  onSelect(ids: string[]): void;
}) {
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return (
    <Checkbox
      checked={allOnPage}
      indeterminate={!allOnPage && pageIds.some((id) => selected.includes(id))}
      onChange={() =>
        onSelect(
          allOnPage ? selected.filter((id) => !pageIds.includes(id)) : Array.from(new Set([...selected, ...pageIds])),
        )
      }
      slotProps={{ input: { 'aria-label': t('portal.team.selectPage') } }}
      disabled={!pageIds.length}
    />
  );
}
