/**
 * The console's side menu: grouped, collapsible, with preset views and a way back to the portal. A navigation
 * landmark holding a list of links (not an ARIA `menu`, which would promise arrow-key menu behaviour and may not
 * hold buttons); each group is a list item with its toggle button and a nested list.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import {
  Box,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import {
  LinkBase,
  useBasename,
  useCanAccess,
  useCreatePath,
  useLocation,
  useSidebarState,
  useStore,
} from 'react-admin';
import { t } from '../../i18n';
import { AlertsLink } from '../alerts/AlertsLink';
import { MENU_ICON_SX, MENU_LABEL, ScreenLink } from './ScreenLink';
import { DuplicatesLink } from '../duplicates/DuplicatesLink';
import { entityByResource, resources } from '../../schema';
import { overrides } from '../resources/overrides';
import { presetMatching, filterSearch, type Filter } from '../resources/presets';
import { menuGroups, PORTAL_PAGES, type MenuEntry, type MenuGroup } from './menuModel';
import { iconFor, PresetIcon } from './resourceIcons';

const GROUPS = menuGroups(resources);

function currentFilter(search: string): Filter | undefined {
  const raw = new URLSearchParams(search).get('filter');
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as Filter;
  } catch {
    return undefined;
  }
}

function EntryLink({ entry }: { entry: MenuEntry }) {
  const createPath = useCreatePath();
  const basename = useBasename();
  const location = useLocation();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccess({ action: 'list', resource: entry.resource });
  // react-admin restores a list's last filters from its store when the URL carries none.
  const [stored] = useStore<{ filter?: Filter }>(`${entry.resource}.listParams`);
  if (canAccess === false) return null;

  // An override may keep its list at a path of its own (talent at the spec's /talent).
  const listPath = overrides[entry.resource]?.listPath;
  const path = listPath ? `${basename}${listPath}` : createPath({ resource: entry.resource, type: 'list' });
  const onList = location.pathname === path;
  const onRecord = location.pathname.startsWith(`${path}/`);
  let selected = onList || onRecord;
  // A record's screen belongs to the "All …" entry whatever list it was opened from; a list to the preset its filter is.
  if (onRecord && entry.preset !== undefined) selected = entry.preset === '';
  if (onList && entry.preset !== undefined) {
    const def = entityByResource(entry.resource);
    const filter = currentFilter(location.search) ?? stored?.filter;
    selected = def !== undefined && (presetMatching(def, filter) ?? '') === entry.preset;
  }
  const Icon = entry.preset ? PresetIcon : iconFor(entry.resource);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={LinkBase}
        to={{ pathname: path, search: entry.filter ? filterSearch(entry.filter) : '' }}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        // Folded to icons, the link keeps its name for assistive technology and a tooltip.
        aria-label={open ? undefined : entry.label}
        title={open ? undefined : entry.label}
        dense
        sx={{ borderRadius: 1, mx: 1, my: 0.25, pl: open ? 2 : 1.5 }}
      >
        <ListItemIcon sx={MENU_ICON_SX}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {open && <ListItemText primary={entry.label} slotProps={MENU_LABEL} />}
      </ListItemButton>
    </ListItem>
  );
}

function Group({ group }: { group: MenuGroup }) {
  const [sidebarOpen] = useSidebarState();
  const [expanded, setExpanded] = useStore(`admin.menu.${group.key ?? 'top'}`, group.key !== 'lookups');
  const entries = group.entries.map((entry) => <EntryLink key={entry.key} entry={entry} />);
  if (!group.key) return <>{entries}</>;
  const nested = (
    <List disablePadding aria-label={group.label}>
      {entries}
    </List>
  );
  if (!sidebarOpen)
    return (
      <ListItem sx={{ display: 'block', p: 0, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>{nested}</ListItem>
    );
  return (
    <ListItem sx={{ display: 'block', p: 0 }}>
      <ListSubheader
        component="button"
        type="button"
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          width: '100%',
          border: 0,
          bgcolor: 'transparent',
          cursor: 'pointer',
          lineHeight: '36px',
          mt: 1,
          textTransform: 'uppercase',
          letterSpacing: '0.06em',
          fontSize: 12,
          fontWeight: 600,
        }}
      >
        {group.label}
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListSubheader>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        {nested}
      </Collapse>
    </ListItem>
  );
}

/** The support-chat inbox, a screen of its own rather than a resource. */
const SupportChatLink = () => (
  <ScreenLink to="support-chat" label={t('chat.inbox.title')} icon={<SupportAgentOutlined fontSize="small" />} />
);

/** The admin pages of the portal, each opening the portal at that page. */
function PortalPages() {
  const [open] = useSidebarState();
  const label = t('admin.menu.inPortal');
  return (
    <ListItem sx={{ display: 'block', p: 0, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      {open && (
        <ListSubheader
          component="div"
          sx={{
            bgcolor: 'transparent',
            lineHeight: '36px',
            textTransform: 'uppercase',
            letterSpacing: '0.06em',
            fontSize: 12,
            fontWeight: 600,
          }}
        >
          {label}
        </ListSubheader>
      )}
      <List disablePadding aria-label={label}>
        {PORTAL_PAGES.map(({ labelKey, href }) => (
          <ListItem key={href} disablePadding>
            <ListItemButton
              component="a"
              href={href}
              dense
              aria-label={open ? undefined : t(labelKey)}
              title={open ? undefined : t(labelKey)}
              sx={{ borderRadius: 1, mx: 1, my: 0.25, pl: open ? 2 : 1.5 }}
            >
              <ListItemIcon sx={MENU_ICON_SX}>
                <OpenInNewIcon fontSize="small" />
              </ListItemIcon>
              {open && <ListItemText primary={t(labelKey)} slotProps={MENU_LABEL} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </ListItem>
  );
}

export function AdminMenu() {
  const [open] = useSidebarState();
  return (
    <Box component="nav" aria-label={t('admin.menu.label')}>
      <List dense sx={{ pt: 1, pb: 2, width: open ? 240 : 56, transition: 'width 150ms' }}>
        {GROUPS.map((group) => (
          <Group key={group.key ?? 'top'} group={group} />
        ))}
        <SupportChatLink />
        <AlertsLink />
        <DuplicatesLink />
        <PortalPages />
        <ListItem disablePadding sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          <ListItemButton
            component="a"
            href="/"
            dense
            aria-label={open ? undefined : t('admin.menu.openPortal')}
            title={open ? undefined : t('admin.menu.openPortal')}
            sx={{ borderRadius: 1, mx: 1 }}
          >
            <ListItemIcon sx={MENU_ICON_SX}>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            {open && <ListItemText primary={t('admin.menu.openPortal')} slotProps={MENU_LABEL} />}
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
