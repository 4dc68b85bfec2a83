/** The console frame: app bar with the product name, grouped menu, and spec-style list links understood. */
import { Box, Chip, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, useLocation, useNavigate } from 'react-admin';
import { t } from '../../i18n';
import { AdminMenu } from './AdminMenu';
import { fromSpecQuery } from './specQuery';

function AdminAppBar() {
  return (
    <AppBar color="primary" elevation={0}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 3 }}>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
          {t('appName')}
        </Typography>
        <Chip label={t('admin.console')} size="small" sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', fontWeight: 600, height: 22 }} />
      </Box>
      <TitlePortal variant="body1" sx={{ opacity: 0.85 }} />
    </AppBar>
  );
}

function useSpecQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const search = fromSpecQuery(location.search);
    if (search !== undefined) navigate({ pathname: location.pathname, search }, { replace: true });
  }, [location.pathname, location.search, navigate]);
}

export function AdminLayout({ children }: { children: ReactNode }) {
  useSpecQuery();
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
