/**
 * Sign-in by emailed code for platform admins. Company users and candidates have valid
 * accounts but belong in the portal: their sign-in is refused here with NotConsoleUserError.
 */
import type { AuthProvider } from 'react-admin';
import { t } from '../../i18n';
import { canAccessResource } from './ability';
import { apiCall } from './http';
import {
  actorOf,
  clearSession,
  displayName,
  isPlatformAdmin,
  readSession,
  readSessionAgain,
  writeSession,
  type SessionUser,
} from './session';

/** The login answer also carries `accessToken` for API clients; the console relies on the cookie the answer sets. */
interface LoginAnswer {
  user: SessionUser;
}

/** A signed-in account that is not a platform admin; the login page explains and links to the portal. */
export class NotConsoleUserError extends Error {
  constructor(public readonly user: SessionUser) {
    super(t('admin.notAdmin.title'));
  }
}

/** Asked as the console: the server sends codes to platform admins only (others get the way to the portal). */
export async function sendLoginCode(email: string): Promise<void> {
  await apiCall('/auth/send-email-otp', { method: 'POST', body: { email, app: 'console' } });
}

/** A signed-in company user or candidate who opens the console goes to the portal, which sends them home. */
function sendToPortal(): Promise<never> {
  window.location.replace('/');
  // The page is being replaced: nothing of the console renders meanwhile.
  return new Promise<never>(() => undefined);
}

/** Concurrent checks (react-admin asks once per screen and per query) share one request. */
let pendingCheck: Promise<SessionUser> | undefined;

function checkSession(): Promise<SessionUser> {
  pendingCheck ??= apiCall<{ user: SessionUser }>('/auth/check/user')
    .then(({ user }) => user)
    .finally(() => {
      pendingCheck = undefined;
    });
  return pendingCheck;
}

/**
 * The stored session, or, for a browser signed in by the session cookie only (arriving from the
 * portal), the one the server confirms. Permission checks may run before checkAuth has stored it.
 */
async function currentSession(): Promise<{ user: SessionUser } | undefined> {
  const stored = readSession();
  if (stored) return stored;
  try {
    const user = await checkSession();
    if (!isPlatformAdmin(user)) return undefined;
    writeSession({ user });
    return { user };
  } catch {
    return undefined;
  }
}

export const authProvider: AuthProvider = {
  async login({ email, otp }: { email: string; otp: string }) {
    const answer = await apiCall<LoginAnswer>('/auth/login-by-email-otp', { method: 'POST', body: { email, otp } });
    // The session cookie stays set for non-admins so the portal link opens signed in.
    if (!isPlatformAdmin(answer.user)) throw new NotConsoleUserError(answer.user);
    writeSession({ user: answer.user });
  },

  async logout() {
    try {
      // The cookie may be there even when this tab never confirmed the session (another tab signed in).
      await apiCall('/auth/logout', { method: 'POST' });
    } catch {
      // Spec: logout goes to the login page also when the call fails.
    } finally {
      clearSession();
    }
  },

  async checkAuth() {
    const stored = readSession();
    let user: SessionUser;
    try {
      user = await checkSession();
    } catch {
      // Spec: a failed session check clears the stored login and logs off.
      clearSession();
      throw { message: stored ? 'ra.auth.auth_check_error' : false };
    }
    if (!isPlatformAdmin(user)) {
      // Spec section 2: a user lacking the role is sent to their home, still signed in.
      clearSession();
      return sendToPortal();
    }
    writeSession({ user });
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { message: 'ra.auth.auth_check_error' };
    }
    // Refused: the admin's role may have changed since the console read it (a General admin made a Talent advocate).
    if (error?.status === 403) readSessionAgain();
  },

  async getIdentity() {
    const session = await currentSession();
    if (!session) throw new Error(t('errors.unauthorized'));
    return { id: session.user._id, fullName: displayName(session.user), avatar: session.user.profilePic ?? undefined };
  },

  async getPermissions() {
    const session = await currentSession();
    return session ? actorOf(session.user) : null;
  },

  async canAccess({ action, resource, record }) {
    const session = await currentSession();
    return session ? canAccessResource(actorOf(session.user), action, resource, record) : false;
  },
};
