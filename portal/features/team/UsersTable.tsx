/**
 * A company's users as a table: person, job title, role, status, last active and joined dates; optional selection and
 * row actions. On a phone each user is a card instead (UserCards.tsx), so nothing sits off screen.
 */
import {
  Checkbox,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { t } from '../../../i18n';
import { formatDate } from '../../components/format';
import { UserCards } from './UserCards';
import { Person, RoleChip, SelectPage, StatusChip, type UsersTableProps } from './UserParts';

export function UsersTable(props: UsersTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <UserCards {...props} /> : <UsersGrid {...props} />;
}

function UsersGrid({ rows, loading, selected, onSelect, selectable = () => true, actions }: UsersTableProps) {
  const selecting = !!onSelect && !!selected;
  const pageIds = rows.filter(selectable).map((r) => r.id);
  const columns = 6 + (selecting ? 1 : 0) + (actions ? 1 : 0);
  return (
    <TableContainer>
      <Table size="medium" aria-label={t('portal.team.tableLabel')}>
        <TableHead>
          <TableRow>
            {selecting && (
              <TableCell padding="checkbox">
                <SelectPage pageIds={pageIds} selected={selected} onSelect={onSelect} />
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
                    <Person row={row} />
                  </TableCell>
                  <TableCell>{row.jobTitle || '—'}</TableCell>
                  <TableCell>
                    <RoleChip row={row} />
                  </TableCell>
                  <TableCell>
                    <StatusChip row={row} />
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
