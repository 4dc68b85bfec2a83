/**
 * A company user's access to a project, and the inbox reload owed to those whose access ends, however it ends: a
 * share removed (sharing.ts), the project handed to another owner (projectWrites.ts) or a role lowered
 * (team/companyUsers.ts). Their threads of the project are then left out of their list and count
 * (notifications/readable.ts), and no event of the project reaches them any more. A role lowered away from a kind of
 * notification (an Admin made a Member no longer reads failed syncs: `kindsWithheld`) owes the same reload, and so
 * does a role raised again (a Member made an Admin): the threads and kinds it gives back come into their open inbox.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { choiceId, entity } from '../../../schema';
import { companyUser } from '../../../schema/entities/companyUser';
import { abilityFor } from '../../../schema/ability';
import { kindsWithheld, RECIPIENT_KIND } from '../../../schema/entities/live/notification';
import { ACCESS } from '../../../schema/rules/pipeline';
import { roleOfCompanyType, subRoleFromNumber } from '../../../schema/roles';
import type { Row } from '../../crud/serialize';
import { modelFor } from '../../db/models';
import { raiseLive } from '../live';

const projectEntity = entity('project');
const Projects = modelFor(projectEntity);

/** company_users.status of a deactivated user. */
const INACTIVE = choiceId(companyUser.fields.status, 'inactive');

/** Who a company user is, as far as a project's access goes. */
export interface AccessHolder {
  id: number;
  role: number;
}

/**
 * A company user's access to the project as the project's declared permissions give it
 * (schema/entities/project.ts): full when they may work on it (their company role, ownership or a
 * share), none otherwise.
 */
export function accessOf(project: Row, user: AccessHolder): number {
  const member = abilityFor({
    role: 'company',
    id: user.id,
    subRole: subRoleFromNumber(user.role),
    companyId: (project.companyId as number | null) ?? undefined,
  });
  return member.can('update', asSubject(projectEntity.subject, { ...project })) ? ACCESS.full : ACCESS.none;
}

/**
 * Tells company users who lost access to a project to reload their inbox, inside the changing transaction. One
 * 'changed' event per user on their newest thread, whose audience is that thread's recipient; a user with no thread
 * has nothing to reload.
 */
export async function reloadInboxes(trx: Knex.Transaction, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const rows = (await trx('notifications')
    .distinctOn('recipient_id')
    .where('recipient_kind', RECIPIENT_KIND.companyUser)
    .whereIn('recipient_id', userIds)
    .orderBy([{ column: 'recipient_id' }, { column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select('id')) as { id: number }[];
  await raiseLive(
    trx,
    'notification',
    rows.map((r) => r.id),
    'changed',
  );
}

/** The company's users (not deactivated) who could work on the project before a change and cannot after it. */
export async function reloadLosingProject(trx: Knex.Transaction, before: Row, after: Row): Promise<void> {
  if (!before.companyId) return;
  const users = (await trx('company_users')
    .where('company_id', before.companyId)
    .whereNot('status', INACTIVE)
    .select('id', 'role')) as AccessHolder[];
  await reloadInboxes(
    trx,
    users.filter((u) => accessOf(before, u) === ACCESS.full && accessOf(after, u) === ACCESS.none).map((u) => u.id),
  );
}

type RoleChange = { id: number; companyId: number; before: number; after: number };

/** Whether the change withholds a kind of notification the user read before, or gives one back (notifications/readable.ts). */
function changesKinds(c: RoleChange, companyType: number | undefined): boolean {
  const withheld = (role: number) =>
    kindsWithheld(
      RECIPIENT_KIND.companyUser,
      abilityFor({
        role: roleOfCompanyType(companyType),
        id: c.id,
        subRole: subRoleFromNumber(role),
        companyId: c.companyId,
      }),
    );
  const before = withheld(c.before);
  const after = withheld(c.after);
  return after.some((kind) => !before.includes(kind)) || before.some((kind) => !after.includes(kind));
}

/**
 * Company users whose new role leaves them out of a project of their company they could work on before, or out of a
 * kind of notification they read before, or lets them into one again (a role raised back): their inbox changes.
 */
export async function reloadChangingRole(trx: Knex.Transaction, changes: RoleChange[]): Promise<void> {
  const changed = changes.filter((c) => c.before !== c.after);
  const changing: number[] = [];
  for (const companyId of new Set(changed.map((c) => c.companyId))) {
    const projects = (await Projects.query(trx).where('company_id', companyId)) as unknown as Row[];
    const company = (await trx('companies').where('id', companyId).first('company_type')) as
      { company_type: number } | undefined;
    for (const c of changed.filter((l) => l.companyId === companyId)) {
      const moved = projects.some(
        (p) => accessOf(p, { id: c.id, role: c.before }) !== accessOf(p, { id: c.id, role: c.after }),
      );
      if (moved || changesKinds(c, company?.company_type)) changing.push(c.id);
    }
  }
  await reloadInboxes(trx, changing);
}
