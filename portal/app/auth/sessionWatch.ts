/**
 * The session read again while a page is open. The live channel says when its person's access changed (their role,
 * status or company: backend/features/live/access.ts) and when it closed as signed out; a call refused with 403 or 401
 * says the page may be behind without it. Either way the page asks the session check once more: a changed role
 * replaces the session user (menus, routes and buttons follow, and a page no longer allowed sends its person home with
 * a notice: RouteFrame), and a session that ended signs the page out with why, in the words a refused sign-in gives
 * (the login flag the check or the channel's close names), or that it ended when neither says.
 */
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { ApiError, setUnauthorizedHandler } from '../../../ui/api/client';
import { watchAccess } from '../../../ui/live/channel';
import { authApi, type LoginUser } from '../../api/auth';
import { sessionEndedNotice } from '../../../ui/auth/loginFlags';
import type { Notify } from '../notify';
import { hasBell, viewerOf } from '../viewer';
import type { AuthValue, Landing } from './authContext';

export interface State {
  status: AuthValue['status'];
  user?: LoginUser;
  authorizedModules: (number | string)[];
  landing?: Landing;
  /** The session read again gave the person another role: the page shown is checked against it (RouteFrame). */
  roleChanged?: boolean;
}

export const SIGNED_OUT: State = { status: 'signedOut', authorizedModules: [] };

/**
 * Who may sign in by status is the server's rule alone (backend/auth/accounts.ts, spec section 4): it refuses the
 * others with a flag before any session exists, and answers a later session check with 401. A second copy here would
 * lock out the candidate who paused their own profile, whom the server lets in to activate it again.
 */
export const mayHoldSession = (user: LoginUser) => user.userRole !== 5;

/**
 * Told on the window whenever the page reads its session again (a refused call, a live `access` message, the page
 * coming back into view): what else the session holds, such as the notice a candidate must accept, is read again too.
 */
export const SESSION_RECHECK = 'session-recheck';
const recheck = () => window.dispatchEvent(new Event(SESSION_RECHECK));

/** Set once the page signs out itself: the end of the session it then hears of is its own. */
let leaving = false;
export const leaveSession = () => {
  leaving = true;
  setUnauthorizedHandler(undefined);
};

const roleOf = (user: LoginUser | undefined) => JSON.stringify(viewerOf(user) ?? null);

export function useSessionWatch(state: State, setState: Dispatch<SetStateAction<State>>, notify: Notify): void {
  const current = useRef(state);
  current.current = state;
  const reading = useRef(false);
  const signedIn = state.status === 'signedIn';
  const viewer = viewerOf(state.user);
  // Candidates and community users hold no live channel (the server refuses them): their 403s still read again.
  const listens = !!viewer && hasBell(viewer);

  useEffect(() => {
    if (!signedIn) return undefined;
    /** The session ended on the server: signed out once, saying why (`flag`, the login page's) when known. */
    const ended = (flag: string | undefined) => {
      if (leaving || current.current.status !== 'signedIn') return;
      current.current = SIGNED_OUT;
      setState(SIGNED_OUT);
      const notice = sessionEndedNotice(flag);
      notify(notice.text, notice.severity);
    };
    /** Reads the session again (one read at a time); `reason`: why the channel says it ended, if the check does not. */
    const reread = (reason?: string) => {
      if (leaving || reading.current) return;
      reading.current = true;
      authApi
        .checkUser()
        .then((check) => {
          if (!mayHoldSession(check.user)) return ended(undefined);
          setState((s) => {
            if (s.status !== 'signedIn') return s;
            const same =
              JSON.stringify([s.user, s.authorizedModules]) === JSON.stringify([check.user, check.authorizedModules]);
            if (same) return s;
            const roleChanged = s.roleChanged || roleOf(s.user) !== roleOf(check.user);
            return { ...s, user: check.user, authorizedModules: check.authorizedModules, roleChanged };
          });
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 401) ended(err.flag ?? reason);
        })
        .finally(() => {
          reading.current = false;
        });
    };
    setUnauthorizedHandler(() => {
      reread();
      recheck();
    });
    const stop = listens
      ? watchAccess((s) => {
          reread('signedOut' in s ? s.reason : undefined);
          recheck();
        })
      : undefined;
    return () => {
      setUnauthorizedHandler(undefined);
      stop?.();
    };
  }, [signedIn, listens, setState, notify]);
}
