/**
 * Who may be deleted from a team, as pure rules the server refuses by (backend/features/team/rules.ts re-exports
 * them: memberDeleteRefusal for the company-user routes, adminDeleteRefusal for the admins' deletion in admins.ts) and
 * the console reads to offer Delete only where it is accepted (admin/resources/EntityDeleteButton.tsx).
 */
import { SUB_ROLES } from '../roles';

/** Deleting a company user: never the Owner (whoever asks), never oneself (`selfId`: the asker's own row, if any). */
export function memberDeleteRefusal(
  by: { platformAdmin?: boolean; selfId?: number },
  member: { id: number; role: number },
): 'ownerUndeletable' | 'selfUndeletable' | undefined {
  if (member.role === SUB_ROLES.owner) return 'ownerUndeletable';
  if (by.selfId === member.id) return 'selfUndeletable';
  return undefined;
}

/** Deleting a platform admin: never one's own record. */
export const adminDeleteRefusal = (selfId: number | undefined, adminId: number): 'selfUndeletable' | undefined =>
  selfId !== undefined && selfId === adminId ? 'selfUndeletable' : undefined;
