/**
 * Who takes over a company user's projects when they are deleted, in the portal's team page and the console alike:
 * the colleagues the server offers (GET company-users/user-list-to-transfer), the reason they could not be read, or
 * a note that there is nobody to take them (the projects then keep no owner).
 */
import { Alert, MenuItem, TextField } from '@mui/material';
import { t } from '../../i18n';

export interface TransferTarget {
  id: string;
  name: string;
  email: string;
}

export function TransferChoice({
  targets,
  error,
  value,
  onChange,
}: {
  targets?: TransferTarget[];
  error?: string;
  value: string;
  onChange(id: string): void;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {targets && targets.length > 0 && (
        <TextField
          select
          fullWidth
          label={t('portal.team.transferTo')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          sx={{ mt: 2.5 }}
          helperText={t('portal.team.transferHelp')}
        >
          {targets.map((target) => (
            <MenuItem key={target.id} value={target.id}>
              {target.name ? `${target.name} · ${target.email}` : target.email}
            </MenuItem>
          ))}
        </TextField>
      )}
      {targets && targets.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('portal.team.noTransferTargets')}
        </Alert>
      )}
    </>
  );
}
