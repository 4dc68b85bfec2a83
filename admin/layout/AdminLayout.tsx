/** The console frame: app bar with the product name, grouped menu, and spec-style list links understood. */
import ExitToApp from '@mui/icons-material/ExitToApp';
import { Box, Chip, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useLocation,
  useLogout,
  useNavigate,
} from 'react-admin';
import { t } from '../../i18n';
import { AdminMenu } from './AdminMenu';
import { fromSpecQuery } from './specQuery';
import { NotificationBell } from '../../ui/components/NotificationBell';

/** "Log out", worded as in the portal. */
function LogoutItem() {
  const logout = useLogout();
  return (
    <MenuItem onClick={() => void logout()}>
      <ListItemIcon>
        <ExitToApp fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('portal.nav.logout')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The app bar's tools beside the bell: react-admin's refresh button (its default toolbar's only tool here, with one
 * locale and one theme), left out on a phone, where the bar has no room for it beside the bell and profile.
 */
const APP_BAR_TOOLS = (
  <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center' }}>
    <LoadingIndicator />
  </Box>
);

function AdminAppBar() {
  // The menu button shows the admin's name, so its accessible name is that name too.
  const { identity } = useGetIdentity();
  return (
    <AppBar
      color="primary"
      elevation={0}
      toolbar={APP_BAR_TOOLS}
      userMenu={
        <UserMenu label={identity?.fullName || 'ra.auth.user_menu'}>
          <LogoutItem />
        </UserMenu>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 1, sm: 3 } }}>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
          {t('appName')}
        </Typography>
        {/* On a phone the product name alone, so the bell and profile keep their room. */}
        <Chip
          label={t('admin.console')}
          size="small"
          sx={{
            bgcolor: 'rgba(255,255,255,0.16)',
            color: 'inherit',
            fontWeight: 600,
            height: 22,
            display: { xs: 'none', sm: 'inline-flex' },
          }}
        />
      </Box>
      <TitlePortal variant="body1" sx={{ opacity: 0.85 }} />
      <Box sx={{ flex: 1 }} />
      <NotificationBell />
    </AppBar>
  );
}

function useSpecQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const search = fromSpecQuery(location.search, location.pathname);
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
