/**
 * What the signed-in admin may do, built in the browser from the same schema declarations the
 * server's CASL abilities come from (backend/permissions/ability.ts). The console only mirrors
 * them to hide what the server would refuse; the server still decides.
 */
import { AbilityBuilder, createMongoAbility, subject as asSubject, type MongoAbility, type MongoQuery, type Subject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import { entities, entity as entityNamed, entityByResource, type Action, type EntityDef, type RuleOptions } from '../../schema';
import { conditions, type Actor } from '../../schema/roles';

type ConsoleAbility = MongoAbility<[Action, Subject]>;

function applies(rule: RuleOptions, actor: Actor): boolean {
  if (rule.subRoles && (!actor.subRole || !rule.subRoles.includes(actor.subRole))) return false;
  if (rule.adminTypes && (!actor.adminType || !rule.adminTypes.includes(actor.adminType))) return false;
  return true;
}

const cache = new Map<string, ConsoleAbility>();

export function abilityOf(actor: Actor): ConsoleAbility {
  const key = JSON.stringify(actor);
  const hit = cache.get(key);
  if (hit) return hit;
  const { can, build } = new AbilityBuilder<ConsoleAbility>(createMongoAbility);
  for (const def of entities) {
    const perms = def.permissions[actor.role];
    for (const [action, rule] of Object.entries(perms ?? {}) as [Action, true | RuleOptions | RuleOptions[]][]) {
      for (const r of rule === true ? [{}] : Array.isArray(rule) ? rule : [rule]) {
        if (!applies(r, actor)) continue;
        const names = [r.when ?? []].flat();
        const cond = names.length ? (Object.assign({}, ...names.map((n) => conditions[n](actor))) as MongoQuery<never>) : undefined;
        if (r.fields) can(action, def.subject, r.fields, cond);
        else can(action, def.subject, cond);
      }
    }
  }
  const ability = build();
  cache.set(key, ability);
  return ability;
}

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
const ACTIONS: Record<string, Action> = { list: 'read', show: 'read', export: 'read', create: 'create', clone: 'create', edit: 'update', delete: 'delete' };

export function canAccessResource(actor: Actor, action: string, resource: string, record?: Record<string, unknown>): boolean {
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
    ? permittedFieldsOf(ability, 'update', asSubject(def.subject, asRow(def, record)), { fieldsFrom: (r) => r.fields ?? all })
    : permittedFieldsOf(ability, 'create', def.subject, { fieldsFrom: (r) => r.fields ?? all });
  return new Set(fields);
}

/** A bulk status change needs an update right on every row, not only on some (e.g. an advocate's own). */
export function canUpdateStatusOfAny(actor: Actor, def: EntityDef): boolean {
  return abilityOf(actor)
    .rulesFor('update', def.subject, 'status')
    .some((r) => !r.inverted && !r.conditions);
}
