/** The base select of an entity, shared by the router, the child lists and the capabilities' own lists. */
import type { Knex } from 'knex';
import { columnOf, type EntityDef } from '../../schema';
import { modelFor } from '../db/models';

/** Base select of an entity: its columns plus computed values. */
export function selectRows(knex: Knex, entity: EntityDef) {
  const computed = Object.entries(entity.computed ?? {}).map(([name, c]) =>
    knex.raw(`${c.sql.replaceAll('{table}', `"${entity.table}"`)} as "${columnOf(name)}"`),
  );
  return modelFor(entity)
    .query(knex)
    .select(`${entity.table}.*`, ...computed);
}
