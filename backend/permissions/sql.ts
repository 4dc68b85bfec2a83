/** Row-level permissions in SQL: CASL rules become a parameterised WHERE clause, never an in-memory filter. */
import { rulesToAST } from '@casl/ability/extra';
import type { Condition } from '@ucast/core';
import { allInterpreters, createSqlInterpreter, pg } from '@ucast/sql';
import type { Knex } from 'knex';
import { columnOf, type Action } from '../../schema';
import type { AppAbility } from '../../schema/ability';

const interpretSql = createSqlInterpreter(allInterpreters);

/** The SQL condition for `action` on `subject`, or null when any row is allowed, or false when none is. */
export function permissionSql(ability: AppAbility, action: Action, subject: string, table: string): [string, unknown[]] | null | false {
  const ast = rulesToAST(ability, action, subject) as (Condition & { value?: unknown }) | null;
  if (ast === null) return false;
  if (ast.operator === 'and' && Array.isArray(ast.value) && ast.value.length === 0) return null;
  const [sql, params] = interpretSql(ast as never, {
    ...pg,
    paramPlaceholder: () => '?',
    localField: (field: string) => `"${table}"."${columnOf(field)}"`,
    joinRelation: () => false,
  });
  return [sql, params];
}

/** Anything with whereRaw: a Knex or an Objection query builder. */
interface Whereable {
  whereRaw(sql: string, bindings?: readonly Knex.RawBinding[]): unknown;
}

export function scopeQuery<Q extends Whereable>(query: Q, ability: AppAbility, action: Action, subject: string, table: string): Q {
  const sql = permissionSql(ability, action, subject, table);
  if (sql === false) query.whereRaw('1 = 0');
  else if (sql !== null) query.whereRaw(sql[0], sql[1] as Knex.RawBinding[]);
  return query;
}
