/** The console menu's way to the saved-search alerts page, a screen of its own rather than a resource. */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { LinkBase, useBasename, useLocation, useSidebarState } from 'react-admin';
import { t } from '../../i18n';

export function AlertsLink() {
  const basename = useBasename();
  const location = useLocation();
  const [open] = useSidebarState();
  const path = `${basename}/alerts`;
  const selected = location.pathname === path;
  const label = t('alerts.console.title');
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={LinkBase}
        to={path}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        aria-label={open ? undefined : label}
        title={open ? undefined : label}
        dense
        sx={{ borderRadius: 1, mx: 1, my: 0.25, pl: open ? 2 : 1.5 }}
      >
        <ListItemIcon>
          <NotificationsActiveOutlined fontSize="small" />
        </ListItemIcon>
        {open && <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />}
      </ListItemButton>
    </ListItem>
  );
}
