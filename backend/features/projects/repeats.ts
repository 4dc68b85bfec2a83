/**
 * A new project asked for twice is made once. The portal's new-project dialog gives each opening a key (`clientId`, a
 * UUID kept in its form draft, so a reload sends the same one) and sends it with every try of its create: a double
 * click, a resend after a lost answer, a second tab on the same draft. The key is stored on the project, unique per
 * company. A create whose key its company already has answers that project (201, the same project), however its fields
 * differ, charging and curating nothing more; one running beside it waits on the key's lock and then finds it, so
 * concurrent repeats never make a second project, nor meet the credits' busy refusal. A create without a key (API
 * clients, the console) is not deduplicated: each makes a project, as before. A key whose project was deleted is free.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';

/** Whose projects a key is looked up among: the company the project is for, or an admin's own internal projects. */
function scopeOf(actor: Actor, data: Record<string, unknown>) {
  if (actor.companyId !== undefined) return { companyId: actor.companyId, adminId: null };
  if (data.isAdminProject) return { companyId: null, adminId: actor.id ?? -1 };
  return { companyId: typeof data.companyId === 'number' ? data.companyId : -1, adminId: null };
}

/**
 * The project already made under `clientId` for where `data` would make one, if any. Takes the key's lock for the
 * rest of the caller's transaction first: a repeat running beside its first try waits for it and then finds its project.
 */
export async function repeatedProject(
  trx: Knex.Transaction,
  actor: Actor,
  data: Record<string, unknown>,
  clientId: string,
): Promise<number | undefined> {
  const { companyId, adminId } = scopeOf(actor, data);
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [
    `project-create:${companyId ?? `admin-${adminId}`}:${clientId}`,
  ]);
  const q = trx('projects').where('client_id', clientId);
  if (companyId !== null) q.where('company_id', companyId);
  else q.whereNull('company_id').where('owner_admin_id', adminId);
  const row = (await q.first('id')) as { id: number } | undefined;
  return row?.id;
}
