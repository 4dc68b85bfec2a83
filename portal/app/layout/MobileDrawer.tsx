/** The side drawer signed-in non-candidates get on small screens: the same menus as the top bar. */
import { Box, Divider, Drawer, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { t } from '../../../i18n';
import { Logo } from '../../components/Logo';
import { isActiveLink, isGroup, type MenuEntry, type MenuLink } from '../menus';
import { linkProps } from './NavMenus';

interface Props {
  open: boolean;
  onClose(): void;
  entries: MenuEntry[];
}

export function MobileDrawer({ open, onClose, entries }: Props) {
  const location = useLocation();
  const item = (link: MenuLink, nested: boolean) => (
    <ListItemButton
      key={link.id}
      {...linkProps(link)}
      onClick={onClose}
      selected={isActiveLink(link, location)}
      sx={{ pl: nested ? 3 : 2 }}
      data-menu-item={link.id}
    >
      <ListItemText primary={t(link.labelKey)} />
    </ListItemButton>
  );
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 288 } } }}>
      <Box sx={{ p: 2 }}>
        <Logo />
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('portal.nav.main')} data-testid="mobile-nav" sx={{ overflowY: 'auto' }}>
        {entries.map((entry) =>
          isGroup(entry) ? (
            <List
              key={entry.id}
              dense
              subheader={
                <ListSubheader sx={{ fontWeight: 700, lineHeight: '36px' }}>{t(entry.labelKey)}</ListSubheader>
              }
            >
              {entry.items.map((link) => item(link, true))}
            </List>
          ) : (
            <List key={entry.id} dense disablePadding>
              {item(entry, false)}
            </List>
          ),
        )}
      </Box>
    </Drawer>
  );
}
