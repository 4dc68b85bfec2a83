/**
 * The console menu as data: entities grouped by `admin.group` in the spec's order (Companies,
 * Talent, the ungrouped ones such as Admins, Lookups), each with its named presets.
 */
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { pluralLabel, titleCase } from '../fields/fieldMeta';
import { presetLabel, presetsOf, type Filter } from '../resources/presets';

export interface MenuEntry {
  key: string;
  label: string;
  resource: string;
  /** Opens the list with exactly this filter; absent for plain resource links. */
  filter?: Filter;
  /** The preset this entry opens, or '' for the "All …" entry of a resource with presets. */
  preset?: string;
}

export interface MenuGroup {
  /** Undefined for entries shown at the top level. */
  key?: string;
  label?: string;
  entries: MenuEntry[];
}

const GROUP_ORDER: (string | undefined)[] = ['companies', 'talent', undefined, 'lookups'];

export const inMenu = (def: EntityDef) => !!def.resource && !def.admin?.hidden;

function entriesOf(def: EntityDef): MenuEntry[] {
  const resource = def.resource as string;
  const presets = presetsOf(def);
  if (presets.length === 0) return [{ key: resource, label: pluralLabel(def), resource }];
  return [
    {
      key: resource,
      label: t('admin.menu.all', { label: pluralLabel(def).toLowerCase() }),
      resource,
      filter: {},
      preset: '',
    },
    ...presets.map(([name, filter]) => ({
      key: `${resource}:${name}`,
      label: presetLabel(def, name),
      resource,
      filter,
      preset: name,
    })),
  ];
}

function groupLabel(key: string): string {
  const messageKey = `admin.menu.groups.${key}`;
  const text = t(messageKey);
  return text === messageKey ? titleCase(key) : text;
}

/** The entity a group is named after (Talent: the candidates list) opens the group; the rest keep registry order. */
function leadFirst(defs: EntityDef[], key: string | undefined): EntityDef[] {
  if (!key) return defs;
  const label = groupLabel(key);
  return [...defs.filter((d) => pluralLabel(d) === label), ...defs.filter((d) => pluralLabel(d) !== label)];
}

export function menuGroups(defs: readonly EntityDef[]): MenuGroup[] {
  const shown = defs.filter(inMenu);
  const keys = [...GROUP_ORDER];
  for (const def of shown) if (!keys.includes(def.admin?.group)) keys.push(def.admin?.group);
  return keys
    .map((key) => ({
      key,
      label: key ? groupLabel(key) : undefined,
      entries: leadFirst(
        shown.filter((def) => def.admin?.group === key),
        key,
      ).flatMap(entriesOf),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The admin pages that live in the portal, linked from the console's menu (a full navigation: the
 * portal is another app), as the portal's menu links to the console's pages.
 */
export const PORTAL_PAGES: { labelKey: string; href: string }[] = [
  { labelKey: 'portal.nav.search', href: '/search' },
  { labelKey: 'portal.nav.allProjects', href: '/projects' },
  { labelKey: 'portal.nav.addTalent', href: '/talent/add' },
  { labelKey: 'portal.nav.activeCredits', href: '/credits/active-credits' },
  { labelKey: 'portal.nav.creditLog', href: '/credits/log' },
  { labelKey: 'portal.nav.stageOverview', href: '/dashboard/ta-dashboard-weekly' },
  { labelKey: 'portal.nav.projectOverview', href: '/dashboard/project-overview' },
  { labelKey: 'portal.nav.assignmentLog', href: '/dashboard/ta-assigned-activity' },
  { labelKey: 'portal.nav.recruitmentActivity', href: '/dashboard/ta-recruitment-activity' },
  { labelKey: 'portal.nav.interviewRequests', href: '/dashboard/interview-request' },
  { labelKey: 'portal.nav.aiMatch', href: '/ai-match' },
];
