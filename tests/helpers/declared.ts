/**
 * What an entity's `permissions` declaration grants, read straight from the declaration:
 * the expected side of the permission tests, written without the backend's CASL code.
 */
import type { Knex } from 'knex';
import { columnOf, type EntityDef, type RuleOptions } from '../../schema';
import { conditions, type Actor } from '../../schema/roles';

export type CrudAction = 'read' | 'create' | 'update' | 'delete';

/** The rules of `entity` that give `actor` the action: the action itself or `manage`, narrowed by sub-role and admin type. */
export function declaredRules(entity: EntityDef, actor: Actor, action: CrudAction): RuleOptions[] {
  const perms = entity.permissions[actor.role] ?? {};
  const rules = [perms[action], perms.manage].flatMap((r) =>
    r === undefined ? [] : r === true ? [{}] : Array.isArray(r) ? r : [r],
  );
  return rules.filter(
    (r) =>
      (!r.subRoles || (actor.subRole && r.subRoles.includes(actor.subRole))) &&
      (!r.adminTypes || (actor.adminType && r.adminTypes.includes(actor.adminType))),
  );
}

export const isAllowed = (entity: EntityDef, actor: Actor, action: CrudAction) =>
  declaredRules(entity, actor, action).length > 0;

/** The field values a row must have for the rule to cover it (the named conditions, merged); empty for any row. */
export function ruleConditions(rule: RuleOptions, actor: Actor): Record<string, unknown> {
  return Object.assign({}, ...[rule.when ?? []].flat().map((name) => conditions[name](actor)));
}

/** The rule a test exercises: one without conditions when there is one, else the first. */
export function mainRule(entity: EntityDef, actor: Actor, action: CrudAction): RuleOptions | undefined {
  const rules = declaredRules(entity, actor, action);
  return rules.find((r) => !r.when) ?? rules[0];
}

/** Limits a query on the entity's table to the rows any of the actor's rules for `action` covers. */
const LIST_KINDS = new Set(['refList', 'stringList', 'enumList']);

export function whereDeclared(
  query: Knex.QueryBuilder,
  entity: EntityDef,
  actor: Actor,
  action: CrudAction,
): Knex.QueryBuilder {
  const rules = declaredRules(entity, actor, action);
  if (rules.length === 0) return query.whereRaw('false');
  if (rules.some((r) => !r.when)) return query;
  return query.where((w) => {
    for (const rule of rules) {
      w.orWhere((one) => {
        for (const [field, value] of Object.entries(ruleConditions(rule, actor))) {
          const column = `${entity.table}.${columnOf(field)}`;
          // A value against a list field means "the list holds it" (a project shared with a user).
          if (LIST_KINDS.has(entity.fields[field]?.kind) && !Array.isArray(value))
            one.whereRaw('? = any(??)', [value as Knex.Value, column]);
          else one.where(column, value as Knex.Value);
        }
      });
    }
  });
}

/** The fields the actor's rules for `action` cover (every field when a rule names none). */
export function declaredFields(entity: EntityDef, actor: Actor, action: CrudAction): string[] {
  const rules = declaredRules(entity, actor, action);
  if (rules.some((r) => !r.fields)) return Object.keys(entity.fields);
  return [...new Set(rules.flatMap((r) => r.fields ?? []))];
}

/** The entries of `record` whose field is in `fields`. */
export const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => fields.includes(k)));
