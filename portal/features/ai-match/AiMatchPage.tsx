/** /ai-match: matching candidates against a job description with AI. Arrives with the ai-match capability. */
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function AiMatchPage() {
  return <UpcomingScreen id="aiMatch" icon={<AutoAwesomeOutlined />} />;
}
