/** /auth/company/signup/complete: what happens next after a company signs up. */
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { SignupLayout } from '../../app/layout/SignupLayout';
import { PATHS } from '../../app/paths';
import { t } from '../../../i18n';

const NEXT = [
  {
    icon: <HourglassTopOutlined />,
    title: 'portal.signup.complete.approvalTitle',
    text: 'portal.signup.complete.approval',
  },
  { icon: <CardGiftcardOutlined />, title: 'portal.signup.complete.trialTitle', text: 'portal.signup.complete.trial' },
  { icon: <PeopleAltOutlined />, title: 'portal.signup.complete.curatedTitle', text: 'portal.signup.complete.curated' },
];

export function SignupCompletePage() {
  return (
    <SignupLayout>
      <Stack spacing={1.5} sx={{ mb: 4 }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            bgcolor: 'rgba(13, 148, 136, 0.12)',
            color: 'secondary.main',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <MarkEmailReadOutlined />
        </Box>
        <Typography variant="h2" component="h1">
          {t('portal.signup.complete.heading')}
        </Typography>
        <Typography color="text.secondary">{t('portal.signup.complete.subheading')}</Typography>
      </Stack>
      <Stack spacing={2.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {NEXT.map((item) => (
          <Stack
            key={item.title}
            component="li"
            direction="row"
            spacing={2}
            sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 3 }}
          >
            <Box sx={{ color: 'primary.main', pt: 0.25 }}>{item.icon}</Box>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(item.title)}</Typography>
              <Typography color="text.secondary" variant="body2">
                {t(item.text)}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
      <Button component={RouterLink} to={PATHS.login} variant="contained" size="large" sx={{ mt: 4 }}>
        {t('portal.signup.complete.toLogin')}
      </Button>
    </SignupLayout>
  );
}
