/**
 * Who takes over a company user's projects when they are deleted, in the portal's team page and the console alike:
 * the colleagues the server offers (GET company-users/user-list-to-transfer), the reason they could not be read, or
 * a note that there is nobody to take them (the projects then keep no owner). The server answers every colleague,
 * so the choice is an autocomplete over them: typing a name or email narrows a company of hundreds at once.
 */
import { Alert, Autocomplete, TextField } from '@mui/material';
import { t } from '../../i18n';

export interface TransferTarget {
  id: string;
  name: string;
  email: string;
}

const labelOf = (target: TransferTarget) => (target.name ? `${target.name} · ${target.email}` : target.email);

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
        <Autocomplete
          options={targets}
          value={targets.find((target) => target.id === value) ?? targets[0]}
          onChange={(_, target) => onChange(target.id)}
          disableClearable
          getOptionLabel={labelOf}
          getOptionKey={(target) => target.id}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          sx={{ mt: 2.5 }}
          renderInput={(params) => (
            <TextField {...params} label={t('portal.team.transferTo')} helperText={t('portal.team.transferHelp')} />
          )}
        />
      )}
      {targets && targets.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('portal.team.noTransferTargets')}
        </Alert>
      )}
    </>
  );
}
