/**
 * The team table's bar for the selected rows: activate, deactivate, make admin or member, clear. When the selection
 * holds pending invitees, whose role and status the server refuses to change until they accept, the four changes
 * are disabled and the bar says why.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { t } from '../../../i18n';

interface Props {
  count: number;
  /** How many of the selected are pending invitees. */
  pending: number;
  busy: boolean;
  onStatus(status: 1 | 2): void;
  onRole(role: 1 | 2): void;
  onClear(): void;
}

export function TeamBulkBar({ count, pending, busy, onStatus, onRole, onClear }: Props) {
  const disabled = busy || pending > 0;
  const changes = [
    { key: 'activate', run: () => onStatus(1) },
    { key: 'deactivate', run: () => onStatus(2) },
    { key: 'makeAdmin', run: () => onRole(1) },
    { key: 'makeMember', run: () => onRole(2) },
  ];
  return (
    <Box sx={{ px: 2, py: 1.25, mt: 1.5, bgcolor: 'rgba(29, 78, 216, 0.06)' }} data-testid="bulk-bar">
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, mr: 1 }}>{t('portal.team.selectedCount', { count })}</Typography>
        {changes.map(({ key, run }) => (
          <Button key={key} size="small" disabled={disabled} onClick={run}>
            {t(`portal.team.${key}`)}
          </Button>
        ))}
        <Box sx={{ flex: 1 }} />
        <Button size="small" color="inherit" onClick={onClear}>
          {t('portal.team.clearSelection')}
        </Button>
      </Stack>
      {pending > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} role="status">
          {t('portal.team.pendingSelected', { count: pending })}
        </Typography>
      )}
    </Box>
  );
}
