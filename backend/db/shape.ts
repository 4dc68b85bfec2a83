/**
 * The database shape an entity declaration implies: the one input of the migration
 * generator and of the test that proves the committed migrations match the schema.
 */
import { columnOf, entities, isNullable, entity as entityNamed, type EntityDef, type FieldDef } from '../../schema';

export interface ColumnShape {
  type: string;
  nullable: boolean;
  /** SQL default expression, or null. */
  default: string | null;
  references?: { table: string; onDelete: string };
}

export interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
  method: 'btree' | 'gin';
  /** The operator class of every column when not the default, e.g. 'gin_trgm_ops'. */
  opclass?: string;
  /** Columns a b-tree carries beside its keys (INCLUDE). */
  include?: string[];
  /** A partial index's condition, as PostgreSQL prints it back: `status = 1`, `status <> ALL ('{1,3}'::smallint[])`. */
  where?: string;
}

/** Operator classes of IndexDef.ops, and the extension each needs. */
export const OPCLASSES = { trigram: { opclass: 'gin_trgm_ops', extension: 'pg_trgm' } } as const;

export interface TableShape {
  table: string;
  columns: Record<string, ColumnShape>;
  indexes: IndexShape[];
  /** Range-partitioned by month on this column (entity `partitionedBy`). */
  partitionedBy?: string;
}

export type DatabaseShape = Record<string, TableShape>;

function sqlType(def: FieldDef): string {
  if (def.dbType) return def.dbType;
  switch (def.kind) {
    case 'string':
    case 'email':
    case 'phone':
    case 'url':
    case 'secret':
      return `varchar(${def.max ?? 255})`;
    case 'text':
      return 'text';
    case 'integer':
    case 'ref':
      return 'integer';
    case 'decimal':
      return `numeric(${(def.precision ?? [14, 2]).join(',')})`;
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'enum':
      return 'smallint';
    case 'json':
    case 'object':
    case 'objectList':
      return 'jsonb';
    case 'enumList':
      return 'smallint[]';
    case 'stringList':
      return 'text[]';
    case 'refList':
      return 'integer[]';
  }
}

const isJson = (def: FieldDef) => def.kind === 'json' || def.kind === 'object' || def.kind === 'objectList';

function sqlLiteral(value: unknown, def: FieldDef): string {
  if (isJson(def)) return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `'{}'::${sqlType(def)}`;
    return `ARRAY[${value.map((v) => sqlLiteral(v, { ...def, kind: 'string' })).join(',')}]::${sqlType(def)}`;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** FieldDef.dbDefault as SQL, written as PostgreSQL prints it back (so a live column compares equal to its shape). */
const DB_DEFAULTS: Record<NonNullable<FieldDef['dbDefault']>, string> = {
  now: 'now()',
  uuid: 'gen_random_uuid()',
  transactionId: '((pg_current_xact_id())::text)::bigint',
};

function columnShape(def: FieldDef): ColumnShape {
  const shape: ColumnShape = {
    type: sqlType(def),
    nullable: isNullable(def),
    default: def.dbDefault
      ? DB_DEFAULTS[def.dbDefault]
      : def.default === undefined
        ? null
        : sqlLiteral(def.default, def),
  };
  if (def.kind === 'ref' && def.ref && def.onDelete !== 'keep') {
    shape.references = { table: entityNamed(def.ref).table, onDelete: (def.onDelete ?? 'restrict').toUpperCase() };
  }
  return shape;
}

/** PostgreSQL keeps the first 63 bytes of a longer name; the shape says what the database will hold. */
const MAX_IDENTIFIER = 63;
const identifier = (name: string) => name.slice(0, MAX_IDENTIFIER);

/** A partial index's condition, written as PostgreSQL prints it back (so a live index compares equal to its shape). */
function partialCondition(
  column: string,
  type: string,
  where: { in: number[] } | { notIn: number[] } | { isNull: true },
): string {
  if ('isNull' in where) return `${column} IS NULL`;
  const values = 'in' in where ? where.in : where.notIn;
  if (!values.length || values.some((v) => !Number.isInteger(v)))
    throw new Error(`A partial index on '${column}' needs integer values`);
  if (values.length === 1) return `${column} ${'in' in where ? '=' : '<>'} ${values[0]}`;
  return `${column} ${'in' in where ? '= ANY' : '<> ALL'} ('{${values.join(',')}}'::${type}[])`;
}

export function tableShape(entity: EntityDef): TableShape {
  const columns: Record<string, ColumnShape> = {
    id: { type: entity.partitionedBy ? 'bigserial' : (entity.idType ?? 'serial'), nullable: false, default: null },
  };
  const indexes: IndexShape[] = [];
  for (const [name, def] of Object.entries(entity.fields)) {
    const column = columnOf(name);
    columns[column] = columnShape(def);
    if (def.unique)
      indexes.push({
        name: identifier(`${entity.table}_${column}_unique`),
        columns: [column],
        unique: true,
        method: 'btree',
      });
    else if (def.index) {
      const method =
        def.kind === 'refList' || def.kind === 'stringList' || def.kind === 'enumList' || def.dbType === 'tsvector'
          ? 'gin'
          : 'btree';
      indexes.push({ name: identifier(`${entity.table}_${column}_index`), columns: [column], unique: false, method });
    }
  }
  for (const declared of entity.indexes ?? []) {
    const def = Array.isArray(declared) ? { fields: declared } : declared;
    const cols = def.fields.map(columnOf);
    const listLike = def.fields.some(
      (f) =>
        ['refList', 'stringList', 'enumList'].includes(entity.fields[f]?.kind) ||
        entity.fields[f]?.dbType === 'tsvector',
    );
    const method = def.method ?? (def.ops || listLike ? 'gin' : 'btree');
    const suffix = def.where?.label ?? def.ops ?? (def.unique ? 'unique' : 'index');
    const index: IndexShape = {
      name: identifier(`${entity.table}_${cols.join('_')}_${suffix}`),
      columns: cols,
      unique: def.unique === true,
      method,
    };
    if (def.ops) index.opclass = OPCLASSES[def.ops].opclass;
    if (def.include?.length) index.include = def.include.map(columnOf);
    if (def.where)
      index.where = partialCondition(columnOf(def.where.field), columns[columnOf(def.where.field)].type, def.where);
    indexes.push(index);
  }
  return entity.partitionedBy
    ? { table: entity.table, columns, indexes, partitionedBy: columnOf(entity.partitionedBy.field) }
    : { table: entity.table, columns, indexes };
}

export function databaseShape(list: readonly EntityDef[] = entities): DatabaseShape {
  const shape: DatabaseShape = Object.fromEntries(list.map((e) => [e.table, tableShape(e)]));
  const seen = new Set<string>();
  for (const index of Object.values(shape).flatMap((t) => t.indexes)) {
    if (seen.has(index.name))
      throw new Error(
        `Two indexes are named '${index.name}' (names are cut at ${MAX_IDENTIFIER} characters): shorten a table or field name`,
      );
    seen.add(index.name);
  }
  return shape;
}
