/**
 * /community/welcome: where a new community member lands when no community site is configured
 * (COMMUNITY_URL unset): their account is ready, and the page says what happens next.
 */
import { Typography } from '@mui/material';
import { t } from '../../../i18n';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { PATHS } from '../../app/paths';
import { AuthResultCard } from '../auth/AuthResultCard';

export function CommunityWelcomePage() {
  return (
    <AuthLayout>
      <AuthResultCard
        state="done"
        title={t('portal.community.welcomeTitle')}
        message={t('portal.community.welcomeBody')}
        action={{ label: t('portal.community.welcomeHome'), to: PATHS.home }}
      />
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
        {t('portal.community.welcomeNext')}
      </Typography>
    </AuthLayout>
  );
}
