/**
 * /candidate/profile: the signed-in candidate's own profile, read from GET candidates/<id>.
 * Shows who they are, how to reach them and their profile status.
 */
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { Alert, Avatar, Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { candidatesApi, type CandidateRecord } from '../../api/candidates';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../app/auth/authContext';
import { initialsOf } from '../../app/layout/AccountMenu';
import { formatDate } from '../../components/format';
import { LoadingScreen } from '../../components/LoadingScreen';
import { t } from '../../i18n';
import { candidateStatus } from './candidateStatus';

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 500 }}>{value}</Typography>
      </Box>
    </Stack>
  );
}

export function CandidateProfilePage() {
  const { user } = useAuth();
  const [profile, setProfile] = useState<CandidateRecord>();
  const [error, setError] = useState<string>();
  const id = user?._id;

  useEffect(() => {
    if (!id) return;
    candidatesApi
      .get(id)
      .then(setProfile)
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [id]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!profile) return <LoadingScreen />;

  const status = candidateStatus(profile.status);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Card>
        <Box sx={{ height: 96, background: 'linear-gradient(120deg, #1d4ed8 0%, #0d9488 100%)' }} />
        <CardContent sx={{ px: { xs: 3, md: 4 }, pb: 4 }}>
          <Avatar sx={{ width: 96, height: 96, fontSize: 34, mt: -8, border: '4px solid #fff', bgcolor: 'primary.main' }}>
            {initialsOf(profile.firstName, profile.lastName, profile.email)}
          </Avatar>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Typography variant="h1" component="h1">
              {name}
            </Typography>
            <Chip label={status.label} color={status.tone} variant="outlined" data-testid="candidate-status" />
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('portal.candidateProfile.memberSince', { date: formatDate(profile.createdAt) ?? '' })}
          </Typography>
          <Divider sx={{ my: 3 }} />
          <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
            {t('portal.candidateProfile.contact')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <Detail icon={<EmailOutlined />} label={t('portal.fields.email')} value={profile.email} />
            <Detail icon={<PhoneOutlined />} label={t('portal.fields.phone')} value={profile.phone || t('portal.candidateProfile.noPhone')} />
            <Detail
              icon={profile.visibility ? <VisibilityOutlined /> : <VisibilityOffOutlined />}
              label={t('portal.candidateProfile.visibility')}
              value={t(profile.visibility ? 'portal.candidateProfile.visible' : 'portal.candidateProfile.hidden')}
            />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
