/** Connecting one ATS: an API key (and Workable's subdomain), Greenhouse's client credentials, "Sign in with Lever", or recording a kind without a live connection. */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { t } from '../../../i18n';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { integrationsApi, type AtsKindRow } from '../../api/integrations';
import { useNotify } from '../../app/notify';

const P = 'portal.integrationsPage';
type Field = 'apiKey' | 'subdomain' | 'clientId' | 'clientSecret';

function fieldsOf(kind: AtsKindRow): Field[] {
  if (kind.connect === 'clientCredentials') return ['clientId', 'clientSecret'];
  if (kind.connect === 'apiKey') return kind.key === 'workable' ? ['subdomain', 'apiKey'] : ['apiKey'];
  return [];
}

export function ConnectDialog({
  kind,
  leverSignIn,
  onClose,
  onDone,
}: {
  kind?: AtsKindRow;
  leverSignIn: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<Record<string, string>>({});
  const [environment, setEnvironment] = useState(2);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ats = kind?.label ?? '';

  const close = () => {
    if (busy) return;
    setValues({});
    setErrors({});
    onClose();
  };
  // Keys and secrets pasted in are asked about before they are thrown away.
  const guard = useDiscardGuard(!busy && changedFrom(values, {}), close);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return;
    const missing = Object.fromEntries(
      fieldsOf(kind)
        .filter((f) => !values[f]?.trim())
        .map((f) => [f, `${f}.errors.required`]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      if (kind.connect === 'signIn') {
        const { url } = await integrationsApi.leverSignIn(environment);
        window.location.assign(url);
        return;
      }
      if (kind.connect === 'clientCredentials')
        await integrationsApi.greenhouse({
          clientId: values.clientId.trim(),
          clientSecret: values.clientSecret.trim(),
          environment,
        });
      else
        await integrationsApi.add({
          kind: kind.key,
          environment,
          ...(values.apiKey ? { apiKey: values.apiKey.trim() } : {}),
          ...(values.subdomain ? { subdomain: values.subdomain.trim() } : {}),
        });
      notify(t(kind.connect === 'none' ? `${P}.recorded` : `${P}.connected`, { ats }), 'success');
      setValues({});
      setBusy(false);
      onDone();
      onClose();
    } catch (err) {
      const fields = fieldKeys(err);
      if (Object.keys(fields).length && !fields.kind) setErrors(fields);
      else notify(errorMessage(err), 'error');
      setBusy(false);
    }
  };

  const signInOff = kind?.connect === 'signIn' && !leverSignIn;
  return (
    <Dialog open={!!kind} onClose={guard.requestClose} maxWidth="sm" fullWidth aria-labelledby="connect-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="connect-title">{t(`${P}.connectTitle`, { ats })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            {kind?.connect === 'none'
              ? t(`${P}.recordHelp`, { ats })
              : kind?.connect === 'signIn'
                ? t(`${P}.signInHelp`)
                : t(`${P}.apiKeyHelp`, { ats })}
          </DialogContentText>
          {signInOff && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t(`${P}.leverUnavailable`)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, pt: 0.5 }}>
            {kind &&
              fieldsOf(kind).map((name, i) => (
                <TextField
                  key={name}
                  name={name}
                  label={t(`${P}.fields.${name}`)}
                  required
                  autoFocus={i === 0}
                  type={name === 'apiKey' || name === 'clientSecret' ? 'password' : 'text'}
                  autoComplete="off"
                  value={values[name] ?? ''}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [name]: e.target.value }));
                    setErrors(({ [name]: _drop, ...rest }) => rest);
                  }}
                  error={!!errors[name]}
                  helperText={errors[name] && t(errors[name])}
                  disabled={busy}
                />
              ))}
            <TextField
              select
              name="environment"
              label={t(`${P}.environment`)}
              value={environment}
              onChange={(e) => setEnvironment(Number(e.target.value))}
              disabled={busy}
            >
              {[1, 2, 3, 4, 5].map((n) => (
                <MenuItem key={n} value={n}>
                  {t(`${P}.environments.${n}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose} disabled={busy}>
            {t(`${P}.cancel`)}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || signInOff}>
            {kind?.connect === 'signIn'
              ? t(`${P}.signInLever`)
              : kind?.connect === 'none'
                ? t(`${P}.record`)
                : t(`${P}.connect`)}
          </Button>
        </DialogActions>
      </Box>
      {guard.prompt}
    </Dialog>
  );
}
