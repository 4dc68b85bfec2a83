/**
 * The top bar's menus per role (spec section 2, "Top navigation bar"), as data the bar and the
 * mobile drawer both render. `external` links open console screens with a full page navigation.
 */
import { CONSOLE, PATHS } from './paths';
import { can, isAdvocate, isTeamManager, type Viewer } from './viewer';

export interface MenuLink {
  id: string;
  labelKey: string;
  to: string;
  external?: boolean;
}

export interface MenuGroup {
  id: string;
  labelKey: string;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'items' in entry;

const link = (id: string, to: string, external = false): MenuLink => ({
  id,
  labelKey: `portal.nav.${id}`,
  to,
  ...(external ? { external } : {}),
});

function adminMenus(viewer: Viewer): MenuEntry[] {
  return [
    link('search', PATHS.search),
    {
      id: 'companies',
      labelKey: 'portal.nav.companies',
      items: [
        link('allCompanies', CONSOLE.companies, true),
        link('pendingCompanies', CONSOLE.pendingCompanies, true),
        link('addCompany', CONSOLE.addCompany, true),
        link('allCompanyUsers', CONSOLE.companyUsers, true),
        link('addCompanyUser', CONSOLE.addCompanyUser, true),
        link('communityUsers', CONSOLE.communityUsers, true),
      ],
    },
    {
      id: 'projects',
      labelKey: 'portal.nav.projects',
      items: [
        link('allProjects', PATHS.projects),
        link('internalProjects', `${PATHS.projects}?internal_project=true`),
        link('myProjects', `${PATHS.projects}?my_project=true`),
        ...(isAdvocate(viewer) ? [link('assignedProjects', `${PATHS.projects}?advocate_project=true`)] : []),
        link('addProject', `${PATHS.projects}?add_project=true`),
      ],
    },
    {
      id: 'talent',
      labelKey: 'portal.nav.talent',
      items: [
        link('allTalent', CONSOLE.talent, true),
        link('pendingCuration', CONSOLE.pendingCuration, true),
        link('pendingActivation', CONSOLE.pendingActivation, true),
        link('addTalent', PATHS.talentAdd),
        link('tags', CONSOLE.tags, true),
      ],
    },
    {
      id: 'credits',
      labelKey: 'portal.nav.credits',
      items: [
        link('activeCredits', PATHS.activeCredits),
        link('creditLog', PATHS.creditLog),
        link('addCredits', `${PATHS.activeCredits}?add_credits=true`),
        link('generateOrderForm', `${PATHS.activeCredits}?order_form=true`),
        link('salesOrders', CONSOLE.salesOrders, true),
      ],
    },
    link('admins', CONSOLE.admins, true),
    {
      id: 'dashboards',
      labelKey: 'portal.nav.dashboards',
      items: [
        link('stageOverview', PATHS.dashboardWeekly),
        link('projectOverview', PATHS.dashboardProjectOverview),
        link('assignmentLog', PATHS.dashboardAssigned),
        link('recruitmentActivity', PATHS.dashboardRecruitment),
        link('interviewRequests', PATHS.dashboardInterviewRequests),
      ],
    },
    link('aiMatch', PATHS.aiMatch),
  ];
}

function companyMenus(viewer: Viewer): MenuEntry[] {
  const projects: MenuGroup = {
    id: 'projects',
    labelKey: 'portal.nav.projects',
    items: [
      link('allProjects', PATHS.projects),
      link('myProjects', `${PATHS.projects}?my_project=true`),
      link('addProject', `${PATHS.projects}?add_project=true`),
    ],
  };
  // Company users also see Search; RaaS users do not (the ability says who may search candidates).
  return [
    ...(can(viewer, 'search', 'Candidate') ? [link('search', PATHS.search)] : []),
    ...(can(viewer, 'read', 'Project') ? [projects] : []),
  ];
}

export function mainMenus(viewer: Viewer): MenuEntry[] {
  if (viewer.role === 'admin') return adminMenus(viewer);
  if (viewer.role === 'company' || viewer.role === 'raasCompany') return companyMenus(viewer);
  return [];
}

/**
 * The account dropdown's links (Log out is always added by the bar). Integrations shows for a
 * company admin only while the configuration flag equals the string 'false'.
 */
export function accountMenu(viewer: Viewer, integrationsHidden: string): MenuLink[] {
  if (viewer.role === 'admin') return [link('profile', PATHS.myProfile)];
  if (viewer.role !== 'company' && viewer.role !== 'raasCompany') return [];
  return [
    link('profile', PATHS.myProfile),
    ...(isTeamManager(viewer) ? [link('team', PATHS.team)] : []),
    ...(viewer.role === 'raasCompany' && can(viewer, 'read', 'Credit')
      ? [link('companyCredits', PATHS.companyCredits)]
      : []),
    ...(viewer.role === 'company' && isTeamManager(viewer) && integrationsHidden === 'false'
      ? [link('integrations', PATHS.integrations)]
      : []),
  ];
}

/** Candidates have no hamburger; every other signed-in role gets the mobile drawer. */
export const hasDrawer = (viewer: Viewer) => viewer.role !== 'candidate';

/** Whether a menu link is the page being shown (query links match on path and query). */
export function isActiveLink(entry: MenuLink, location: { pathname: string; search: string }): boolean {
  if (entry.external) return false;
  const [path, query = ''] = entry.to.split('?');
  return location.pathname === path && (query ? location.search === `?${query}` : location.search === '');
}
