/** Who is signed in, reduced to what routing and menus decide on: the role and the sub-role. */
import type { Action } from '../../schema';
import { adminTypeFromNumber, subRoleFromNumber, type Actor } from '../../schema/roles';
import { PERMISSION_TABLE } from './permissionTable';
import type { LoginUser } from '../api/auth';

export type Role = 'admin' | 'company' | 'raasCompany' | 'candidate' | 'community';

export interface Viewer {
  role: Role;
  /** Company: 0 owner, 1 admin, 2 member. Admin: 1 general, 2 advocate. */
  subRole: number | null;
}

const ROLE_BY_NUMBER: Record<number, Role> = {
  1: 'admin',
  2: 'company',
  3: 'candidate',
  4: 'raasCompany',
  5: 'community',
};

export function viewerOf(user: Pick<LoginUser, 'userRole' | 'subUserRole'> | undefined): Viewer | undefined {
  const role = user ? ROLE_BY_NUMBER[user.userRole] : undefined;
  return role ? { role, subRole: user?.subUserRole ?? null } : undefined;
}

/** Whether the top bar shows the notification bell: everyone but candidates and community users. */
export const hasBell = (viewer: Viewer) => viewer.role !== 'candidate' && viewer.role !== 'community';

/** The viewer as the one ability (schema/ability.ts) sees them: role, company sub-role or admin type. */
export function actorOf(viewer: Viewer): Actor {
  if (viewer.role === 'admin') return { role: 'admin', adminType: adminTypeFromNumber(viewer.subRole) };
  if (viewer.role === 'company' || viewer.role === 'raasCompany')
    return { role: viewer.role, subRole: subRoleFromNumber(viewer.subRole) };
  return { role: viewer.role };
}

const allowed = new Map<string, Set<string>>();
/** The table's row of what this kind of viewer may do ('update Project', ...), read once. */
function allowedFor(actor: Actor): Set<string> {
  const key = `${actor.role}${actor.subRole ? `:${actor.subRole}` : ''}${actor.adminType ? `:${actor.adminType}` : ''}`;
  let row = allowed.get(key);
  if (!row) allowed.set(key, (row = new Set((PERMISSION_TABLE[key] ?? '').split(','))));
  return row;
}

/**
 * Whether the viewer may do `action` on some `subject` by the server's own permissions (rows are the server's to judge).
 * Answered by the one ability's table (./permissionTable.ts, written from schema/ability.ts), not the ability itself:
 * the schema and CASL would be most of the opening script.
 */
export const can = (viewer: Viewer, action: Action, subject: string) =>
  allowedFor(actorOf(viewer)).has(`${action} ${subject}`);

export const isCompanySide = (v: Viewer) => v.role === 'company' || v.role === 'raasCompany';

/** Owners and admins of a company manage its team (spec: "Team: company or RaaS company with sub-role admin"): they may invite. */
export const isTeamManager = (v: Viewer) => isCompanySide(v) && can(v, 'create', 'CompanyUser');

export const isAdvocate = (v: Viewer) => v.role === 'admin' && v.subRole === 2;
