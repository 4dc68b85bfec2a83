/** The frame of sign-in and small auth pages: the auth logo variant over a centred card. */
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { AUTH_BACKDROP, AUTH_CARD_SX } from '../../../ui/components/authSurface';
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
        background: AUTH_BACKDROP,
      }}
    >
      <Box component={RouterLink} to={PATHS.home} sx={{ textDecoration: 'none', mb: 4 }}>
        <Logo variant="auth" />
      </Box>
      <Paper component="main" variant="outlined" sx={{ ...AUTH_CARD_SX, maxWidth: width }}>
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
      <Link component={RouterLink} to={PATHS.privacy} variant="body2" color="inherit">
        {t('portal.footer.privacy')}
      </Link>
    </Stack>
  );
}
