/**
 * The people who sign in: admins, company users and candidates, found by email, and the
 * rule of which states may sign in (spec section 4: active; candidates also semi-active).
 */
import type { Knex } from 'knex';
import { USER_ROLES, adminTypeFromNumber, subRoleFromNumber, type Actor } from '../../schema/roles';
import { AppError } from '../errors';

export type AccountKind = 'admin' | 'companyUser' | 'candidate';
export const SESSION_KIND: Record<AccountKind, number> = { admin: 1, companyUser: 2, candidate: 3 };

export interface Account {
  kind: AccountKind;
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: number;
  role?: number;
  profilePic?: string | null;
  companyId?: number;
  companyType?: number;
  companyStatus?: number;
  companyName?: string;
  companyLogo?: string | null;
}

export async function findAccountByEmail(knex: Knex, email: string): Promise<Account | undefined> {
  return (await findAccount(knex, { email })) ?? undefined;
}

export async function findAccount(knex: Knex, key: { email: string } | { kind: AccountKind; id: number }): Promise<Account | undefined> {
  const kinds: AccountKind[] = 'kind' in key ? [key.kind] : ['admin', 'companyUser', 'candidate'];
  const where = (table: string) => ('email' in key ? { [`${table}.email`]: key.email.toLowerCase() } : { [`${table}.id`]: key.id });
  for (const kind of kinds) {
    if (kind === 'admin') {
      const row = await knex('admins').where(where('admins')).first('id', 'email', 'first_name', 'last_name', 'status', 'role', 'profile_pic');
      if (row) return { kind, id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, status: row.status, role: row.role, profilePic: row.profile_pic };
    } else if (kind === 'companyUser') {
      const row = await knex('company_users as u')
        .join('companies as c', 'c.id', 'u.company_id')
        .where(where('u'))
        .first('u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.status', 'u.role', 'u.profile_pic', 'u.company_id', 'c.company_type', 'c.status as company_status', 'c.company_name', 'c.company_logo');
      if (row)
        return {
          kind, id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, status: row.status, role: row.role, profilePic: row.profile_pic,
          companyId: row.company_id, companyType: row.company_type, companyStatus: row.company_status, companyName: row.company_name, companyLogo: row.company_logo,
        };
    } else {
      const row = await knex('candidates').where(where('candidates')).first('id', 'email', 'first_name', 'last_name', 'status');
      if (row) return { kind, id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, status: row.status };
    }
  }
  return undefined;
}

export function actorOf(account: Account): Actor {
  switch (account.kind) {
    case 'admin':
      return { role: 'admin', id: account.id, adminType: adminTypeFromNumber(account.role) };
    case 'companyUser':
      return {
        role: account.companyType === 4 ? 'raasCompany' : 'company',
        id: account.id,
        subRole: subRoleFromNumber(account.role),
        companyId: account.companyId,
      };
    case 'candidate':
      return { role: 'candidate', id: account.id };
  }
}

/** Throws the spec's refusal for an account that may not sign in now. */
export function assertMaySignIn(account: Account): void {
  if (account.kind === 'candidate') {
    if (account.status === 1 || account.status === 3) return;
    if (account.status === 4) throw new AppError(403, 'user.pendingActivation');
    if (account.status === 0) throw new AppError(403, 'user.pending');
    throw new AppError(403, 'user.notActivate');
  }
  if (account.kind === 'companyUser') {
    if (account.companyStatus === 0) throw new AppError(403, 'company.pending');
    if (account.companyStatus !== 1) throw new AppError(403, 'company.notActivate');
    if (account.status === 0) throw new AppError(403, 'user.pending');
  }
  if (account.status !== 1) throw new AppError(403, 'user.notActivate');
}

/** Modules each role may open ('*' = all). RaaS companies have modules 2 to 7. */
export function authorizedModules(actor: Actor): (number | string)[] {
  switch (actor.role) {
    case 'admin':
      return ['*'];
    case 'raasCompany':
      return [2, 3, 4, 5, 6, 7];
    case 'company':
      return [1, 2, 3, 5, 6, 7];
    case 'candidate':
      return [8];
    default:
      return [];
  }
}

/** The user object of the login and session-check responses (spec section 7). */
export function userPayload(account: Account) {
  const actor = actorOf(account);
  return {
    _id: account.kind === 'admin' ? `Admin:${account.id}` : account.kind === 'companyUser' ? `User:${account.id}` : `Candidate:${account.id}`,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    userRole: USER_ROLES[actor.role],
    subUserRole: account.kind === 'companyUser' ? account.role : account.kind === 'admin' ? account.role : null,
    flowStep: null,
    companyName: account.companyName ?? null,
    company: account.kind === 'companyUser' ? { id: `Company:${account.companyId}`, logo: account.companyLogo ?? null, companyType: account.companyType } : null,
    profilePic: account.profilePic ?? null,
    adminId: account.kind === 'admin' ? `Admin:${account.id}` : null,
    isWatchedInfoVideo: false,
    lastScheduleData: null,
  };
}
