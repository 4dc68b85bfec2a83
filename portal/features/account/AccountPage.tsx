/** /account: who you are signed in as (role, company, how you sign in) above your editable profile. */
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useAuth } from '../../app/auth/authContext';
import { PageHeader } from '../../components/PageHeader';
import { t } from '../../../i18n';
import { ProfileForm } from './ProfileForm';
import { roleLabel } from './roleLabel';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

export function AccountPage() {
  const { user, viewer } = useAuth();
  if (!user || !viewer) return null;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <PageHeader title={t('portal.account.title')} subtitle={t('portal.account.subtitle')} />
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2.5 }}>
            <Typography variant="h4" component="h2">
              {t('portal.account.signedInAs')}
            </Typography>
            <Chip label={roleLabel(viewer)} size="small" color="primary" variant="outlined" />
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2.5 }}>
            <Fact label={t('portal.fields.email')} value={user.email} />
            {user.companyName && <Fact label={t('portal.account.company')} value={user.companyName} />}
            <Fact label={t('portal.account.signIn')} value={t('portal.account.signInMethod')} />
          </Box>
        </CardContent>
      </Card>
      <ProfileForm />
    </Box>
  );
}
