/** The console frame: app bar with the product name, grouped menu, and spec-style list links understood. */
import ExitToApp from '@mui/icons-material/ExitToApp';
import { Box, Chip, ListItemIcon, ListItemText, MenuItem, Typography, type Theme } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  UserMenu,
  useGetIdentity,
  useLocation,
  useLogout,
  useNavigate,
} from 'react-admin';
import { t } from '../../i18n';
import { AdminMenu } from './AdminMenu';
import { useConsoleSessionWatch } from './sessionWatch';
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

/**
 * The screen's title in the bar: react-admin's title portal (each screen's <Title> is drawn into the element with its
 * id). On a phone it takes the product name's room and wraps to up to three lines instead of being cut to a few
 * characters; on a laptop one line beside the product name. Its whole text is its tooltip too, and the browser tab's
 * title (useDocumentTitle).
 */
function BarTitle() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const name = () => {
      const text = el.textContent?.trim();
      if (text) el.setAttribute('title', text);
      else el.removeAttribute('title');
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Typography
      ref={ref}
      id="react-admin-title"
      component="span"
      variant="body1"
      sx={{
        flex: 1,
        minWidth: 0,
        opacity: 0.85,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: { xs: 'normal', sm: 'nowrap' },
        overflowWrap: { xs: 'anywhere', sm: 'normal' },
        display: { xs: '-webkit-box', sm: 'block' },
        WebkitLineClamp: { xs: 3 },
        WebkitBoxOrient: 'vertical',
        fontSize: { xs: '0.875rem', sm: undefined },
        lineHeight: { xs: 1.2, sm: 1.5 },
      }}
    />
  );
}

/** On a phone the screen's title replaces the product name, when there is one. */
const BRAND = 'AdminBrand';
const phoneBar = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { [`&:has(#react-admin-title:not(:empty)) .${BRAND}`]: { display: 'none' } },
});

function AdminAppBar() {
  // The menu button shows the admin's name, so its accessible name is that name too.
  const { identity } = useGetIdentity();
  return (
    <AppBar
      color="primary"
      elevation={0}
      sx={phoneBar}
      toolbar={APP_BAR_TOOLS}
      userMenu={
        <UserMenu label={identity?.fullName || 'ra.auth.user_menu'}>
          <LogoutItem />
        </UserMenu>
      }
    >
      <Box className={BRAND} sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 1, sm: 3 } }}>
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
      <BarTitle />
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
  useConsoleSessionWatch();
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
