/** The console menu's way to the duplicate queue, a screen of its own rather than a resource. */
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { t } from '../../i18n';
import { ScreenLink } from '../layout/ScreenLink';

export const DuplicatesLink = () => (
  <ScreenLink to="duplicates" label={t('duplicates.queue.title')} icon={<ContentCopyOutlined fontSize="small" />} />
);
