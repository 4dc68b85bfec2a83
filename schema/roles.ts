/**
 * Roles of the product and the named conditions permissions refer to.
 * Numbers are the spec's: Admin 1, Company 2, Candidate 3, RaasCompany 4, CommunityUser 5, 0 logged out.
 */
import type { AdminType, RoleKey, SubRole } from './lib/types';

export const USER_ROLES = { guest: 0, admin: 1, company: 2, candidate: 3, raasCompany: 4, community: 5 } as const;
export const SUB_ROLES: Record<SubRole, number> = { owner: 0, admin: 1, member: 2 };
export const ADMIN_TYPES: Record<AdminType, number> = { general: 1, advocate: 2 };
/** A company's kind (companies.company_type): a RaaS company's users act as the raasCompany role. */
export const COMPANY_TYPES = { normal: 2, raas: 4 } as const;
/** The sub-roles that run a company's account: they see and change every project of their company. */
export const MANAGING_SUB_ROLES: readonly number[] = [SUB_ROLES.owner, SUB_ROLES.admin];

/** The role a company's users sign in as, by the company's type. */
export const roleOfCompanyType = (companyType: number | null | undefined): 'raasCompany' | 'company' =>
  companyType === COMPANY_TYPES.raas ? 'raasCompany' : 'company';

/** Who is asking: built from the session on every request. */
export interface Actor {
  role: RoleKey;
  /** Row id in the table of the actor's kind (admins, company_users, candidates). */
  id?: number;
  subRole?: SubRole;
  adminType?: AdminType;
  companyId?: number;
}

export const GUEST: Actor = { role: 'guest' };

type Condition = (actor: Actor) => Record<string, unknown>;

/** Named, reusable row conditions, written in entity field names. */
export const conditions: Record<string, Condition> = {
  /** Rows that belong to the actor's company. */
  ownCompany: (a) => ({ companyId: a.companyId ?? -1 }),
  /** The actor's company itself. */
  ownCompanyRecord: (a) => ({ id: a.companyId ?? -1 }),
  /** The actor's own row. */
  self: (a) => ({ id: a.id ?? -1 }),
  /** Rows that belong to the signed-in candidate (their experience, education...). */
  ownCandidate: (a) => ({ candidateId: a.role === 'candidate' ? (a.id ?? -1) : -1 }),
  /** Candidates whose first name is known (RaaS companies may then download the blind CV). */
  hasFirstName: () => ({ firstName: { $nin: [null, ''] } }),
  /** Projects the actor owns. */
  ownProject: (a) => ({ ownerId: a.id ?? -1 }),
  /** Projects shared with the actor (their id is in the project's shared users). */
  sharedWithMe: (a) => ({ sharedUserIds: a.id ?? -1 }),
  /** Projects shared with the whole company. */
  sharedWithCompany: () => ({ sharedWithCompany: true }),
  /** Notes the company may read (visibility 2: admins and the company). */
  noteForCompany: () => ({ visibility: 2 }),
  /** Notes the actor wrote. */
  ownNote: (a) => ({ authorUserId: a.id ?? -1 }),
  /** Notifications (and their preferences) addressed to the actor: admins and company users each by their own table's id. */
  ownNotification: (a) => ({ recipientKind: a.role === 'admin' ? 1 : 2, recipientId: a.id ?? -1 }),
  /** Only active rows. */
  isActive: () => ({ status: 1 }),
  /**
   * Candidates a company may see (spec section 4): active (status 1) and visible. Admins see
   * every status in the console, where they curate pending and semi-active profiles.
   */
  visibleToCompanies: () => ({ status: 1, visibility: true }),
};

export function subRoleFromNumber(n: number | null | undefined): SubRole {
  return (Object.entries(SUB_ROLES).find(([, v]) => v === n)?.[0] as SubRole) ?? 'member';
}

export function adminTypeFromNumber(n: number | null | undefined): AdminType {
  return n === ADMIN_TYPES.advocate ? 'advocate' : 'general';
}

/**
 * Who the actor is as the logs and authored rows record them: the kind the `actor_kind` columns
 * store (admin 1, company user 2, candidate 3) and the row id in each table's own column, so
 * handlers write authors without testing roles.
 */
export const ACTOR_KINDS = { admin: 1, companyUser: 2, candidate: 3 } as const;

export interface ActorRefs {
  /** ACTOR_KINDS value, or undefined for guests and community users. */
  kind: (typeof ACTOR_KINDS)[keyof typeof ACTOR_KINDS] | undefined;
  /** The table the actor's row lives in. */
  table: 'admins' | 'company_users' | 'candidates' | undefined;
  adminId: number | null;
  userId: number | null;
  candidateId: number | null;
}

export function actorRefs(actor: Actor): ActorRefs {
  const id = actor.id ?? null;
  switch (actor.role) {
    case 'admin':
      return { kind: ACTOR_KINDS.admin, table: 'admins', adminId: id, userId: null, candidateId: null };
    case 'company':
    case 'raasCompany':
      return { kind: ACTOR_KINDS.companyUser, table: 'company_users', adminId: null, userId: id, candidateId: null };
    case 'candidate':
      return { kind: ACTOR_KINDS.candidate, table: 'candidates', adminId: null, userId: null, candidateId: id };
    default:
      return { kind: undefined, table: undefined, adminId: null, userId: null, candidateId: null };
  }
}

/** Whether the actor may name a project's talent advocate: a General admin's act (an advocate would appoint themself). */
export const appointsAdvocates = (actor: Actor): boolean => actor.adminType === 'general';

/** Which of the three readers a page is for: platform admins, RaaS companies' people, other companies' people. */
export function readerKind(actor: Actor): 'admin' | 'raasCompany' | 'company' {
  if (actor.role === 'admin') return 'admin';
  return actor.role === 'raasCompany' ? 'raasCompany' : 'company';
}

/** The actor's role as the spec numbers it (USER_ROLES), as rows recording who wrote them keep it. */
export const roleNumber = (actor: Actor): number => USER_ROLES[actor.role];

/** A key naming the actor, for per-person rate limits. */
export const actorKey = (actor: Actor): string => `${actor.role}:${actor.id ?? 0}`;
