/** The signed-in session as the whole portal sees it. */
import { createContext, useContext } from 'react';
import type { LoginResponse, LoginUser } from '../../api/auth';
import type { Viewer } from '../viewer';

export interface Landing {
  to: string;
  /** Router state for the landing page, such as the new-user flag after sign-up. */
  state?: { newUser?: boolean };
}

export interface AuthValue {
  status: 'checking' | 'signedOut' | 'signedIn';
  user?: LoginUser;
  viewer?: Viewer;
  authorizedModules: (number | string)[];
  /** Where the next restricted-route visit goes right after a login (consumed by the first private page). */
  landing?: Landing;
  /** The session read again while the page was open gave the person another role (auth/sessionWatch.ts). */
  roleChanged?: boolean;
  signIn(login: LoginResponse, landing?: Landing): void;
  clearLanding(): void;
  /** The role change has been dealt with: the page shown was checked against it (RouteFrame). */
  clearRoleChanged(): void;
  /** Calls the logout endpoint and goes to /auth/login, also when the call fails. */
  signOut(): Promise<void>;
  /** Merges changed profile values (after saving My profile) into the session user. */
  updateUser(changes: Partial<LoginUser>): void;
}

export const AuthContext = createContext<AuthValue | undefined>(undefined);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
