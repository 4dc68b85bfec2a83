/** Wraps every route: sets the page title, applies the route's guard, puts private pages in the signed-in frame and waits for the page's code. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { OnDemand } from '../components/OnDemand';
import { t } from '../../i18n';
import { decideAccess } from './access';
import { useAuth } from './auth/authContext';
import { PrivateLayout } from './layout/PrivateLayout';
import { useNotify } from './notify';
import type { RouteRule } from './routeRules';
import { documentTitle } from './titles';

export function RouteFrame({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const checking = auth.status === 'checking';
  const decision = decideAccess(rule.access, auth.viewer, location);
  const isPrivate = rule.access.kind === 'private';
  const { landing, clearLanding, roleChanged, clearRoleChanged } = auth;
  const notify = useNotify();
  const refused = !checking && !decision.render && !!auth.viewer;

  useEffect(() => {
    document.title = documentTitle(rule.titleKey);
  }, [rule.titleKey]);

  // The landing of a fresh login is used once: by the first private page shown after it.
  useEffect(() => {
    if (!checking && isPrivate && decision.render && landing) clearLanding();
  }, [checking, isPrivate, decision.render, landing, clearLanding]);

  // A role changed while the page was open (auth/sessionWatch.ts): a page it no longer allows sends its person home, saying why.
  useEffect(() => {
    if (!roleChanged) return;
    if (refused) notify(t('portal.session.roleChanged'), 'warning');
    clearRoleChanged();
  }, [roleChanged, refused, notify, clearRoleChanged]);

  if (checking) return <LoadingScreen fullPage />;
  // A fresh login made on a public or restricted page (login, magic link, social callback, invitation) moves on to its landing.
  if (!isPrivate && auth.viewer && landing) return <Navigate to={landing.to} state={landing.state} replace />;
  if (!decision.render) return <Navigate to={decision.to} replace />;
  // Each page's code arrives on its first visit (lazyPage); the frame stays while it loads, and if it cannot. The frame
  // is reused between private pages: a page that could not load leaves the next one (a new address) to load afresh.
  const page = (
    <OnDemand fallback={<LoadingScreen />} resetKey={location.pathname}>
      {children}
    </OnDemand>
  );
  return isPrivate ? <PrivateLayout>{page}</PrivateLayout> : page;
}
