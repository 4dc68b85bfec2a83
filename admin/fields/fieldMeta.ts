/** Small readings of an entity declaration that every generated screen needs. */
import { entity as entityNamed, type EntityDef, type FieldDef } from '../../schema';

export function titleCase(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function labelOf(def: EntityDef, name: string): string {
  if (name === 'id') return 'ID';
  return def.fields[name]?.label ?? def.computed?.[name]?.label ?? titleCase(name);
}

/** Plural menu label and singular record label. */
export const pluralLabel = (def: EntityDef) => def.admin?.label ?? titleCase(def.resource ?? def.name);
export const recordLabel = (def: EntityDef) => def.admin?.recordLabel ?? titleCase(def.name);

export const choicesOf = (field: FieldDef) => (field.choices ?? []).map((c) => ({ id: c.id, name: c.label }));

/** Fields a client may ever see: hidden ones and secrets never leave the server. */
export const isVisible = (field: FieldDef | undefined): field is FieldDef =>
  !!field && !field.hidden && field.kind !== 'secret';

export function isSortable(def: EntityDef, name: string): boolean {
  if (name === 'id') return true;
  const field = def.fields[name];
  if (field) return field.sortable !== false && !field.hidden;
  return def.computed?.[name]?.sortable !== false;
}

/** The entity a ref or refList field points at, with the field its pickers show. */
export function targetOf(field: FieldDef): { resource: string; titleField: string } {
  const target = entityNamed(field.ref as string);
  return { resource: target.resource ?? target.name, titleField: target.admin?.titleField ?? 'id' };
}

/** Rows of the create and edit forms: the declared layout, or every visible field two by two. */
export function formLayout(def: EntityDef): string[][] {
  if (def.admin?.edit?.layout) return def.admin.edit.layout;
  const names = Object.entries(def.fields)
    .filter(([, f]) => isVisible(f) && !f.readOnly)
    .map(([name]) => name);
  const rows: string[][] = [];
  for (let i = 0; i < names.length; i += 2) rows.push(names.slice(i, i + 2));
  return rows;
}

/** Every visible value of a record in reading order: the form layout first, then the rest (computed, read-only, timestamps). */
export function showFields(def: EntityDef): string[][] {
  const layout = formLayout(def).map((row) => row.filter((name) => isVisible(def.fields[name])));
  const placed = new Set(layout.flat());
  const rest = [
    ...Object.keys(def.fields).filter((n) => isVisible(def.fields[n])),
    ...Object.keys(def.computed ?? {}),
  ].filter((n) => !placed.has(n));
  const restRows: string[][] = [];
  for (let i = 0; i < rest.length; i += 2) restRows.push(rest.slice(i, i + 2));
  return [...layout.filter((row) => row.length > 0), ...restRows];
}

/** Values a new record starts with: the schema's defaults of the fields the form shows. */
export function defaultsOf(def: EntityDef): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, f]) => isVisible(f) && !f.readOnly && f.default !== undefined)
      .map(([name, f]) => [name, f.default]),
  );
}
