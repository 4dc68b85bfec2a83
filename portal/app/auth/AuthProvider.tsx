/**
 * Holds the session: the httpOnly cookie the server sets is the only credential (no token a
 * script could read), so a reload or a second tab checks it on start (GET auth/check/user); a 401
 * signs out, and signing out goes through the logout call.
 * The session is read again while the page is open (useSessionWatch): when the live channel says its person's access
 * changed, and after any call refused with 403 or 401, so menus, routes and buttons follow a role changed elsewhere, and
 * a person deactivated or removed is signed out at once with the reason a refused sign-in gives.
 * Community users never hold a portal session: they belong on the external community site.
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { authApi, type LoginResponse, type LoginUser } from '../../api/auth';
import { ApiError } from '../../../ui/api/client';
import { t } from '../../../i18n';
import { isLoginFlag, LOGIN_FLAGS } from '../loginFlags';
import { useNotify } from '../notify';
import { PATHS } from '../paths';
import { forgetPersonal } from '../personalStorage';
import { hasBell, viewerOf, type Viewer } from '../viewer';
import { prefetchUnreadCount } from '../../../ui/components/NotificationBell';
import { AuthContext, type AuthValue, type Landing } from './authContext';
import { leaveSession, mayHoldSession, SIGNED_OUT, useSessionWatch, type State } from './sessionWatch';

// The session check of a page load starts with the entry script, beside the opening page's code, not after the first render.
let opening: Promise<Awaited<ReturnType<typeof authApi.checkUser>>> | undefined = authApi.checkUser();
/**
 * Who the opening check found (undefined when signed out), for what starts before the first render: the page the
 * route frame will show, once the check says whether the address's page or another one (a role's home) is drawn.
 */
export const openingViewer: Promise<Viewer | undefined> = opening.then(
  (check) => (mayHoldSession(check.user) ? viewerOf(check.user) : undefined),
  () => undefined,
);
// A session with a bell asks for its unread count as soon as the check answers, not once the page is drawn.
void openingViewer.then((viewer) => {
  if (viewer && hasBell(viewer)) prefetchUnreadCount();
});

/** Asks the person before the session ends (a form with unsaved changes); answers whether to sign out. */
type SignOutGuard = () => Promise<boolean>;
const signOutGuards = new Set<SignOutGuard>();

/**
 * Registers a question signing out asks first, before the logout call: a person who answers to stay keeps the session
 * (and so can still save), rather than being asked once it has ended. Returns the way to withdraw it.
 */
export function guardSignOut(guard: SignOutGuard): () => void {
  signOutGuards.add(guard);
  return () => void signOutGuards.delete(guard);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'checking', authorizedModules: [] });
  const notify = useNotify();

  useEffect(() => {
    let cancelled = false;
    const check = opening ?? authApi.checkUser();
    opening = undefined;
    check
      .then((check) => {
        if (cancelled) return;
        // The first page is drawn as a transition: React renders it in slices of a few milliseconds rather than in one long task.
        startTransition(() => {
          if (!mayHoldSession(check.user)) setState(SIGNED_OUT);
          else setState({ status: 'signedIn', user: check.user, authorizedModules: check.authorizedModules });
        });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setState(SIGNED_OUT);
        // A session whose person may no longer sign in (deactivated, company suspended) says why.
        if (err instanceof ApiError && isLoginFlag(err.flag)) notify(t(LOGIN_FLAGS[err.flag]), 'error');
      });
    return () => {
      cancelled = true;
    };
  }, [notify]);

  useSessionWatch(state, setState, notify);

  const signIn = useCallback((login: LoginResponse, landing?: Landing) => {
    if (!mayHoldSession(login.user)) throw new ApiError(403, 'user.statusErr', 'user.statusErr', {}, 'userStatusErr');
    setState({ status: 'signedIn', user: login.user, authorizedModules: login.authorizedModules, landing });
  }, []);

  const signOut = useCallback(async () => {
    for (const ask of [...signOutGuards]) if (!(await ask())) return;
    // Calls of this page that end while the session does answer 401: the page is left for a fresh login page, not
    // redrawn signed out first (a login form typed into, then reloaded away; a login address that leads back here).
    leaveSession();
    try {
      await authApi.logout();
    } catch {
      // The spec sends the user to login also when the logout call fails.
    }
    // What this browser keeps for the person (the last interview schedule) goes with them; a full page load drops
    // every piece of in-memory data of the old session.
    forgetPersonal();
    window.location.assign(PATHS.login);
  }, []);

  const clearLanding = useCallback(() => setState((s) => (s.landing ? { ...s, landing: undefined } : s)), []);
  const clearRoleChanged = useCallback(() => setState((s) => (s.roleChanged ? { ...s, roleChanged: false } : s)), []);
  const updateUser = useCallback(
    (changes: Partial<LoginUser>) => setState((s) => (s.user ? { ...s, user: { ...s.user, ...changes } } : s)),
    [],
  );

  const value = useMemo<AuthValue>(
    () => ({
      ...state,
      viewer: state.status === 'signedIn' ? viewerOf(state.user) : undefined,
      signIn,
      signOut,
      clearLanding,
      clearRoleChanged,
      updateUser,
    }),
    [state, signIn, signOut, clearLanding, clearRoleChanged, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
