/** The base select of an entity, shared by the router, the child lists and the capabilities' own lists. */
import type { Request } from 'express';
import type { Knex } from 'knex';
import { columnOf, type Action, type EntityDef } from '../../schema';
import { abilityFor } from '../../schema/ability';
import { modelFor } from '../db/models';
import { scopeQuery } from '../permissions/sql';
import type { Row } from './serialize';

/** Base select of an entity: its columns plus computed values. */
export function selectRows(knex: Knex, entity: EntityDef) {
  const computed = Object.entries(entity.computed ?? {}).map(([name, c]) =>
    knex.raw(`${c.sql.replaceAll('{table}', `"${entity.table}"`)} as "${columnOf(name)}"`),
  );
  return modelFor(entity)
    .query(knex)
    .select(`${entity.table}.*`, ...computed);
}

/** One row, if the caller's `action` rule reaches it (in SQL). */
export async function findRow(
  knex: Knex,
  entity: EntityDef,
  req: Pick<Request, 'actor'>,
  id: number,
  action: Action = 'read',
): Promise<Row | undefined> {
  const query = selectRows(knex, entity).where(`${entity.table}.id`, id);
  scopeQuery(query, abilityFor(req.actor), action, entity.subject, entity.table);
  const found = await query.first();
  return found ? (found.toJSON() as Row) : undefined;
}
