/**
 * Fields an update may not change, sent with a value other than the stored one (the generic router's updates):
 * refused by name rather than silently dropped.
 */
import type { EntityDef } from '../../schema';
import type { FieldDef } from '../../schema/lib/types';
import { parseRefId } from './ids';

const same = (a: unknown, b: unknown): boolean => {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  const [x, y] = [norm(a), norm(b)];
  if (x === y) return true;
  if (
    typeof x === 'string' &&
    typeof y === 'string' &&
    (x.startsWith(y) || y.startsWith(x)) &&
    /^\d{4}-\d{2}-\d{2}/.test(x)
  )
    return true;
  return JSON.stringify(x) === JSON.stringify(y);
};

/** A sent value as the row keeps it: references arrive with the API's prefix ('Companies:12'). */
function asStored(field: FieldDef, value: unknown): unknown {
  if (field.kind === 'ref' && field.ref && value !== null && value !== undefined)
    return parseRefId(field.ref, value) ?? value;
  if (field.kind === 'refList' && field.ref && Array.isArray(value))
    return value.map((v) => parseRefId(field.ref as string, v) ?? v);
  return value;
}

/**
 * Fields of the entity the caller may not change, sent with a value other than the stored one:
 * refused by name rather than silently dropped, so nobody believes a change was made. The same
 * value sent back (react-admin sends whole records) and fields the server manages stay harmless.
 */
export function refusedChanges(
  entity: EntityDef,
  body: unknown,
  existing: Record<string, unknown>,
  writable: ReadonlySet<string>,
  /** The fields the actor may read: a field outside them is refused whatever is sent, so the answer tells nothing of it. */
  readable: ReadonlySet<string>,
): Record<string, string> | null {
  if (!body || typeof body !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const field = entity.fields[key];
    if (!field || field.readOnly || writable.has(key)) continue;
    if (field.hidden || !readable.has(key)) out[key] = `${key}.errors.notWritable`;
    else if (!(key in existing)) continue;
    else if (!same(asStored(field, value), existing[key])) out[key] = `${key}.errors.notWritable`;
  }
  return Object.keys(out).length ? out : null;
}
