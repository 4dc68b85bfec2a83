/** /project/:id: one project's pipeline, with candidate tabs by stage. Arrives with the pipeline capability. */
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { UpcomingScreen } from '../../components/UpcomingScreen';
import { t } from '../../../i18n';

export function ProjectDetailPage() {
  return (
    <UpcomingScreen
      id="projectDetail"
      icon={<ViewKanbanOutlined />}
      action={
        <Button component={RouterLink} to={PATHS.projects} variant="outlined">
          {t('portal.screens.projectDetail.back')}
        </Button>
      }
    />
  );
}
