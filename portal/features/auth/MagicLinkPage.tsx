/**
 * /auth/magic-link?token=: the emailed link's page. It POSTs the token (mail scanners only GET) and signs in. A link
 * this browser did not ask for is not used at once (login CSRF, backend/auth/linkBinding.ts): the page names the
 * address it signs in as and continues only when the person says the link is theirs.
 */
import HelpOutline from '@mui/icons-material/HelpOutline';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../ui/api/client';
import { authApi } from '../../api/auth';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';
import { AuthResultCard } from './AuthResultCard';
import { useLoginCompletion } from './useLoginCompletion';
import { useOnce } from './useOnce';

type Step = { step: 'working' } | { step: 'confirm'; email: string } | { step: 'failed'; message: string };

/** The address a link asks to be confirmed for (409 magicLink.confirm), or undefined for any other answer. */
function confirmationOf(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== 'magicLink.confirm') return undefined;
  const email = (err.body?.error as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

export function MagicLinkPage() {
  const [params] = useSearchParams();
  const { complete, refusal } = useLoginCompletion();
  const [state, setState] = useState<Step>({ step: 'working' });

  const signIn = (confirm: boolean) => {
    const token = params.get('token');
    if (!token) return setState({ step: 'failed', message: t('magicLink.invalid') });
    setState({ step: 'working' });
    authApi
      .loginByMagicLink(token, confirm)
      .then((login) => complete(login))
      .catch((err: unknown) => {
        const email = confirm ? undefined : confirmationOf(err);
        setState(
          email ? { step: 'confirm', email } : { step: 'failed', message: refusal(err) ?? t('magicLink.invalid') },
        );
      });
  };
  useOnce(() => signIn(false));

  return (
    <AuthLayout>
      {state.step === 'failed' && (
        <AuthResultCard
          state="failed"
          title={t('portal.login.linkFailedTitle')}
          message={state.message}
          action={{ label: t('portal.login.backToSignIn'), to: PATHS.login }}
        />
      )}
      {state.step === 'confirm' && <ConfirmLinkCard email={state.email} onContinue={() => signIn(true)} />}
      {state.step === 'working' && <AuthResultCard state="working" title={t('portal.login.signingIn')} />}
    </AuthLayout>
  );
}

/** The question a link from another browser asks: the address it signs in as, Continue, or back to sign-in. */
function ConfirmLinkCard({ email, onContinue }: { email: string; onContinue: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <HelpOutline color="warning" sx={{ fontSize: 52 }} />
      <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('portal.login.linkConfirmTitle', { email })}
      </Typography>
      <Typography color="text.secondary">{t('portal.login.linkConfirmBody')}</Typography>
      <Stack spacing={1} sx={{ alignSelf: 'stretch' }}>
        <Button variant="contained" onClick={onContinue}>
          {t('portal.login.linkConfirmContinue')}
        </Button>
        <Button component={RouterLink} to={PATHS.login}>
          {t('portal.login.backToSignIn')}
        </Button>
      </Stack>
    </Stack>
  );
}
