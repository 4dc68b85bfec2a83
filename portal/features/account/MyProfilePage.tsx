/** /my-profile: the signed-in admin's or company user's own profile. */
import { Box } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { t } from '../../../i18n';
import { NotificationPreferences } from './NotificationPreferences';
import { ProfileForm } from './ProfileForm';

export function MyProfilePage() {
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <PageHeader title={t('portal.titles.myProfile')} subtitle={t('portal.profile.subtitle')} />
      <ProfileForm />
      <NotificationPreferences />
    </Box>
  );
}
