/** The frame of public reading pages (terms, job-description preview, 404): a slim bar with the logo. */
import { AppBar, Box, Container, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { PATHS } from '../paths';
import { AuthFooter } from './AuthLayout';

export function PublicLayout({ children, maxWidth = 'md' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="static" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar>
          <Box component={RouterLink} to={PATHS.home} sx={{ display: 'inline-flex', textDecoration: 'none' }}>
            <Logo variant="auth" />
          </Box>
        </Toolbar>
      </AppBar>
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth={maxWidth}
        sx={{ flex: 1, py: { xs: 4, md: 6 }, outline: 'none' }}
      >
        {children}
      </Container>
      <Box sx={{ display: 'flex', justifyContent: 'center', pb: 4 }}>
        <AuthFooter />
      </Box>
    </Box>
  );
}
