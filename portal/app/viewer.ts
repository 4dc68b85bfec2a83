/** Who is signed in, reduced to what routing and menus decide on: the role and the sub-role. */
import type { LoginUser } from '../api/auth';

export type Role = 'admin' | 'company' | 'raasCompany' | 'candidate' | 'community';

export interface Viewer {
  role: Role;
  /** Company: 0 owner, 1 admin, 2 member. Admin: 1 general, 2 advocate. */
  subRole: number | null;
}

const ROLE_BY_NUMBER: Record<number, Role> = { 1: 'admin', 2: 'company', 3: 'candidate', 4: 'raasCompany', 5: 'community' };

export function viewerOf(user: Pick<LoginUser, 'userRole' | 'subUserRole'> | undefined): Viewer | undefined {
  const role = user ? ROLE_BY_NUMBER[user.userRole] : undefined;
  return role ? { role, subRole: user?.subUserRole ?? null } : undefined;
}

export const isCompanySide = (v: Viewer) => v.role === 'company' || v.role === 'raasCompany';

/** Owners and admins of a company manage its team (spec: "Team: company or RaaS company with sub-role admin"). */
export const isTeamManager = (v: Viewer) => isCompanySide(v) && (v.subRole === 0 || v.subRole === 1);

export const isAdvocate = (v: Viewer) => v.role === 'admin' && v.subRole === 2;
