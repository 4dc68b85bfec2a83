/** /auth/magic-link?token=: the emailed link's page. It POSTs the token (mail scanners only GET) and signs in. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';
import { AuthResultCard } from './AuthResultCard';
import { useLoginCompletion } from './useLoginCompletion';
import { useOnce } from './useOnce';

export function MagicLinkPage() {
  const [params] = useSearchParams();
  const { complete, refusal } = useLoginCompletion();
  const [failure, setFailure] = useState<string>();

  useOnce(() => {
    const token = params.get('token');
    if (!token) return setFailure(t('magicLink.invalid'));
    authApi
      .loginByMagicLink(token)
      .then((login) => complete(login))
      .catch((err: unknown) => setFailure(refusal(err) ?? t('magicLink.invalid')));
  });

  return (
    <AuthLayout>
      {failure ? (
        <AuthResultCard
          state="failed"
          title={t('portal.login.linkFailedTitle')}
          message={failure}
          action={{ label: t('portal.login.backToSignIn'), to: PATHS.login }}
        />
      ) : (
        <AuthResultCard state="working" title={t('portal.login.signingIn')} />
      )}
    </AuthLayout>
  );
}
