/** The console menu's way to the duplicate queue, a screen of its own rather than a resource. */
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { LinkBase, useBasename, useLocation, useSidebarState } from 'react-admin';
import { t } from '../../i18n';

export function DuplicatesLink() {
  const basename = useBasename();
  const location = useLocation();
  const [open] = useSidebarState();
  const path = `${basename}/duplicates`;
  const selected = location.pathname === path;
  const label = t('duplicates.queue.title');
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
          <ContentCopyOutlined fontSize="small" />
        </ListItemIcon>
        {open && <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />}
      </ListItemButton>
    </ListItem>
  );
}
