/** /search: candidate search for admins and companies. Results arrive with the search capability. */
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function SearchPage() {
  return <UpcomingScreen id="search" icon={<ManageSearchOutlined />} />;
}
