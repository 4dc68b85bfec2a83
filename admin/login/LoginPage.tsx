/**
 * Console sign-in: an email gets a six-digit code (POST auth/send-email-otp), the code signs in
 * (auth/login-by-email-otp). Company users and candidates are told the console is not theirs
 * and pointed to the portal.
 */
import { Alert, AlertTitle, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, useBasename, useCheckAuth, useLogin, useNavigate } from 'react-admin';
import { t } from '../../i18n';
import { EMAIL_PATTERN } from '../../schema';
import { AUTH_BACKDROP, AUTH_CARD_SX } from '../../ui/components/authSurface';
import { CodeInput } from '../../ui/components/CodeInput';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { NotConsoleUserError, sendLoginCode } from '../providers/authProvider';
import type { SessionUser } from '../providers/session';
import { useDevMailbox } from './useDevMailbox';

interface Errors {
  email?: string;
  otp?: string;
}

/** The server's field errors, or its message at the field of the current step (e.g. "code invalid or expired" at the code). */
function errorsOf(err: unknown, step: keyof Errors): Errors {
  if (err instanceof HttpError) {
    const fields = (err.body as { errors?: Record<string, string> } | undefined)?.errors;
    if (fields?.email || fields?.otp) return { email: fields.email, otp: fields.otp };
  }
  return { [step]: (err as Error)?.message || t('messages.internalServerError') };
}

function NotForConsole({ user, onRetry }: { user: SessionUser; onRetry: () => void }) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning" role="alert">
        <AlertTitle>{t('admin.notAdmin.title')}</AlertTitle>
        {t('admin.notAdmin.message', { email: user.email })}
      </Alert>
      <Button variant="contained" href="/" size="large">
        {t('admin.notAdmin.openPortal')}
      </Button>
      <Button onClick={onRetry}>{t('admin.notAdmin.otherAccount')}</Button>
    </Stack>
  );
}

export function LoginPage() {
  useDocumentTitle(t('admin.login.pageTitle'));
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const basename = useBasename();
  const devMailbox = useDevMailbox();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<SessionUser>();

  // An admin who is already signed in goes straight to the console.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate(`${basename}/`))
      .catch(() => undefined);
  }, [checkAuth, navigate, basename]);

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return setErrors({ email: t('errors.required') });
    if (!EMAIL_PATTERN.test(trimmed)) return setErrors({ email: t('email.errors.invalid') });
    setBusy(true);
    setErrors({});
    try {
      await sendLoginCode(trimmed);
      setStep('code');
      setOtp('');
    } catch (err) {
      setErrors(errorsOf(err, step === 'code' ? 'otp' : 'email'));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp)) return setErrors({ otp: otp ? t('admin.login.codeIncomplete') : t('errors.required') });
    setBusy(true);
    setErrors({});
    try {
      await login({ email: email.trim(), otp });
    } catch (err) {
      if (err instanceof NotConsoleUserError) setRefused(err.user);
      else setErrors(errorsOf(err, 'otp'));
      setBusy(false);
    }
  };

  const restart = () => {
    setRefused(undefined);
    setStep('email');
    setOtp('');
    setErrors({});
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: AUTH_BACKDROP,
      }}
    >
      <Paper variant="outlined" sx={{ ...AUTH_CARD_SX, maxWidth: 460 }}>
        <Box>
          <Typography variant="h2" component="h1">
            {t('appName')}
          </Typography>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 3 }}>
            {t('admin.login.subtitle')}
          </Typography>

          {refused ? (
            <NotForConsole user={refused} onRetry={restart} />
          ) : step === 'email' ? (
            <Stack component="form" spacing={2} onSubmit={sendCode} noValidate>
              <TextField
                label={t('admin.login.email')}
                type="email"
                name="email"
                autoComplete="email"
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={!!errors.email}
                helperText={errors.email ?? ' '}
                fullWidth
              />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t('admin.login.sendCode')}
              </Button>
            </Stack>
          ) : (
            <Stack component="form" spacing={2} onSubmit={signIn} noValidate>
              <Typography variant="body2">{t('admin.login.codeSent', { email: email.trim() })}</Typography>
              <CodeInput
                value={otp}
                onChange={(value) => {
                  setOtp(value);
                  setErrors({});
                }}
                error={errors.otp}
                disabled={busy}
                autoFocus
              />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t('admin.login.signIn')}
              </Button>
              <Stack direction="row" justifyContent="space-between">
                <Button size="small" onClick={restart}>
                  {t('admin.login.otherEmail')}
                </Button>
                <Button size="small" onClick={() => sendCode()} disabled={busy}>
                  {t('admin.login.resend')}
                </Button>
              </Stack>
            </Stack>
          )}

          {devMailbox && (
            <Alert severity="info" variant="outlined" role="note" sx={{ mt: 3 }}>
              {t('admin.login.devHint')}{' '}
              <Link href="/dev/mailbox" target="_blank" rel="noopener">
                {t('admin.login.devMailbox')}
              </Link>
              .
            </Alert>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
