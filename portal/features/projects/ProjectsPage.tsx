/**
 * /projects: the project list (all, mine, internal, assigned). New users arrive here after
 * sign-up with a welcome. Projects arrive with the projects capability.
 */
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { Alert, AlertTitle } from '@mui/material';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../app/auth/authContext';
import { UpcomingScreen } from '../../components/UpcomingScreen';
import { t } from '../../../i18n';
import { projectsViewOf, VIEW_TITLE_KEYS } from './projectViews';

export function ProjectsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { user } = useAuth();
  const view = projectsViewOf(params);
  const newUser = (location.state as { newUser?: boolean } | null)?.newUser === true;
  return (
    <UpcomingScreen id="projects" icon={<WorkOutlineOutlined />} title={t(VIEW_TITLE_KEYS[view])}>
      {newUser && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid="welcome-new-user">
          <AlertTitle>{t('portal.projects.welcomeTitle', { name: user?.firstName ?? '' })}</AlertTitle>
          {t('portal.projects.welcomeText', { companyName: user?.companyName ?? '' })}
        </Alert>
      )}
      {params.get('add_project') === 'true' && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('portal.projects.addProjectSoon')}
        </Alert>
      )}
    </UpcomingScreen>
  );
}
