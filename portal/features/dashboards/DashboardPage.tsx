/** The five admin dashboards under /dashboard/. Their figures arrive with the dashboards capability. */
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export type DashboardKind = 'weekly' | 'assigned' | 'recruitment' | 'projectOverview' | 'interviewRequests';

export function DashboardPage({ kind }: { kind: DashboardKind }) {
  return <UpcomingScreen id={`dashboards.${kind}`} icon={<InsightsOutlined />} />;
}
