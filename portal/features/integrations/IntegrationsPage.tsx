/** /integrations: a company's applicant-tracking-system connections. Arrives with the integrations capability. */
import HubOutlined from '@mui/icons-material/HubOutlined';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function IntegrationsPage() {
  return <UpcomingScreen id="integrations" icon={<HubOutlined />} />;
}
