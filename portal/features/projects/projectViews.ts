/** Which projects view the menu asked for, from the query flags the menus set (my_project, internal_project, advocate_project). */
export type ProjectsView = 'all' | 'mine' | 'internal' | 'assigned';

export function projectsViewOf(params: URLSearchParams): ProjectsView {
  if (params.get('my_project') === 'true') return 'mine';
  if (params.get('internal_project') === 'true') return 'internal';
  if (params.get('advocate_project') === 'true') return 'assigned';
  return 'all';
}

export const VIEW_TITLE_KEYS: Record<ProjectsView, string> = {
  all: 'portal.nav.allProjects',
  mine: 'portal.nav.myProjects',
  internal: 'portal.nav.internalProjects',
  assigned: 'portal.nav.assignedProjects',
};
