/** The desktop menus of the top bar: plain links and dropdown groups. */
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button, Menu, MenuItem, Stack } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { t } from '../../../i18n';
import { isActiveLink, isGroup, type MenuEntry, type MenuGroup, type MenuLink } from '../menus';

const navButtonSx = (active: boolean) => ({
  color: active ? 'primary.main' : 'text.primary',
  fontWeight: 600,
  px: 1.5,
  borderRadius: 2,
  bgcolor: active ? 'rgba(29, 78, 216, 0.08)' : 'transparent',
  '&:hover': { bgcolor: 'rgba(15, 23, 42, 0.05)' },
});

/** Props that make a MUI item navigate: a router link inside the portal, a plain href to the console. */
export const linkProps = (item: MenuLink) =>
  item.external ? { component: 'a' as const, href: item.to } : { component: RouterLink, to: item.to };

function NavGroup({ group }: { group: MenuGroup }) {
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = group.items.some((item) => !item.external && location.pathname === item.to.split('?')[0]);
  const menuId = `nav-menu-${group.id}`;
  return (
    <>
      <Button
        id={`nav-${group.id}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<ExpandMore fontSize="small" />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={navButtonSx(active)}
      >
        {t(group.labelKey)}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-labelledby': `nav-${group.id}`, dense: true },
          paper: { sx: { minWidth: 220, mt: 0.5 } },
        }}
      >
        {group.items.map((item) => (
          <MenuItem
            key={item.id}
            {...linkProps(item)}
            onClick={() => setAnchor(null)}
            selected={isActiveLink(item, location)}
            data-menu-item={item.id}
          >
            {t(item.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** `from` is the smallest screen the bar has room for these menus on; below it they live in the drawer. */
export function NavMenus({ entries, from }: { entries: MenuEntry[]; from: 'md' | 'lg' }) {
  const location = useLocation();
  return (
    <Stack
      component="nav"
      direction="row"
      spacing={0.5}
      aria-label={t('portal.nav.main')}
      data-testid="top-nav"
      sx={{ display: { xs: 'none', [from]: 'flex' }, ml: 3 }}
    >
      {entries.map((entry) =>
        isGroup(entry) ? (
          <NavGroup key={entry.id} group={entry} />
        ) : (
          <Button
            key={entry.id}
            {...linkProps(entry)}
            sx={navButtonSx(isActiveLink(entry, location))}
            data-menu-item={entry.id}
          >
            {t(entry.labelKey)}
          </Button>
        ),
      )}
    </Stack>
  );
}
