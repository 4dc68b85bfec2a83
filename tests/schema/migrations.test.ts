/**
 * The schema, its snapshot and the committed migrations agree: the snapshot is the shape the
 * entity declarations imply, and a fresh database built by the migrations alone has exactly
 * that shape (tables, columns, types, nullability, defaults, foreign keys and indexes).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../backend/config';
import { ensureDatabase } from '../../backend/db/database';
import { createKnex } from '../../backend/db/knex';
import { migrate } from '../../backend/db/migrate';
import { databaseShape, type ColumnShape, type DatabaseShape, type IndexShape } from '../../backend/db/shape';

const HOW_TO_FIX =
  'The schema changed without a migration: run `npm run db:migration:generate -- <verb_object>`, review the file and commit it with schema/snapshot.json.';

const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};
const ARRAY_OF: Record<string, string> = {
  _text: 'text[]',
  _int4: 'integer[]',
  _int2: 'smallint[]',
  _varchar: 'varchar[]',
};

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

function typeOf(c: ColumnRow): string {
  if (c.column_default?.startsWith('nextval(')) return c.data_type === 'bigint' ? 'bigserial' : 'serial';
  if (c.data_type === 'character varying') return `varchar(${c.character_maximum_length})`;
  if (c.data_type === 'timestamp with time zone') return 'timestamptz';
  if (c.data_type === 'numeric') return `numeric(${c.numeric_precision},${c.numeric_scale})`;
  if (c.data_type === 'ARRAY') return ARRAY_OF[c.udt_name] ?? c.udt_name;
  return c.data_type;
}

/** PostgreSQL spells a varchar default 'x'::character varying where the shape says 'x'. */
const normaliseDefault = (d: string | null) => (d === null ? null : d.replace(/::(character varying|text)$/, ''));

/** The shape of the public schema of a live database, read from information_schema and the catalogues. */
async function introspect(knex: Knex): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const tables = await knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .whereNotIn('table_name', ['knex_migrations', 'knex_migrations_lock'])
    // A partitioned table's monthly partitions are its storage, not tables of the schema.
    .whereNotIn('table_name', knex('pg_class').where('relispartition', true).select('relname'))
    .pluck('table_name');
  for (const table of tables) shape[table] = { table, columns: {}, indexes: [] };
  const columns: ColumnRow[] = await knex('information_schema.columns')
    .where('table_schema', 'public')
    .whereIn('table_name', tables);
  for (const c of columns) {
    const type = typeOf(c);
    shape[c.table_name].columns[c.column_name] = {
      type,
      nullable: c.is_nullable === 'YES',
      default: type === 'serial' || type === 'bigserial' ? null : normaliseDefault(c.column_default),
    };
  }
  const { rows: keys } = await knex.raw(`
    select cl.relname as "table", a.attname as "column", ref.relname as "references", con.confdeltype as "onDelete"
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace ns on ns.oid = cl.relnamespace and ns.nspname = 'public'
    join pg_class ref on ref.oid = con.confrelid
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f'`);
  for (const k of keys) {
    const column = shape[k.table]?.columns[k.column] as ColumnShape | undefined;
    if (column) column.references = { table: k.references, onDelete: ON_DELETE[k.onDelete] };
  }
  const indexes = await knex('pg_indexes')
    .where('schemaname', 'public')
    .whereIn('tablename', tables)
    .select('tablename', 'indexname', 'indexdef');
  for (const i of indexes) {
    if (i.indexname === `${i.tablename}_pkey`) continue;
    const m =
      /^CREATE (UNIQUE )?INDEX (\S+) ON (?:ONLY )?public\.(\S+) USING (\w+) \((.+?)\)(?: INCLUDE \((.+?)\))?(?: WHERE \((.+)\))?$/.exec(
        i.indexdef,
      );
    if (!m) throw new Error(`unexpected index definition: ${i.indexdef}`);
    // A column may carry an operator class: 'name gin_trgm_ops'.
    const parts = m[5].split(', ').map((c) => c.replace(/"/g, '').split(' '));
    const index: IndexShape = {
      name: m[2],
      columns: parts.map(([column]) => column),
      unique: Boolean(m[1]),
      method: m[4] as IndexShape['method'],
    };
    if (parts[0][1]) index.opclass = parts[0][1];
    if (m[6]) index.include = m[6].split(', ').map((c) => c.replace(/"/g, ''));
    if (m[7]) index.where = m[7];
    shape[i.tablename].indexes.push(index);
  }
  const { rows: partitioned } = await knex.raw(`
    select c.relname as "table", a.attname as "column" from pg_partitioned_table p
    join pg_class c on c.oid = p.partrelid
    join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]`);
  for (const p of partitioned) if (shape[p.table]) shape[p.table].partitionedBy = p.column;
  return shape;
}

/** Indexes in a stable order, so two shapes compare by content. */
function sorted(shape: DatabaseShape): DatabaseShape {
  return Object.fromEntries(
    Object.entries(shape).map(([name, t]) => [
      name,
      { ...t, indexes: [...t.indexes].sort((a, b) => a.name.localeCompare(b.name)) },
    ]),
  );
}

describe('The schema and the committed migrations', () => {
  it('schema/snapshot.json is the shape the entity declarations imply', () => {
    const snapshot = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'snapshot.json'), 'utf8')) as DatabaseShape;
    expect(databaseShape(), HOW_TO_FIX).toEqual(snapshot);
  });

  describe('a fresh database built by the migrations alone', () => {
    const name = `tb_migrations_${randomBytes(6).toString('hex')}`;
    let knex: Knex;
    beforeAll(async () => {
      const url = await ensureDatabase(inject('pgAdminUrl'), name);
      knex = createKnex(url, { max: 2 });
      await migrate(knex, url);
    });
    afterAll(async () => {
      await knex?.destroy();
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });

    it('has exactly the tables, columns, types, defaults, foreign keys and indexes of the schema', async () => {
      const live = sorted(await introspect(knex));
      const expected = sorted(databaseShape());
      expect(Object.keys(live).sort(), `tables. ${HOW_TO_FIX}`).toEqual(Object.keys(expected).sort());
      for (const table of Object.keys(expected))
        expect(live[table], `${table}. ${HOW_TO_FIX}`).toEqual(expected[table]);
    });

    it('can be migrated again without changes', async () => {
      const before = await introspect(knex);
      const url = new URL(inject('pgAdminUrl'));
      url.pathname = `/${name}`;
      expect(await migrate(knex, url.toString())).toEqual([]);
      expect(await introspect(knex)).toEqual(before);
    });
  });
});
