/**
 * The team on a phone: one card per user with the person, role, status and last active date, and the row's
 * selection box and actions menu within reach (the table's seven columns would run off the screen).
 */
import { Box, Checkbox, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { t } from '../../../i18n';
import { formatDate } from '../../components/format';
import { Person, RoleChip, SelectPage, StatusChip, type UsersTableProps } from './UserParts';

export function UserCards({ rows, loading, selected, onSelect, selectable = () => true, actions }: UsersTableProps) {
  const selecting = !!onSelect && !!selected;
  const pageIds = rows.filter(selectable).map((r) => r.id);
  if (loading && !rows.length)
    return (
      <Box sx={{ px: 2 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={72} />
        ))}
      </Box>
    );
  return (
    <Box component="ul" aria-label={t('portal.team.tableLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {selecting && (
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', px: 1 }}>
          <SelectPage pageIds={pageIds} selected={selected} onSelect={onSelect} />
        </Box>
      )}
      {rows.map((row) => (
        <Fragment key={row.id}>
          <Divider component="li" aria-hidden />
          <Box
            component="li"
            data-user-email={row.email}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 0.5,
              px: 1,
              py: 1.5,
              bgcolor: selected?.includes(row.id) ? 'action.selected' : undefined,
            }}
          >
            {selecting && (
              <Checkbox
                checked={selected.includes(row.id)}
                disabled={!selectable(row)}
                onChange={(e) =>
                  onSelect(e.target.checked ? [...selected, row.id] : selected.filter((id) => id !== row.id))
                }
                slotProps={{ input: { 'aria-label': t('portal.team.selectUser', { email: row.email }) } }}
              />
            )}
            <Box sx={{ flex: 1, minWidth: 0, pt: selecting ? 0.5 : 0, pl: selecting ? 0 : 1 }}>
              <Person row={row} whole />
              <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
                <RoleChip row={row} />
                <StatusChip row={row} />
                <Stack direction="row" sx={{ gap: 0.5, alignItems: 'baseline' }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('portal.team.columns.lastActive')}
                  </Typography>
                  <Typography variant="body2">{formatDate(row.lastActiveAt) ?? t('portal.team.never')}</Typography>
                </Stack>
              </Stack>
              {row.jobTitle && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} noWrap>
                  {row.jobTitle}
                </Typography>
              )}
            </Box>
            {actions && <Box sx={{ flexShrink: 0 }}>{actions(row)}</Box>}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
