/** A console menu entry that opens a screen of its own rather than a resource (the support chat, alerts, duplicates). */
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useBasename, useLocation, useSidebarState } from 'react-admin';

/**
 * A menu entry's label: it wraps onto a second line rather than being cut ("Pending compani…"), so every entry of
 * the 240px sidebar reads whole, on the phone's drawer too.
 */
export const MENU_LABEL = { primary: { variant: 'body2', sx: { lineHeight: 1.35 } } } as const;
/** The icon's room beside a label: MUI's 56px would leave the label less of the sidebar's width. */
export const MENU_ICON_SX = { minWidth: 36 } as const;

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
        <ListItemIcon sx={MENU_ICON_SX}>{icon}</ListItemIcon>
        {open && <ListItemText primary={label} slotProps={MENU_LABEL} />}
      </ListItemButton>
    </ListItem>
  );
}
