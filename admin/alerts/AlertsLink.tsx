/** The console menu's way to the saved-search alerts page, a screen of its own rather than a resource. */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { t } from '../../i18n';
import { ScreenLink } from '../layout/ScreenLink';

export const AlertsLink = () => (
  <ScreenLink to="alerts" label={t('alerts.console.title')} icon={<NotificationsActiveOutlined fontSize="small" />} />
);
