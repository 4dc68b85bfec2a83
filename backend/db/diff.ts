/**
 * Diffs two database shapes into the source of a reviewable Knex migration.
 * Only what the schema can express is handled: tables, columns, indexes and foreign keys.
 */
import { OPCLASSES, type ColumnShape, type DatabaseShape, type IndexShape, type TableShape } from './shape';

const q = (s: string) => `'${s.replace(/'/g, "\\'")}'`;

function columnBuilder(name: string, c: ColumnShape): string {
  let b: string;
  const varchar = /^varchar\((\d+)\)$/.exec(c.type);
  if (c.type === 'serial') return `t.increments(${q(name)}).primary();`;
  else if (varchar) b = `t.string(${q(name)}, ${varchar[1]})`;
  else if (c.type === 'text') b = `t.text(${q(name)})`;
  else if (c.type === 'integer') b = `t.integer(${q(name)})`;
  else if (c.type === 'boolean') b = `t.boolean(${q(name)})`;
  else if (c.type === 'date') b = `t.date(${q(name)})`;
  else if (c.type === 'timestamptz') b = `t.timestamp(${q(name)}, { useTz: true })`;
  else if (c.type === 'smallint') b = `t.smallint(${q(name)})`;
  else if (c.type === 'jsonb') b = `t.jsonb(${q(name)})`;
  else b = `t.specificType(${q(name)}, ${q(c.type)})`;
  b += c.nullable ? '.nullable()' : '.notNullable()';
  if (c.default !== null) b += `.defaultTo(knex.raw(${q(c.default)}))`;
  if (c.references) b += `.references('id').inTable(${q(c.references.table)}).onDelete(${q(c.references.onDelete)})`;
  return b;
}

function indexUp(table: string, i: IndexShape): string {
  const cols = i.columns.map((c) => `"${c}"${i.opclass ? ` ${i.opclass}` : ''}`).join(', ');
  const include = i.include?.length ? ` include (${i.include.map((c) => `"${c}"`).join(', ')})` : '';
  const where = i.where ? ` where ${i.where}` : '';
  const sql = `create ${i.unique ? 'unique ' : ''}index "${i.name}" on "${table}" using ${i.method} (${cols})${include}${where}`;
  // An operator class from an extension (pg_trgm's) needs the extension first.
  const extension = Object.values(OPCLASSES).find((o) => o.opclass === i.opclass)?.extension;
  const create = extension ? `await knex.raw(${q(`create extension if not exists ${extension}`)}); ` : '';
  return `${create}await knex.raw(${q(sql)});`;
}

const indexDown = (i: IndexShape) => `await knex.raw(${q(`drop index if exists "${i.name}"`)});`;

function createTable(t: TableShape): string[] {
  const cols = Object.entries(t.columns).map(([n, c]) => `    ${columnBuilder(n, c)}${n === 'id' ? '' : ';'}`);
  return [
    `  await knex.schema.createTable(${q(t.table)}, (t) => {`,
    ...cols,
    '  });',
    ...t.indexes.map((i) => `  ${indexUp(t.table, i)}`),
  ];
}

function sameColumn(a: ColumnShape, b: ColumnShape): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface MigrationSource {
  up: string[];
  down: string[];
}

export function diffShapes(from: DatabaseShape, to: DatabaseShape): MigrationSource {
  const up: string[] = [];
  const down: string[] = [];
  const tables = Object.keys(to);
  for (const name of tables) {
    const next = to[name];
    const prev = from[name];
    if (next.partitionedBy !== prev?.partitionedBy)
      throw new Error(
        `'${name}' becomes or stops being partitioned: write that migration by hand (see the one that partitions candidate_search_or_view_logs)`,
      );
    if (!prev) {
      up.push(...createTable(next));
      down.unshift(`  await knex.schema.dropTableIfExists(${q(name)});`);
      continue;
    }
    const adds: string[] = [];
    const reverts: string[] = [];
    for (const [col, shape] of Object.entries(next.columns)) {
      const old = prev.columns[col];
      if (!old) {
        adds.push(`    ${columnBuilder(col, shape)};`);
        reverts.push(`    t.dropColumn(${q(col)});`);
      } else if (!sameColumn(old, shape)) {
        if (old.references) adds.push(`    t.dropForeign([${q(col)}]);`);
        adds.push(`    ${columnBuilder(col, { ...shape, references: undefined })}.alter();`);
        if (shape.references)
          adds.push(
            `    t.foreign(${q(col)}).references('id').inTable(${q(shape.references.table)}).onDelete(${q(shape.references.onDelete)});`,
          );
        if (shape.references) reverts.push(`    t.dropForeign([${q(col)}]);`);
        reverts.push(`    ${columnBuilder(col, { ...old, references: undefined })}.alter();`);
        if (old.references)
          reverts.push(
            `    t.foreign(${q(col)}).references('id').inTable(${q(old.references.table)}).onDelete(${q(old.references.onDelete)});`,
          );
      }
    }
    for (const [col, shape] of Object.entries(prev.columns)) {
      if (!next.columns[col]) {
        adds.push(`    t.dropColumn(${q(col)});`);
        reverts.push(`    ${columnBuilder(col, shape)};`);
      }
    }
    if (adds.length) {
      up.push(`  await knex.schema.alterTable(${q(name)}, (t) => {`, ...adds, '  });');
      down.unshift(`  await knex.schema.alterTable(${q(name)}, (t) => {`, ...reverts, '  });');
    }
    const key = (i: IndexShape) => JSON.stringify(i);
    const oldIdx = new Set(prev.indexes.map(key));
    const newIdx = new Set(next.indexes.map(key));
    for (const i of prev.indexes)
      if (!newIdx.has(key(i))) {
        up.unshift(`  ${indexDown(i)}`);
        down.push(`  ${indexUp(name, i)}`);
      }
    for (const i of next.indexes)
      if (!oldIdx.has(key(i))) {
        up.push(`  ${indexUp(name, i)}`);
        down.unshift(`  ${indexDown(i)}`);
      }
  }
  for (const name of Object.keys(from).reverse()) {
    if (!to[name]) {
      up.push(`  await knex.schema.dropTableIfExists(${q(name)});`);
      down.unshift(...createTable(from[name]));
    }
  }
  return { up, down };
}

export function migrationFile(source: MigrationSource): string {
  return [
    "import type { Knex } from 'knex';",
    '',
    '// Generated by `npm run db:migration:generate` from schema/. Review, commit, never edit after landing.',
    'export async function up(knex: Knex): Promise<void> {',
    ...source.up,
    '}',
    '',
    'export async function down(knex: Knex): Promise<void> {',
    ...source.down,
    '}',
    '',
  ].join('\n');
}
