/**
 * The console's stored login: the access token sent as a Bearer token and the user the
 * server returned. Kept in localStorage so a reload or a second tab stays signed in.
 */
import { ADMIN_TYPES, USER_ROLES, type Actor } from '../../schema/roles';

const KEY = 'talentbase.admin.session';

/** The user object of the login and session-check answers (spec section 7), as far as the console reads it. */
export interface SessionUser {
  _id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  userRole: number;
  subUserRole: number | null;
  profilePic: string | null;
  adminId: string | null;
}

export interface Session {
  /** Absent when the browser is signed in by the session cookie only (e.g. from the portal). */
  token?: string;
  user: SessionUser;
}

export function readSession(): Session | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Session) : undefined;
    return parsed?.user ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}

export const isPlatformAdmin = (user: Pick<SessionUser, 'userRole'>) => user.userRole === USER_ROLES.admin;

/** The permission subject the schema's rules are written for, built from the signed-in admin. */
export function actorOf(user: SessionUser): Actor {
  const id = Number(/(\d+)$/.exec(user.adminId ?? user._id)?.[1]);
  return {
    role: 'admin',
    id: Number.isInteger(id) && id > 0 ? id : undefined,
    adminType: user.subUserRole === ADMIN_TYPES.advocate ? 'advocate' : 'general',
  };
}

export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}
