/**
 * Step 1's second half: the 6-digit code emailed to the address signing up. Step 2 opens once it is
 * confirmed; a new code can be sent, or another address used. A sign-up the server no longer knows
 * (it timed out) is handed back to step 1 through `onExpired`.
 */
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { t } from '../../../i18n';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { signupApi } from '../../api/signup';
import { useNotify } from '../../app/notify';
import { isSignupGone } from './signupDraft';

interface Props {
  email: string;
  signupToken: string;
  onConfirmed: () => void;
  onChangeEmail: () => void;
  /** The sign-up timed out on the server: step 1 starts it again. */
  onExpired: () => void;
}

export function EmailCodePanel({ email, signupToken, onConfirmed, onChangeEmail, onExpired }: Props) {
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError('otp.invalid');
    setBusy(true);
    try {
      await signupApi.confirmEmail(signupToken, code);
      onConfirmed();
    } catch (err) {
      const fields = fieldKeys(err);
      if (isSignupGone(err)) onExpired();
      else if (fields.code) setError(fields.code);
      else notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      await signupApi.resendCode(signupToken);
      notify(t('portal.signup.you.resent'), 'success');
    } catch (err) {
      if (isSignupGone(err)) onExpired();
      else notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h2" component="h1">
        {t('portal.signup.you.codeHeading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('portal.signup.you.codeSent', { email })}
      </Typography>
      <TextField
        name="code"
        label={t('portal.signup.you.codeLabel')}
        value={code}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          setError(undefined);
        }}
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        error={!!error}
        helperText={error ? t(error) : t('portal.signup.you.codeHint')}
        disabled={busy}
        fullWidth
      />
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={2}>
          <Link component="button" type="button" onClick={resend} disabled={busy}>
            {t('portal.signup.you.resend')}
          </Link>
          <Link component="button" type="button" onClick={onChangeEmail} disabled={busy}>
            {t('portal.signup.you.changeEmail')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('portal.signup.you.confirm')}
        </Button>
      </Stack>
    </Box>
  );
}
