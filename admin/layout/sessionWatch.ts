/**
 * The console's session read again while a screen is open, as the portal's (portal/app/auth/sessionWatch.ts): when
 * the live channel says the admin's access changed (a General admin made a Talent advocate, deactivated, removed) or
 * closed as signed out, and when a call is refused with 403 (authProvider.checkError). A changed role replaces the
 * session and every screen asks its permissions again; a screen the new role may not list sends the admin to the
 * console's home with a notice. A session that ended signs the console out, saying why in the words a refused sign-in
 * gives when the server named it.
 */
import { useEffect, useRef } from 'react';
import { HttpError, useLocation, useLogout, useNotify, useRedirect, useRefresh } from 'react-admin';
import { entityByResource } from '../../schema';
import { t } from '../../i18n';
import { watchAccess } from '../../ui/live/channel';
import { canAccessResource } from '../providers/ability';
import { apiCall } from '../providers/http';
import {
  actorOf,
  clearSession,
  isPlatformAdmin,
  readSession,
  setSessionReader,
  writeSession,
  type SessionUser,
} from '../providers/session';
import { sessionEndedNotice } from '../../ui/auth/loginFlags';

/** The resource and react-admin action of a console screen's path (`/admins/create`: create), if it is a resource's. */
function screenOf(path: string): { resource: string; action: string } | undefined {
  // The router's paths keep the console's basename (/admin).
  const [resource = '', id, show] = path
    .replace(/^\/admin(?=\/|$)/, '')
    .split('/')
    .slice(1);
  if (!entityByResource(resource)) return undefined;
  const action = !id ? 'list' : id === 'create' ? 'create' : show === 'show' ? 'show' : 'edit';
  return { resource, action };
}

export function useConsoleSessionWatch(): void {
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const logout = useLogout();
  const location = useLocation();
  const path = useRef(location.pathname);
  path.current = location.pathname;

  useEffect(() => {
    let reading = false;
    let ended = false;
    const reread = (reason?: string) => {
      if (reading || ended) return;
      reading = true;
      const before = readSession()?.user;
      apiCall<{ user: SessionUser }>('/auth/check/user')
        .then(({ user }) => {
          if (!isPlatformAdmin(user)) return window.location.replace('/');
          if (!before || before.subUserRole === user.subUserRole) return writeSession({ user });
          const screen = screenOf(path.current);
          if (screen && !canAccessResource(actorOf(user), screen.action, screen.resource)) {
            notify(t('portal.session.roleChanged'), { type: 'warning' });
            redirect('/');
          }
          // The new role is taken, and every screen's permissions and the menu asked again, once a screen left has
          // gone: asked while still shown, it would send the admin to react-admin's access-denied page instead.
          setTimeout(() => {
            writeSession({ user });
            refresh();
          }, 0);
        })
        .catch((err: unknown) => {
          if (!(err instanceof HttpError) || err.status !== 401) return;
          ended = true;
          const flag = (err.body as { flag?: string } | undefined)?.flag || reason;
          clearSession();
          const notice = sessionEndedNotice(flag);
          notify(notice.text, { type: notice.severity });
          void logout(undefined, undefined, false);
        })
        .finally(() => {
          reading = false;
        });
    };
    setSessionReader(() => reread());
    const stop = watchAccess((s) => reread('signedOut' in s ? s.reason : undefined));
    return () => {
      setSessionReader(undefined);
      stop();
    };
  }, [notify, redirect, refresh, logout]);
}
