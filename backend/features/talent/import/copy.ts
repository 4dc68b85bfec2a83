/**
 * PostgreSQL COPY in text format: the fastest way to load many rows. Values are encoded by the
 * column types the schema declares (backend/db/shape.ts), so arrays, jsonb, booleans and dates
 * go in exactly as an insert would store them.
 */
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { columnOf, type EntityDef } from '../../../../schema';
import { tableShape } from '../../../db/shape';

export interface CopyColumn {
  /** camelCase field name the value is read from. */
  field: string;
  column: string;
  type: string;
  /** Written when a record has no value: the declared default, else null. */
  fallback: unknown;
  /** encode() for this column's type, chosen once (encodeRow runs millions of times). */
  encode?: (value: unknown) => string;
}

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
// Most values need no escaping: test once, replace only when needed (millions of cells per run).
const escapeText = (s: string) => (SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : s);

/** One value in COPY text format. */
export function encode(value: unknown, type: string): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (type === 'boolean') return value ? 't' : 'f';
  if (type === 'jsonb') return escapeText(JSON.stringify(value));
  if (type.endsWith('[]')) return `{${(value as unknown[]).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  return escapeText(String(value));
}

/** encode() specialised to one column type: the type checks are made once, not per value. */
export function encoderFor(type: string): (value: unknown) => string {
  const other = (value: unknown) => (value instanceof Date ? value.toISOString() : escapeText(String(value)));
  const by =
    type === 'boolean'
      ? (value: unknown) => (value ? 't' : 'f')
      : type === 'jsonb'
        ? (value: unknown) => escapeText(JSON.stringify(value))
        : type.endsWith('[]')
          ? (value: unknown) => `{${(value as unknown[]).join(',')}}`
          : other;
  return (value) =>
    value === null || value === undefined ? '\\N' : typeof value === 'number' ? String(value) : by(value);
}

/** The COPY columns of an entity's fields (plus id first when `withId`). */
export function copyColumns(entity: EntityDef, fields: string[], withId = false): CopyColumn[] {
  const shape = tableShape(entity).columns;
  const cols = fields.map((field) => {
    const def = entity.fields[field];
    const type = shape[columnOf(field)].type;
    return {
      field,
      column: columnOf(field),
      type,
      fallback: def.default ?? (def.derivedFrom ? [] : null),
      encode: encoderFor(type),
    };
  });
  return withId
    ? [{ field: 'id', column: 'id', type: 'integer', fallback: null, encode: encoderFor('integer') }, ...cols]
    : cols;
}

/**
 * One COPY line: each column from `extra`, else `row`, else its fallback. The line is joined
 * into one flat string, so it holds on to none of the values it was made of (an import keeps
 * thousands of lines while it checks the rest of a batch).
 */
export function encodeRow(
  row: Record<string, unknown>,
  columns: CopyColumn[],
  extra?: Record<string, unknown>,
): string {
  const cells = new Array<string>(columns.length);
  for (let i = 0; i < columns.length; i += 1) {
    const column = columns[i];
    const field = column.field;
    const value = extra !== undefined && field in extra ? extra[field] : field in row ? row[field] : column.fallback;
    cells[i] = column.encode ? column.encode(value) : encode(value, column.type);
  }
  return `${cells.join('\t')}\n`;
}

/** Streams already encoded lines into `table` with COPY FROM STDIN. */
export async function copyLines(
  client: pg.ClientBase,
  table: string,
  columns: CopyColumn[],
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  const stream = client.query(
    copyFrom(`copy "${table}" (${columns.map((c) => `"${c.column}"`).join(', ')}) from stdin`),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let buffer = '';
  for await (const line of lines) {
    buffer += line;
    if (buffer.length > 1 << 20) {
      if (!stream.write(buffer)) await Promise.race([once(stream, 'drain'), done]);
      buffer = '';
    }
  }
  if (buffer) stream.write(buffer);
  stream.end();
  await done;
}
