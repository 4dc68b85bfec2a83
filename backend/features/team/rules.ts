/**
 * The team's rules, as pure functions every way a change arrives calls (the team endpoints, the
 * generic /company-users and /admins routes, their bulk status changes): who may change whose
 * status or role, and who may be deleted. Each answers the reason of a refusal, or undefined.
 */
import { companyUser } from '../../../schema/entities/companyUser';
import { admin } from '../../../schema/entities/admin';
import { choiceId } from '../../../schema';
import { ADMIN_TYPES, MANAGING_SUB_ROLES, SUB_ROLES } from '../../../schema/roles';

export const MEMBER_STATUS = {
  pending: choiceId(companyUser.fields.status, 'pending'),
  active: choiceId(companyUser.fields.status, 'active'),
  inactive: choiceId(companyUser.fields.status, 'inactive'),
};
export const ADMIN_STATUS = {
  active: choiceId(admin.fields.status, 'active'),
  inactive: choiceId(admin.fields.status, 'inactive'),
};
export const OWNER = SUB_ROLES.owner;
export const GENERAL = ADMIN_TYPES.general;

/** Why a change is refused: the message key's last part ('users.errors.owner', 'status.errors.self'). */
export type Refusal =
  | 'owner'
  | 'ownerDetails'
  | 'notAllowed'
  | 'self'
  | 'pendingInvitation'
  | 'invalid'
  | 'lastGeneralAdmin'
  | 'ownerPending';

export interface Member {
  id: number;
  role: number;
  status: number;
}

/** Who changes: a platform admin, or a company user (their own row id). */
export interface Changer {
  platformAdmin: boolean;
  /** The company user's own id; undefined for platform admins. */
  selfId?: number;
}

/**
 * A change of a company user's status or role. Only platform admins touch the Owner or make one;
 * nobody changes their own status or role; a pending invitee becomes active by accepting the
 * invitation, never by a status change, and nobody goes back to pending.
 */
export function memberChangeRefusal(
  by: Changer,
  member: Member,
  change: { status?: number; role?: number },
): Refusal | undefined {
  const status = change.status !== undefined && change.status !== member.status;
  const role = change.role !== undefined && change.role !== member.role;
  if (!status && !role) return undefined;
  if (!by.platformAdmin && member.role === OWNER) return 'owner';
  if (!by.platformAdmin && role && change.role === OWNER) return 'notAllowed';
  if (by.selfId === member.id) return 'self';
  if (member.status === MEMBER_STATUS.pending) return 'pendingInvitation';
  if (status && change.status === MEMBER_STATUS.pending) return 'invalid';
  return undefined;
}

/**
 * A company user as a platform admin creates them (the console): an Owner is active from the start. Someone pending
 * becomes active only by accepting an invitation, which is made for Admins and Members alone, and nobody changes,
 * demotes or deletes a pending Owner (memberChangeRefusal, memberDeleteRefusal): one would stay pending for good.
 */
export function memberCreateRefusal(member: { role?: unknown; status?: unknown }): 'ownerPending' | undefined {
  return member.role === OWNER && member.status === MEMBER_STATUS.pending ? 'ownerPending' : undefined;
}

/**
 * Whether a company user still runs their company's team as a change of it is carried out: the
 * request was let in on their standing when it arrived, and a colleague may have changed it since.
 * 'signedOut' when they are no longer active (their sessions ended with it), 'notManager' when they
 * are no longer its Owner or an Admin: the answers the same request would get arriving afterwards.
 */
export function managerStandingRefusal(self: Member | undefined): 'signedOut' | 'notManager' | undefined {
  if (!self || self.status !== MEMBER_STATUS.active) return 'signedOut';
  return MANAGING_SUB_ROLES.includes(self.role) ? undefined : 'notManager';
}

/**
 * Any other change of the Owner's row (name, phone, job title): the Owner's own, or a platform admin's. A company
 * Admin manages the team, not the person who answers for the company.
 */
export function ownerDetailsRefusal(by: Changer, member: Member): Refusal | undefined {
  return member.role === OWNER && !by.platformAdmin && by.selfId !== member.id ? 'ownerDetails' : undefined;
}

/** Deleting a company user: never the Owner (whoever asks), never oneself; the console offers Delete by the same rule. */
export { adminDeleteRefusal, memberDeleteRefusal } from '../../../schema/rules/team';

/** A change of a platform admin by an admin: nobody deactivates themself. */
export function adminChangeRefusal(
  selfId: number | undefined,
  target: { id: number; status: number },
  change: { status?: number },
): Refusal | undefined {
  if (
    change.status !== undefined &&
    change.status !== target.status &&
    change.status !== ADMIN_STATUS.active &&
    target.id === selfId
  )
    return 'self';
  return undefined;
}

/** What must hold after any change of admins: someone can still manage the platform. */
export function adminsRefusal(activeGeneralAdmins: number): Refusal | undefined {
  return activeGeneralAdmins > 0 ? undefined : 'lastGeneralAdmin';
}
