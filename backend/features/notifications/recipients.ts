/**
 * Who may receive a notification about a subject: the people whose ability (the declared rules of
 * schema/) lets them read it. A project's company users are those of its company who may read the
 * project (a Member only the projects they own or that were shared); admins are the active ones.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { abilityFor } from '../../../schema/ability';
import { RECIPIENT_KIND } from '../../../schema/entities/live/notification';
import {
  ACTOR_KINDS,
  actorRefs,
  adminTypeFromNumber,
  roleOfCompanyType,
  subRoleFromNumber,
  type Actor,
} from '../../../schema/roles';

export interface Recipient {
  kind: (typeof RECIPIENT_KIND)[keyof typeof RECIPIENT_KIND];
  id: number;
  email: string;
  actor: Actor;
}

/** The recipient of a signed-in person (the inbox's own reader). */
export function recipientOf(actor: Actor): { kind: Recipient['kind']; id: number } {
  return {
    kind: actorRefs(actor).kind === ACTOR_KINDS.admin ? RECIPIENT_KIND.admin : RECIPIENT_KIND.companyUser,
    id: actor.id ?? -1,
  };
}

/** Active admins, all of them or those named. */
export async function adminRecipients(knex: Knex | Knex.Transaction, ids?: number[]): Promise<Recipient[]> {
  const q = knex('admins').where('status', 1).select('id', 'email', 'role');
  if (ids) q.whereIn('id', ids);
  const rows = (await q) as { id: number; email: string; role: number }[];
  return rows.map((r) => ({
    kind: RECIPIENT_KIND.admin,
    id: r.id,
    email: r.email,
    actor: { role: 'admin', id: r.id, adminType: adminTypeFromNumber(r.role) },
  }));
}

/** Active company users of an active company, all of a company or those named. */
export async function companyRecipients(
  knex: Knex | Knex.Transaction,
  where: { companyId?: number; ids?: number[] },
): Promise<Recipient[]> {
  const q = knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where({ 'u.status': 1, 'c.status': 1 })
    .select('u.id', 'u.email', 'u.role', 'u.company_id', 'c.company_type');
  if (where.companyId !== undefined) q.where('u.company_id', where.companyId);
  if (where.ids) q.whereIn('u.id', where.ids);
  const rows = (await q) as { id: number; email: string; role: number; company_id: number; company_type: number }[];
  return rows.map((r) => ({
    kind: RECIPIENT_KIND.companyUser,
    id: r.id,
    email: r.email,
    actor: {
      role: roleOfCompanyType(r.company_type),
      id: r.id,
      subRole: subRoleFromNumber(r.role),
      companyId: r.company_id,
    },
  }));
}

export interface ProjectFacts {
  id: number;
  title: string;
  companyId: number | null;
  ownerId: number | null;
  advocateId: number | null;
  sharedUserIds: number[];
  sharedWithCompany: boolean;
  companyName: string | null;
}

export async function projectFacts(
  knex: Knex | Knex.Transaction,
  projectId: number,
): Promise<ProjectFacts | undefined> {
  const row = await knex('projects as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .where('p.id', projectId)
    .first(
      'p.id',
      'p.title',
      'p.company_id as companyId',
      'p.owner_id as ownerId',
      'p.advocate_id as advocateId',
      'p.shared_user_ids as sharedUserIds',
      'p.shared_with_company as sharedWithCompany',
      'c.company_name as companyName',
    );
  return row ? { ...row, sharedUserIds: row.sharedUserIds ?? [] } : undefined;
}

/** The project's company users who may open it. */
export async function projectReaders(knex: Knex | Knex.Transaction, project: ProjectFacts): Promise<Recipient[]> {
  if (project.companyId === null) return [];
  const people = await companyRecipients(knex, { companyId: project.companyId });
  const asProject = asSubject('Project', { ...project });
  return people.filter((p) => abilityFor(p.actor).can('read', asProject));
}

/** The project's talent advocate, else every admin. */
export async function projectAdmins(knex: Knex | Knex.Transaction, project: ProjectFacts): Promise<Recipient[]> {
  if (project.advocateId !== null) {
    const advocate = await adminRecipients(knex, [project.advocateId]);
    if (advocate.length) return advocate;
  }
  return adminRecipients(knex);
}
