/** The second login step: the six-digit code from the email, with resend and change-email options. */
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { authApi } from '../../api/auth';
import { ApiError } from '../../../ui/api/client';
import { known } from '../../../ui/api/errors';
import { CodeInput } from '../../../ui/components/CodeInput';
import { codeError } from '../../components/validation';
import { t } from '../../../i18n';
import { useLoginCompletion } from './useLoginCompletion';

const RESEND_AFTER_S = 30;

interface Props {
  email: string;
  redirect?: string;
  onResend(): Promise<void> | void;
  onChangeEmail(): void;
}

export function CodeStep({ email, redirect, onResend, onChangeEmail }: Props) {
  const { complete, refusal } = useLoginCompletion();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(RESEND_AFTER_S);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const key = codeError(code);
    if (key) return setError(t(key));
    setBusy(true);
    try {
      complete(await authApi.loginByEmailOtp(email, code), { redirect });
    } catch (err) {
      const field =
        err instanceof ApiError
          ? (known(err.fields.otp) ?? (err.status === 401 ? known(err.code) : undefined))
          : undefined;
      setError(field ?? refusal(err));
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate>
      <Box>
        <Typography variant="h2" component="h1">
          {t('portal.login.codeHeading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('portal.login.codeSentTo', { email })}
        </Typography>
      </Box>
      <CodeInput
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
        error={error}
        disabled={busy}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('portal.login.verify')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Button onClick={onChangeEmail} disabled={busy} color="inherit">
          {t('portal.login.useAnotherEmail')}
        </Button>
        <Button
          disabled={busy || wait > 0}
          onClick={async () => {
            setCode('');
            setError(undefined);
            await onResend();
            setWait(RESEND_AFTER_S);
          }}
        >
          {wait > 0 ? t('portal.login.resendIn', { seconds: wait }) : t('portal.login.resend')}
        </Button>
      </Stack>
    </Stack>
  );
}
