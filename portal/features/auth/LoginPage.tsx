/**
 * /auth/login/:redirectUrl?: sign in with an emailed 6-digit code, or ask for a magic link, or
 * continue with a configured provider. Query flags show their refusal toasts; after login, by any
 * of the three (the provider's round trip carries it as `?redirect=`), the visitor returns to the
 * redirect URL or lands on their home.
 */
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { authApi, socialUrls, type SocialProvider } from '../../api/auth';
import { errorMessage, fieldMessages } from '../../../ui/api/errors';
import { ApiError } from '../../../ui/api/client';
import { safeRedirect } from '../../app/access';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { emailError } from '../../components/validation';
import { t } from '../../../i18n';
import { CodeStep } from './CodeStep';
import { flagMessages, withoutFlags } from '../../app/loginFlags';
import { SocialButtons } from './SocialButtons';

type Step = 'email' | 'code' | 'magicLinkSent';

/** The provider sign-in's address, asking the server to bring the visitor back to `redirect` (already a safe path). */
const socialSigninUrl = (provider: SocialProvider, redirect: string | undefined) =>
  redirect ? `${socialUrls.signin(provider)}?redirect=${encodeURIComponent(redirect)}` : socialUrls.signin(provider);

export function LoginPage() {
  const { redirectUrl } = useParams();
  const redirect = safeRedirect(redirectUrl);
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [emailErr, setEmailErr] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const keys = flagMessages(location.search);
    if (!keys.length) return;
    for (const key of keys) notify(t(key), 'error');
    navigate({ pathname: location.pathname, search: withoutFlags(location.search) }, { replace: true });
  }, [location.search, location.pathname, navigate, notify]);

  const validEmail = () => {
    const key = emailError(email);
    setEmailErr(key && t(key));
    return !key;
  };

  const failed = (err: unknown) => {
    const field = fieldMessages(err).email;
    if (field) setEmailErr(field);
    // A browser that signed in before is not locked out by others asking for this address (backend/auth/rateLimit.ts).
    else if (err instanceof ApiError && err.status === 429) notify(t('portal.login.tooManyCodes'), 'error');
    else notify(errorMessage(err), 'error');
  };

  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!validEmail()) return;
    setBusy(true);
    try {
      await authApi.sendEmailOtp(email.trim());
      setStep('code');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const sendMagicLink = async () => {
    if (!validEmail()) return;
    setBusy(true);
    try {
      await authApi.sendMagicLink(email.trim(), redirect);
      setStep('magicLinkSent');
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) notify(t('portal.login.magicLinkUnavailable'), 'error');
      else failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      {step === 'code' ? (
        <CodeStep
          email={email.trim()}
          redirect={redirect}
          onResend={() => sendCode()}
          onChangeEmail={() => setStep('email')}
        />
      ) : step === 'magicLinkSent' ? (
        <Stack spacing={2.5}>
          <Typography variant="h2" component="h1">
            {t('portal.login.magicLinkHeading')}
          </Typography>
          <Alert severity="success">{t('portal.login.magicLinkSent', { email: email.trim() })}</Alert>
          <Button variant="outlined" onClick={() => setStep('email')}>
            {t('portal.login.backToSignIn')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Box>
            <Typography variant="h2" component="h1">
              {t('portal.login.heading')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('portal.login.subheading')}
            </Typography>
          </Box>
          {redirect && <Alert severity="info">{t('portal.login.signInToContinue')}</Alert>}
          <Stack component="form" spacing={2} onSubmit={sendCode} noValidate>
            <TextField
              label={t('portal.login.email')}
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailErr(undefined);
              }}
              error={!!emailErr}
              helperText={emailErr}
              disabled={busy}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {t('portal.login.sendCode')}
            </Button>
            <Button variant="text" onClick={sendMagicLink} disabled={busy}>
              {t('portal.login.magicLinkOption')}
            </Button>
          </Stack>
          <SocialButtons verb="continue" urlFor={(provider) => socialSigninUrl(provider, redirect)} />
          <Stack spacing={0.75} sx={{ textAlign: 'center', pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="body2" color="text.secondary" sx={{ pt: 2 }}>
              {t('portal.login.newHere')}{' '}
              <Link component={RouterLink} to={PATHS.companySignupStep(1)} sx={{ fontWeight: 600 }}>
                {t('portal.login.signUpCompany')}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('portal.login.lookingForWork')}{' '}
              <Link component={RouterLink} to={PATHS.communitySignup} sx={{ fontWeight: 600 }}>
                {t('portal.login.joinCommunity')}
              </Link>
            </Typography>
          </Stack>
        </Stack>
      )}
    </AuthLayout>
  );
}
