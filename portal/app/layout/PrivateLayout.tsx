/** The frame of every signed-in page: the top bar (logo home, role menus, account dropdown) and the page below it. */
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Container, IconButton, Toolbar } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { useTurn } from '../../components/useFirstScreenful';
import { useAuth } from '../auth/authContext';
import { homeFor } from '../access';
import { hasBell } from '../viewer';
import { hasDrawer, mainMenus } from '../menus';
import { NotificationBell } from '../../../ui/components/NotificationBell';
import { AccountMenu } from './AccountMenu';
import { MobileDrawer } from './MobileDrawer';
import { NavMenus } from './NavMenus';
import { NoticeFrame } from '../../features/consents/NoticeFrame';

/**
 * The page comes a task after the frame as the visit opens: drawn together, their first styles and elements made one
 * long task, in which the browser could answer nothing. Only this holder draws again when its turn comes, not the frame.
 */
function AfterTheFrame({ children }: { children: ReactNode }) {
  return useTurn(1) ? children : null;
}

export function PrivateLayout({ children }: { children: ReactNode }) {
  const { viewer } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = useMemo(() => (viewer ? mainMenus(viewer) : []), [viewer]);
  if (!viewer) return null;
  const drawer = hasDrawer(viewer);
  // The admin bar has eight menus: they need a wide screen; the two company menus fit from tablets up.
  const from = entries.length > 4 ? 'lg' : 'md';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 64 } }}>
          {drawer && (
            <IconButton
              edge="start"
              aria-label={t('portal.nav.openMenu')}
              onClick={() => setDrawerOpen(true)}
              sx={{ display: { [from]: 'none' } }}
              data-testid="mobile-menu-button"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box component={RouterLink} to={homeFor(viewer)} sx={{ display: 'inline-flex', textDecoration: 'none' }}>
            <Logo variant="bar" />
          </Box>
          <NavMenus entries={entries} from={from} />
          <Box sx={{ flex: 1 }} />
          {hasBell(viewer) && <NotificationBell color="default" />}
          <AccountMenu />
        </Toolbar>
      </AppBar>
      {drawer && <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} entries={entries} />}
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="xl"
        sx={{ flex: 1, py: { xs: 3, md: 4 }, outline: 'none' }}
      >
        <AfterTheFrame>{viewer.role === 'candidate' ? <NoticeFrame>{children}</NoticeFrame> : children}</AfterTheFrame>
      </Container>
    </Box>
  );
}
