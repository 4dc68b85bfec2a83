/**
 * Connecting one ATS with exactly what its vendor asks for (vendors.ts): Workable's subdomain and API
 * access token, Ashby's API key, Greenhouse's client id and secret, "Sign in with Lever", each with
 * the steps in the vendor's screens and a link to its guide; or recording a kind without a live
 * connection ("Other" with the name of the system). Only a kind that connects has an environment.
 * Given `replacing`, it replaces that integration's credentials in place (PUT integrations/credentials/:id):
 * the same fields but Workable's subdomain (the account stays the same), no environment, links kept.
 * A refusal of the credentials' field shows at that field; Workable's "no member of this account has
 * your email" names the email the server looked for (the envelope's `email`), so the user knows whom
 * to invite in Workable.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  MenuItem,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { integrationsApi, type AtsKindRow, type Integration } from '../../api/integrations';
import { useNotify } from '../../app/notify';

import { guideOf, secret } from './vendors';

const P = 'portal.integrationsPage';

/** The add call's body for an API-key or recorded kind: Workable's access token travels as its API key. */
function addBody(kind: AtsKindRow, values: Record<string, string>, environment: number) {
  const value = (name: string) => values[name]?.trim() || undefined;
  return {
    kind: kind.key,
    ...(guideOf(kind).environment ? { environment } : {}),
    ...(value('apiKey') || value('accessToken') ? { apiKey: value('apiKey') ?? value('accessToken') } : {}),
    ...(value('subdomain') ? { subdomain: value('subdomain') } : {}),
    ...(value('name') ? { name: value('name') } : {}),
  };
}

/** A server refusal of `apiKey` belongs to the field the dialog shows for it. */
const onScreen = (fields: Record<string, string>, kind: AtsKindRow): Record<string, string> =>
  kind.key === 'workable' && fields.apiKey
    ? { ...Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'apiKey')), accessToken: fields.apiKey }
    : fields;

/** The values a refusal's field texts name: the email a "no member" refusal looked for, when the server names one. */
const namedIn = (err: unknown): Record<string, string> => {
  const email = err instanceof ApiError ? (err.body?.error as { email?: unknown } | undefined)?.email : undefined;
  return typeof email === 'string' && email ? { email } : {};
};

/** Field keys with the texts that name the refusal's values, where the catalogue has one ("no member" → its email). */
const named = (fields: Record<string, string>, values: Record<string, string>): Record<string, string> =>
  values.email
    ? Object.fromEntries(
        Object.entries(fields).map(([f, key]) => [f, key.replace(/\.errors\.noMember$/, '.errors.noMemberNamed')]),
      )
    : fields;

/** The fields a dialog asks for: replacing credentials keeps the account, so Workable's subdomain is not asked. */
const fieldsOf = (kind: AtsKindRow, replacing?: Integration) =>
  guideOf(kind).fields.filter((f) => !replacing || f !== 'subdomain');

/** Replaces `replacing`'s credentials with those typed in: Workable's access token travels as its API key. */
function replace(replacing: Integration, values: Record<string, string>) {
  const value = (name: string) => values[name]?.trim() || undefined;
  return integrationsApi.replaceCredentials(replacing.id, {
    apiKey: value('apiKey') ?? value('accessToken'),
    clientId: value('clientId'),
    clientSecret: value('clientSecret'),
  });
}

export function ConnectDialog({
  kind,
  replacing,
  leverSignIn,
  onClose,
  onDone,
}: {
  kind?: AtsKindRow;
  /** The integration whose credentials are replaced, if that is what the dialog does. */
  replacing?: Integration;
  leverSignIn: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [values, setValues] = useState<Record<string, string>>({});
  const [environment, setEnvironment] = useState(2);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The values the server's field refusals name (the email looked for), read into their texts. */
  const [errorValues, setErrorValues] = useState<Record<string, string>>({});
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
      fieldsOf(kind, replacing)
        .filter((f) => !values[f]?.trim())
        .map((f) => [f, `${f}.errors.required`]),
    );
    setErrors(missing);
    setErrorValues({});
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      if (replacing) {
        await replace(replacing, values);
        notify(t(`${P}.replace.done`, { ats }), 'success');
        setValues({});
        setBusy(false);
        onDone();
        onClose();
        return;
      }
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
      else await integrationsApi.add(addBody(kind, values, environment));
      const named = kind.key === 'other' ? values.name.trim() : ats;
      notify(t(kind.connect === 'none' ? `${P}.recorded` : `${P}.connected`, { ats: named }), 'success');
      setValues({});
      setBusy(false);
      onDone();
      onClose();
    } catch (err) {
      const values = namedIn(err);
      const fields = named(onScreen(fieldKeys(err), kind), values);
      if (Object.keys(fields).length && !fields.kind) {
        setErrors(fields);
        setErrorValues(values);
      } else notify(errorMessage(err), 'error');
      setBusy(false);
    }
  };

  const signInOff = kind?.connect === 'signIn' && !leverSignIn;
  const guide = kind ? guideOf(kind) : undefined;
  const help = !kind
    ? ''
    : replacing
      ? t(`${P}.replace.help`, { ats })
      : kind.key === 'other'
        ? t(`${P}.otherHelp`)
        : kind.connect === 'none'
          ? t(`${P}.recordHelp`, { ats })
          : t(`${P}.vendorHelp.${kind.key}`);
  return (
    <Dialog
      open={!!kind}
      onClose={guard.requestClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby="connect-title"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="connect-title">
          {t(replacing ? `${P}.replace.title` : kind?.connect === 'none' ? `${P}.recordTitle` : `${P}.connectTitle`, {
            ats,
          })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: guide?.link ? 1 : 2.5 }}>{help}</DialogContentText>
          {guide?.link && (
            <Link href={guide.link} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mb: 2.5 }}>
              {t(`${P}.vendorLink`, { ats })}
            </Link>
          )}
          {signInOff && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t(`${P}.leverUnavailable`)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, pt: 0.5 }}>
            {kind &&
              fieldsOf(kind, replacing).map((name, i) => (
                <TextField
                  key={name}
                  name={name}
                  label={t(`${P}.fields.${name}`)}
                  required
                  autoFocus={i === 0}
                  type={secret(name) ? 'password' : 'text'}
                  autoComplete="off"
                  value={values[name] ?? ''}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [name]: e.target.value }));
                    setErrors(({ [name]: _drop, ...rest }) => rest);
                  }}
                  error={!!errors[name]}
                  helperText={errors[name] ? t(errors[name], errorValues) : t(`${P}.fieldHelp.${name}`)}
                  disabled={busy}
                />
              ))}
            {guide?.environment && !replacing && (
              <TextField
                select
                name="environment"
                label={t(`${P}.environment`)}
                helperText={t(`${P}.environmentHelp`, { ats })}
                value={environment}
                onChange={(e) => setEnvironment(Number(e.target.value))}
                disabled={busy}
              >
                {[2, 5, 3, 4, 1].map((n) => (
                  <MenuItem key={n} value={n}>
                    {t(`${P}.environments.${n}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose} disabled={busy}>
            {t(`${P}.cancel`)}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || signInOff}>
            {replacing
              ? t(`${P}.replace.submit`)
              : kind?.connect === 'signIn'
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
