/** Row-level permissions in SQL: CASL rules become a parameterised WHERE clause, never an in-memory filter. */
import { rulesToAST } from '@casl/ability/extra';
import type { Condition, FieldCondition } from '@ucast/core';
import { allInterpreters, createSqlInterpreter, pg } from '@ucast/sql';
import type { Knex } from 'knex';
import { columnOf, entities, type Action } from '../../schema';
import type { AppAbility } from '../../schema/ability';
import { subject as asSubject } from '@casl/ability';

/** The part of @ucast/sql's query builder an operator uses. */
interface SqlQuery {
  whereRaw(sql: string): SqlQuery;
  param(value: unknown): string;
  field(name: string): string;
}
type Operator = (condition: FieldCondition, query: SqlQuery, context: unknown) => SqlQuery;
const eqSql = (allInterpreters as unknown as Record<string, Operator>).eq;

const LIST_KINDS = new Set(['refList', 'stringList', 'enumList']);
/** Columns that hold lists, per table: equality on them means "contains", as in CASL's own matching. */
function listFieldsOf(subject: string): Set<string> {
  const e = entities.find((x) => x.subject === subject);
  return new Set(
    Object.entries(e?.fields ?? {})
      .filter(([, d]) => LIST_KINDS.has(d.kind))
      .map(([name]) => name),
  );
}
/** The list fields of the subject being interpreted (interpretation is synchronous). */
let listFields = new Set<string>();

/** `{sharedUserIds: 7}` on a list column is `7 = any(shared_user_ids)` (how a project is shared with a user). */
const eq: Operator = (condition, query, context) => {
  if (listFields.has(condition.field) && !Array.isArray(condition.value)) {
    return query.whereRaw(`${query.param(condition.value)} = any(${query.field(condition.field)})`);
  }
  return eqSql(condition, query, context);
};

const interpretSql = createSqlInterpreter({ ...allInterpreters, eq });

/** The SQL condition for `action` on `subject`, or null when any row is allowed, or false when none is. */
export function permissionSql(
  ability: AppAbility,
  action: Action,
  subject: string,
  table: string,
): [string, unknown[]] | null | false {
  const ast = rulesToAST(ability, action, subject) as (Condition & { value?: unknown }) | null;
  if (ast === null) return false;
  if (ast.operator === 'and' && Array.isArray(ast.value) && ast.value.length === 0) return null;
  listFields = listFieldsOf(subject);
  const [sql, params] = interpretSql(ast as never, {
    ...pg,
    paramPlaceholder: () => '?',
    localField: (field: string) => `"${table}"."${columnOf(field)}"`,
    joinRelation: () => false,
  });
  return [sql, params];
}

/** The fields a condition tree reads. */
function fieldsOf(node: Condition, into = new Set<string>()): Set<string> {
  const { field, value } = node as Condition & { field?: unknown; value?: unknown };
  if (typeof field === 'string') into.add(field);
  else if (Array.isArray(value)) for (const child of value as Condition[]) fieldsOf(child, into);
  return into;
}

/**
 * When the rules for `action` on `subject` read `field` alone, the values among `candidates` they
 * allow, checked by the ability itself (so a condition can be evaluated without SQL, e.g. the
 * statuses a role may search); undefined when they read other fields too.
 */
export function permissionValues(
  ability: AppAbility,
  action: Action,
  subject: string,
  field: string,
  candidates: number[],
): number[] | undefined {
  const ast = rulesToAST(ability, action, subject) as Condition | null;
  if (ast === null) return [];
  const fields = fieldsOf(ast);
  if ([...fields].some((f) => f !== field)) return undefined;
  return candidates.filter((value) => ability.can(action, asSubject(subject, { [field]: value })));
}

/** Anything with whereRaw: a Knex or an Objection query builder. */
interface Whereable {
  whereRaw(sql: string, bindings?: readonly Knex.RawBinding[]): unknown;
}

export function scopeQuery<Q extends Whereable>(
  query: Q,
  ability: AppAbility,
  action: Action,
  subject: string,
  table: string,
): Q {
  const sql = permissionSql(ability, action, subject, table);
  if (sql === false) query.whereRaw('1 = 0');
  else if (sql !== null) query.whereRaw(sql[0], sql[1] as Knex.RawBinding[]);
  return query;
}
