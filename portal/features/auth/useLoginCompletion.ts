/**
 * What every way of signing in does with the server's answer: community users go on to their
 * site, everybody else gets a session and a landing page; refusals become the login flags' toasts.
 */
import { useCallback } from 'react';
import { ApiError } from '../../../ui/api/client';
import type { LoginResponse } from '../../api/auth';
import { errorMessage } from '../../../ui/api/errors';
import { landingAfterLogin } from '../../app/access';
import { useAuth } from '../../app/auth/authContext';
import { useNotify } from '../../app/notify';
import { viewerOf } from '../../app/viewer';
import { t } from '../../../i18n';
import { isLoginFlag, LOGIN_FLAGS } from '../../app/loginFlags';

const redirectOf = (body: Record<string, unknown> | undefined) => {
  const error = (body?.error ?? {}) as Record<string, unknown>;
  const url = body?.redirect_url ?? body?.redirectUrl ?? error.redirect_url ?? error.redirectUrl;
  return typeof url === 'string' && url ? url : undefined;
};

export function useLoginCompletion() {
  const { signIn } = useAuth();
  const notify = useNotify();

  /** Starts the session; `redirect` is the page asked for before login, `newUser` marks a fresh sign-up. */
  const complete = useCallback(
    (login: LoginResponse, options: { redirect?: string; newUser?: boolean } = {}) => {
      const viewer = viewerOf(login.user);
      if (viewer?.role === 'community' && login.redirectUrl) {
        window.location.assign(login.redirectUrl);
        return;
      }
      if (!viewer) throw new ApiError(403, 'user.statusErr', t('user.statusErr'), {}, 'userStatusErr');
      const to = landingAfterLogin(viewer, options.redirect ?? login.redirectUrl);
      // A fresh sign-up, or anyone's first sign-in ever (the server knows: a founder's first sign-in after approval).
      const newUser = options.newUser || login.firstSignIn === true;
      signIn(login, { to, state: newUser ? { newUser: true } : undefined });
    },
    [signIn],
  );

  /**
   * A refused login: a 401 carrying a redirect URL goes there; a flagged refusal shows its toast.
   * Returns the message for the form, or undefined when the refusal was already shown.
   */
  const refusal = useCallback(
    (err: unknown): string | undefined => {
      if (err instanceof ApiError) {
        const redirect = err.status === 401 ? redirectOf(err.body) : undefined;
        if (redirect) {
          window.location.assign(redirect);
          return undefined;
        }
        // The invitee's refusal names the company of the invitation: the server's words, the catalogue's text filled in.
        if (err.code === 'user.invitationPending') return err.message;
        if (isLoginFlag(err.flag)) {
          notify(t(LOGIN_FLAGS[err.flag]), 'error');
          return undefined;
        }
      }
      return errorMessage(err);
    },
    [notify],
  );

  return { complete, refusal };
}
