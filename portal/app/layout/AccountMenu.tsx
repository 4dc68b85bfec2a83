/** The account dropdown: who is signed in, the role's links, and Log out. */
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';
import { useAuth } from '../auth/authContext';
import { accountMenu } from '../menus';
import { linkProps } from './NavMenus';

export const INTEGRATIONS_HIDDEN = import.meta.env.VITE_INTEGRATIONS_HIDDEN ?? 'false';

export function initialsOf(first?: string | null, last?: string | null, email?: string): string {
  const letters = `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`;
  return (letters || email?.[0] || '?').toUpperCase();
}

/**
 * Who is signed in, read as the menu's first line. Not an item: MUI's menu skips it (`muiSkipListHighlight`, as it
 * skips a Divider or a ListSubheader), so Enter or ArrowDown on the button lands on the first link, and the arrows
 * walk the items.
 */
function AccountHeading({ name, email }: { name: string; email: string }) {
  return (
    <Box sx={{ px: 2, py: 1.25 }}>
      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {email}
      </Typography>
    </Box>
  );
}
AccountHeading.muiSkipListHighlight = true;

export function AccountMenu() {
  const { user, viewer, signOut } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user || !viewer) return null;
  const items = accountMenu(viewer, INTEGRATIONS_HIDDEN);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <>
      <Button
        id="account-menu-button"
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        color="inherit"
        endIcon={<ExpandMore fontSize="small" />}
        sx={{ pl: 0.75, pr: 1.25, borderRadius: 6 }}
      >
        {/* Named by what it shows (the user's name and company), then what it is; the initials are decoration. */}
        <Avatar
          aria-hidden
          src={user.profilePic ?? undefined}
          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main', mr: { xs: 0, sm: 1 } }}
        >
          {initialsOf(user.firstName, user.lastName, user.email)}
        </Avatar>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'left', maxWidth: 180 }}>
          <Typography component="span" noWrap sx={{ display: 'block', fontWeight: 600, fontSize: 14, lineHeight: 1.2 }}>
            {name}
          </Typography>
          {user.companyName && (
            <Typography
              component="span"
              noWrap
              sx={{ display: 'block', fontSize: 12, color: 'text.secondary', lineHeight: 1.2 }}
            >
              {user.companyName}
            </Typography>
          )}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {t('portal.nav.accountMenu')}
        </Box>
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'account-menu-button' }, paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        <AccountHeading name={name} email={user.email} />
        <Divider />
        {items.map((item) => (
          <MenuItem key={item.id} {...linkProps(item)} onClick={() => setAnchor(null)} data-menu-item={item.id}>
            {t(item.labelKey)}
          </MenuItem>
        ))}
        {items.length > 0 && <Divider />}
        <MenuItem
          data-menu-item="logout"
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('portal.nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
