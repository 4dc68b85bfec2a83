/**
 * CASL abilities built from the permissions every entity declares. Deny unless listed:
 * a role gets exactly the rules of its key, narrowed by sub-role, admin type and named conditions.
 */
import { AbilityBuilder, createMongoAbility, type MongoAbility, type MongoQuery, type Subject } from '@casl/ability';
import { entities, type Action, type RuleOptions } from './index';
import { conditions, type Actor } from './roles';

export type AppAbility = MongoAbility<[Action, Subject]>;

function applies(rule: RuleOptions, actor: Actor): boolean {
  if (rule.subRoles && (!actor.subRole || !rule.subRoles.includes(actor.subRole))) return false;
  if (rule.adminTypes && (!actor.adminType || !rule.adminTypes.includes(actor.adminType))) return false;
  return true;
}

export function conditionsOf(rule: RuleOptions, actor: Actor): Record<string, unknown> | undefined {
  const names = [rule.when ?? []].flat();
  if (names.length === 0) return undefined;
  return Object.assign({}, ...names.map((n) => conditions[n](actor)));
}

const cache = new Map<string, AppAbility>();

export function abilityFor(actor: Actor): AppAbility {
  const key = JSON.stringify(actor);
  const hit = cache.get(key);
  if (hit) return hit;
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const entity of entities) {
    const perms = entity.permissions[actor.role];
    if (!perms) continue;
    for (const [action, rule] of Object.entries(perms) as [Action, true | RuleOptions | RuleOptions[]][]) {
      const list = rule === true ? [{}] : Array.isArray(rule) ? rule : [rule];
      for (const r of list) {
        if (!applies(r, actor)) continue;
        const cond = conditionsOf(r, actor) as MongoQuery<never> | undefined;
        if (r.fields) can(action, entity.subject, r.fields, cond);
        else can(action, entity.subject, cond);
      }
    }
  }
  const ability = build();
  if (cache.size > 5000) cache.clear();
  cache.set(key, ability);
  return ability;
}

/** Fields this actor may write with `action` on `subject`, or undefined when every field is allowed. */
export function writableFields(
  ability: AppAbility,
  action: Action,
  subject: string,
  allFields: string[],
): Set<string> | undefined {
  const rules = ability.rulesFor(action, subject);
  if (rules.some((r) => !r.fields)) return undefined;
  return new Set(allFields.filter((f) => rules.some((r) => ([r.fields].flat() as string[]).includes(f))));
}
