/**
 * What the signed-in admin may do: the one ability (schema/ability.ts `abilityFor`, the server's
 * own) of the actor the session names (authProvider.getPermissions). The console only mirrors it
 * to hide what the server would refuse; the server still decides.
 */
import { subject as asSubject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import { entity as entityNamed, entityByResource, type Action, type EntityDef } from '../../schema';
import { abilityFor, type AppAbility } from '../../schema/ability';
import { appointsAdvocates, type Actor } from '../../schema/roles';

/** The session actor's ability. */
export const abilityOf = (actor: Actor): AppAbility => abilityFor(actor);

function plainId(prefix: string | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const raw = prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  return /^\d+$/.test(raw) ? Number(raw) : value;
}

/** An API record in the shape the rules' conditions are written for: plain numeric ids. */
function asRow(def: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...record, id: plainId(def.idPrefix, record.id) };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'ref' && field.ref) row[name] = plainId(entityNamed(field.ref).idPrefix, record[name]);
  }
  return row;
}

/** react-admin's actions in the schema's vocabulary; anything else is refused. */
const ACTIONS: Record<string, Action> = {
  list: 'read',
  show: 'read',
  export: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

export function canAccessResource(
  actor: Actor,
  action: string,
  resource: string,
  record?: Record<string, unknown>,
): boolean {
  const def = entityByResource(resource);
  const act = ACTIONS[action];
  if (!def || !act) return false;
  const ability = abilityOf(actor);
  return record ? ability.can(act, asSubject(def.subject, asRow(def, record))) : ability.can(act, def.subject);
}

/** Fields the actor may write when creating (no record) or updating `record`. */
export function writableFields(actor: Actor, def: EntityDef, record?: Record<string, unknown>): Set<string> {
  const ability = abilityOf(actor);
  const all = Object.keys(def.fields);
  const fields = record
    ? permittedFieldsOf(ability, 'update', asSubject(def.subject, asRow(def, record)), {
        fieldsFrom: (r) => r.fields ?? all,
      })
    : permittedFieldsOf(ability, 'create', def.subject, { fieldsFrom: (r) => r.fields ?? all });
  const writable = new Set(fields);
  // Naming a project's talent advocate is a General admin's act (appointsAdvocates, the rule the project writes
  // refuse by: 403 project.errors.advocateByGeneral): an advocate admin sees the field locked.
  if (def.subject === 'Project' && !appointsAdvocates(actor)) writable.delete('advocateId');
  return writable;
}

/** A bulk status change needs an update right on every row, not only on some (e.g. an advocate's own). */
export function canUpdateStatusOfAny(actor: Actor, def: EntityDef): boolean {
  return abilityOf(actor)
    .rulesFor('update', def.subject, 'status')
    .some((r) => !r.inverted && !r.conditions);
}
