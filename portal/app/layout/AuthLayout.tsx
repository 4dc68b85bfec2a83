/** The frame of sign-in and small auth pages: the auth logo variant over a centred card. */
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { Logo } from '../../components/Logo';
import { PATHS } from '../paths';

export function AuthLayout({ children, width = 460 }: { children: ReactNode; width?: number }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, md: 8 },
        background:
          'radial-gradient(1200px 600px at 10% -10%, #dbeafe 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, #ccfbf1 0%, transparent 55%), #f5f7fb',
      }}
    >
      <Box component={RouterLink} to={PATHS.home} sx={{ textDecoration: 'none', mb: 4 }} aria-label={t('portal.nav.home')}>
        <Logo variant="auth" />
      </Box>
      <Paper
        component="main"
        variant="outlined"
        sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 5 }, borderRadius: 4, boxShadow: '0 10px 40px -12px rgba(15, 23, 42, 0.18)' }}
      >
        {children}
      </Paper>
      <AuthFooter />
    </Box>
  );
}

export function AuthFooter() {
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 4, color: 'text.secondary' }}>
      <Typography variant="body2">{t('portal.footer.copyright', { year: new Date().getFullYear() })}</Typography>
      <Link component={RouterLink} to={PATHS.terms} variant="body2" color="inherit">
        {t('portal.footer.terms')}
      </Link>
    </Stack>
  );
}
