/** A console menu entry that opens a screen of its own rather than a resource (the support chat, alerts, duplicates). */
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useBasename, useLocation, useSidebarState } from 'react-admin';

export function ScreenLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const basename = useBasename();
  const location = useLocation();
  const [open] = useSidebarState();
  const path = `${basename}/${to}`;
  const selected = location.pathname === path;
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
        <ListItemIcon>{icon}</ListItemIcon>
        {open && <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />}
      </ListItemButton>
    </ListItem>
  );
}
