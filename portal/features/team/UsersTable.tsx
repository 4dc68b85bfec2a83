/** A company's users as a table: person, job title, role, status, last active and joined dates; optional selection and row actions. */
import {
  Avatar,
  Box,
  Checkbox,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import type { CompanyUserRow } from '../../api/companyUsers';
import { initialsOf } from '../../app/layout/AccountMenu';
import { t } from '../../../i18n';
import { formatDate } from '../../components/format';

const ROLE_KEYS: Record<number, string> = { 0: 'owner', 1: 'admin', 2: 'member' };
const STATUS_KEYS: Record<number, string> = { 0: 'pending', 1: 'active', 2: 'inactive' };
const STATUS_COLORS: Record<number, 'warning' | 'success' | 'default'> = { 0: 'warning', 1: 'success', 2: 'default' };

interface Props {
  rows: CompanyUserRow[];
  loading: boolean;
  selected?: string[];
  onSelect?(ids: string[]): void;
  /** Which rows may be selected (owners and yourself may not). */
  selectable?(row: CompanyUserRow): boolean;
  actions?(row: CompanyUserRow): ReactNode;
}

export function UsersTable({ rows, loading, selected, onSelect, selectable = () => true, actions }: Props) {
  const selecting = !!onSelect && !!selected;
  const pageIds = rows.filter(selectable).map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected?.includes(id));
  const columns = 6 + (selecting ? 1 : 0) + (actions ? 1 : 0);
  return (
    <TableContainer>
      <Table size="medium" aria-label={t('portal.team.tableLabel')}>
        <TableHead>
          <TableRow>
            {selecting && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={!allOnPage && pageIds.some((id) => selected.includes(id))}
                  onChange={() =>
                    onSelect(
                      allOnPage
                        ? selected.filter((id) => !pageIds.includes(id))
                        : Array.from(new Set([...selected, ...pageIds])),
                    )
                  }
                  slotProps={{ input: { 'aria-label': t('portal.team.selectPage') } }}
                  disabled={!pageIds.length}
                />
              </TableCell>
            )}
            <TableCell>{t('portal.team.columns.person')}</TableCell>
            <TableCell>{t('portal.fields.jobTitle')}</TableCell>
            <TableCell>{t('portal.fields.role')}</TableCell>
            <TableCell>{t('portal.fields.status')}</TableCell>
            <TableCell>{t('portal.team.columns.lastActive')}</TableCell>
            <TableCell>{t('portal.team.columns.joined')}</TableCell>
            {actions && <TableCell align="right">{t('portal.team.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !rows.length
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={columns}>
                    <Skeleton height={36} />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.id} hover selected={selected?.includes(row.id)} data-user-email={row.email}>
                  {selecting && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(row.id)}
                        disabled={!selectable(row)}
                        onChange={(e) =>
                          onSelect(e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))
                        }
                        slotProps={{ input: { 'aria-label': t('portal.team.selectUser', { email: row.email }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
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
                        <Typography variant="body2" color="text.secondary" noWrap>
                          {row.email}
                        </Typography>
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell>{row.jobTitle || '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant={row.role === 2 ? 'outlined' : 'filled'}
                      color={row.role === 2 ? 'default' : 'primary'}
                      label={t(`portal.enums.companyUserRole.${ROLE_KEYS[row.role] ?? 'member'}`)}
                    />
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLORS[row.status] ?? 'default'}
                      variant="outlined"
                      label={t(`portal.enums.companyUserStatus.${STATUS_KEYS[row.status] ?? 'inactive'}`)}
                    />
                  </TableCell>
                  <TableCell>{formatDate(row.lastActiveAt) ?? t('portal.team.never')}</TableCell>
                  <TableCell>{formatDate(row.createdAt) ?? '—'}</TableCell>
                  {actions && <TableCell align="right">{actions(row)}</TableCell>}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
