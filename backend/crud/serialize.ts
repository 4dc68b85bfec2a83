/** Turns database rows (camelCase from the model) into API records: prefixed ids, hidden fields removed. */
import type { EntityDef } from '../../schema';
import { formatId, formatRefId } from './ids';

export type Row = Record<string, unknown> & { id: number };

export function serialize(entity: EntityDef, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { id: formatId(entity, row.id) };
  for (const [name, def] of Object.entries(entity.fields)) {
    if (def.hidden) continue;
    const value = row[name];
    if (def.kind === 'ref') out[name] = formatRefId(def.ref as string, value as number | null);
    else if (def.kind === 'refList') out[name] = ((value as number[] | null) ?? []).map((id) => formatRefId(def.ref as string, id));
    else if (value instanceof Date) out[name] = value.toISOString();
    else out[name] = value ?? null;
  }
  for (const name of Object.keys(entity.computed ?? {})) out[name] = row[name] ?? null;
  return out;
}
