/**
 * The welcome on /projects after a person's first sign-in (the new-user flag: an invited colleague's sign-up, or the
 * server's firstSignIn, a founder's first sign-in after approval). It shows for this visit only: the flag is taken out
 * of the page's history entry, so a reload or a later visit does not greet them again. Its text says what this
 * person's list will hold by the project rules (schema/rules/projectAccess.ts): a Member reads only what is shared.
 */
import { Alert, AlertTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../../i18n';
import { readsAllCompanyProjects } from '../../../schema/rules/projectAccess';
import { useAuth } from '../../app/auth/authContext';
import { actorOf, isCompanySide, type Viewer } from '../../app/viewer';

/** Whether this person's project list holds only what is theirs or shared with them (a Member), by the project rules. */
export const seesSharedOnly = (viewer: Viewer | undefined): boolean =>
  !!viewer && isCompanySide(viewer) && !readsAllCompanyProjects(actorOf(viewer).subRole ?? 'member');

export function WelcomeBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, viewer } = useAuth();
  const [shown] = useState(() => (location.state as { newUser?: boolean } | null)?.newUser === true);
  const { pathname, search, state } = location;
  useEffect(() => {
    // The flag leaves the history entry on arrival; the banner stays for this visit.
    if (shown && state) void navigate(`${pathname}${search}`, { replace: true, state: null });
  }, [shown, state, pathname, search, navigate]);
  if (!shown) return null;
  const sharedOnly = seesSharedOnly(viewer);
  return (
    <Alert severity="success" sx={{ mb: 3 }} data-testid="welcome-new-user">
      <AlertTitle>{t('portal.projects.welcomeTitle', { name: user?.firstName ?? '' })}</AlertTitle>
      {t(sharedOnly ? 'portal.projects.welcomeTextShared' : 'portal.projects.welcomeText', {
        companyName: user?.companyName ?? '',
      })}
    </Alert>
  );
}
