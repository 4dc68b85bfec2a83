/** /jd/:interviewGuid/:timestamp: the public preview of a job description sent with an interview request; the link lasts 3 days. */
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { useParams } from 'react-router-dom';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { EmptyState } from '../../components/EmptyState';
import { t } from '../../../i18n';
import { jdLinkState } from './jdLink';

export function JdPreviewPage() {
  const { timestamp } = useParams();
  const state = jdLinkState(timestamp);
  return (
    <PublicLayout>
      {state === 'valid' ? (
        <EmptyState icon={<DescriptionOutlined />} title={t('portal.jd.title')} description={t('portal.jd.notReady')} />
      ) : (
        <EmptyState
          icon={<LinkOffOutlined />}
          title={t(state === 'expired' ? 'portal.jd.expiredTitle' : 'portal.jd.invalidTitle')}
          description={t(state === 'expired' ? 'portal.jd.expired' : 'portal.jd.invalid')}
        />
      )}
    </PublicLayout>
  );
}
