/** The company sign-up frame: the form with its step indicator on the left, a testimonial panel on the right. */
import FormatQuote from '@mui/icons-material/FormatQuote';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { Box, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { Logo } from '../../components/Logo';
import { BRAND } from '../theme';
import { PATHS } from '../paths';
import { AuthFooter } from './AuthLayout';

const STEPS = ['portal.signup.steps.you', 'portal.signup.steps.company', 'portal.signup.steps.team'];
const PROMISES = ['portal.signup.panel.trial', 'portal.signup.panel.approval', 'portal.signup.panel.curated'];

function TestimonialPanel() {
  return (
    <Box
      component="aside"
      data-testid="testimonial-panel"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: { md: 420, lg: 500 },
        flexShrink: 0,
        p: { md: 5, lg: 7 },
        color: '#fff',
        background: `linear-gradient(160deg, ${BRAND.primary} 0%, ${BRAND.primaryDark} 70%, #172554 100%)`,
        position: 'sticky',
        top: 0,
        height: '100vh',
      }}
    >
      <Logo variant="light" />
      <Box>
        <FormatQuote sx={{ fontSize: 48, color: BRAND.accentLight, transform: 'scaleX(-1)' }} />
        <Typography sx={{ fontSize: 22, lineHeight: 1.45, fontWeight: 500, mb: 3 }}>
          {t('portal.signup.panel.quote')}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>{t('portal.signup.panel.quoteBy')}</Typography>
        <Typography sx={{ opacity: 0.75, fontSize: 14 }}>{t('portal.signup.panel.quoteRole')}</Typography>
      </Box>
      <Stack spacing={1.5}>
        {PROMISES.map((key) => (
          <Stack key={key} direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <CheckCircleOutline sx={{ color: BRAND.accentLight }} fontSize="small" />
            <Typography sx={{ fontSize: 15 }}>{t(key)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function SignupLayout({ step, children }: { step?: 1 | 2 | 3; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          px: { xs: 2.5, sm: 4 },
          py: { xs: 4, md: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 620 }}>
          <Box
            component={RouterLink}
            to={PATHS.home}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, textDecoration: 'none', mb: 3 }}
          >
            <Logo variant="auth" />
          </Box>
          {step && (
            <Stepper activeStep={step - 1} alternativeLabel sx={{ mb: 5 }} aria-label={t('portal.signup.steps.label')}>
              {STEPS.map((key) => (
                <Step key={key}>
                  <StepLabel>{t(key)}</StepLabel>
                </Step>
              ))}
            </Stepper>
          )}
          <Box component="main">{children}</Box>
        </Box>
        <Box sx={{ mt: 'auto', pt: 4 }}>
          <AuthFooter />
        </Box>
      </Box>
      <TestimonialPanel />
    </Box>
  );
}
