/**
 * The console's signed-in admin, as the server last confirmed it. The session itself is the
 * httpOnly cookie the server sets, which no script can read: a reload or a second tab asks the
 * server (auth/check/user) and stays signed in. Only the user object is kept here, in memory.
 */
import { ADMIN_TYPES, USER_ROLES, type Actor } from '../../schema/roles';

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
  user: SessionUser;
}

let current: Session | undefined;

export function readSession(): Session | undefined {
  return current;
}

export function writeSession(session: Session): void {
  current = { user: session.user };
}

export function clearSession(): void {
  current = undefined;
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

let onReadAgain: (() => void) | undefined;

/** Who reads the session again when asked (the layout's session watch, admin/layout/sessionWatch.ts). */
export function setSessionReader(reader: (() => void) | undefined): void {
  onReadAgain = reader;
}

/** Asks for the session to be read again: a call was refused (403), and the admin's role may have changed. */
export const readSessionAgain = (): void => onReadAgain?.();
