/**
 * /auth/social-callback?gnbsl=&redirect=: where Google or LinkedIn sign-in returns; exchanges the key for a login and
 * lands on `redirect` when it is a safe path on this site (safeRedirect), else on the visitor's home.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { ApiError } from '../../../ui/api/client';
import { safeRedirect } from '../../app/access';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';
import { AuthResultCard } from './AuthResultCard';
import { isLoginFlag, loginFlagPath } from '../../app/loginFlags';
import { useLoginCompletion } from './useLoginCompletion';
import { useOnce } from './useOnce';

export function SocialCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { complete, refusal } = useLoginCompletion();
  const [failure, setFailure] = useState<string>();

  useOnce(() => {
    const key = params.get('gnbsl');
    if (!key) return setFailure(t('sso.decodeFailed'));
    const redirect = safeRedirect(params.get('redirect'));
    authApi
      .socialLogin(key)
      .then((login) => complete(login, { redirect }))
      .catch((err: unknown) => {
        if (err instanceof ApiError && isLoginFlag(err.flag))
          return navigate(loginFlagPath(err.flag), { replace: true });
        setFailure(refusal(err) ?? t('sso.decodeFailed'));
      });
  });

  return (
    <AuthLayout>
      {failure ? (
        <AuthResultCard
          state="failed"
          title={t('portal.login.socialFailedTitle')}
          message={failure}
          action={{ label: t('portal.login.backToSignIn'), to: PATHS.login }}
        />
      ) : (
        <AuthResultCard state="working" title={t('portal.login.signingIn')} />
      )}
    </AuthLayout>
  );
}
