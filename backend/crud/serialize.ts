/** Turns database rows (camelCase from the model) into API records: prefixed ids, hidden fields removed. */
import type { EntityDef, FieldDef } from '../../schema';
import { formatId, formatRefId } from './ids';

export type Row = Record<string, unknown> & { id: number };

/** Nested objects show their references with prefixes too. */
function nested(fields: Record<string, FieldDef>, item: unknown): unknown {
  if (!item || typeof item !== 'object') return item;
  const out: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const [key, def] of Object.entries(fields)) {
    if (def.kind === 'ref' && key in out) out[key] = formatRefId(def.ref as string, out[key] as number | null);
  }
  return out;
}

export function serialize(entity: EntityDef, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { id: formatId(entity, row.id) };
  for (const [name, def] of Object.entries(entity.fields)) {
    if (def.hidden) continue;
    const value = row[name];
    if (def.kind === 'ref') out[name] = formatRefId(def.ref as string, value as number | null);
    else if (def.kind === 'refList')
      out[name] = ((value as number[] | null) ?? []).map((id) => formatRefId(def.ref as string, id));
    else if (def.kind === 'objectList')
      out[name] = ((value as unknown[] | null) ?? []).map((item) => nested(def.fields ?? {}, item));
    else if (def.kind === 'object') out[name] = value == null ? null : nested(def.fields ?? {}, value);
    else if (value instanceof Date) out[name] = value.toISOString();
    else out[name] = value ?? null;
  }
  for (const name of Object.keys(entity.computed ?? {})) out[name] = row[name] ?? null;
  return out;
}
