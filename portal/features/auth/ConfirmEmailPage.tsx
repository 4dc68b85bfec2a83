/**
 * /auth/confirm-email?code=: the signed-in owner confirms their new address (visitors sign in first
 * and come back here); success shows the message and goes home, failure an error snackbar.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage, known } from '../../../ui/api/errors';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';
import { AuthResultCard } from './AuthResultCard';
import { useOnce } from './useOnce';

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();

  useOnce(() => {
    const code = params.get('code');
    const fail = (message: string) => {
      notify(message, 'error');
      setFailure(message);
    };
    if (!code) return fail(t('portal.confirmEmail.missingCode'));
    authApi
      .confirmEmail(code)
      .then((res) => {
        notify(known(res?.message) ?? t('portal.confirmEmail.success'), 'success');
        navigate(PATHS.home, { replace: true });
      })
      .catch((err: unknown) => fail(errorMessage(err)));
  });

  return (
    <AuthLayout>
      {failure ? (
        <AuthResultCard
          state="failed"
          title={t('portal.confirmEmail.failedTitle')}
          message={failure}
          action={{ label: t('portal.login.backToSignIn'), to: PATHS.login }}
        />
      ) : (
        <AuthResultCard state="working" title={t('portal.confirmEmail.working')} />
      )}
    </AuthLayout>
  );
}
