/** The API shows ids with the entity's prefix ('Company:12'); the database keeps plain integers. */
import type { EntityDef } from './types';

export function formatId(entity: EntityDef, id: number | null | undefined): string | number | null {
  if (id === null || id === undefined) return null;
  return entity.idPrefix ? `${entity.idPrefix}${id}` : id;
}

/** Accepts 'Company:12', '12' or 12; anything else is undefined. */
export function parseId(entity: EntityDef, raw: unknown): number | undefined {
  let value = raw;
  if (typeof value === 'string') {
    if (entity.idPrefix && value.startsWith(entity.idPrefix)) value = value.slice(entity.idPrefix.length);
    if (!/^\d{1,10}$/.test(value as string)) return undefined;
    value = Number(value);
  }
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2147483647 ? value : undefined;
}
