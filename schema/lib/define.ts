import type { EntityDef, FieldDef } from './types';
import { hasText, t } from '../../i18n';
import { conditions } from '../roles';

/** Declares an entity and checks the declaration's internal consistency at load time. */
export function defineEntity<const E extends EntityDef>(entity: E): E {
  const fieldNames = new Set(['id', ...Object.keys(entity.fields), ...Object.keys(entity.computed ?? {})]);
  const known = (name: string, where: string) => {
    if (!fieldNames.has(name)) throw new Error(`${entity.name}: ${where} names unknown field '${name}'`);
  };
  for (const [name, def] of Object.entries(entity.fields)) {
    if ((def.kind === 'ref' || def.kind === 'refList') && !def.ref)
      throw new Error(`${entity.name}.${name}: ref without target`);
    if ((def.kind === 'enum' || def.kind === 'enumList') && !def.choices?.length)
      throw new Error(`${entity.name}.${name}: enum without values`);
    if ((def.kind === 'object' || def.kind === 'objectList') && !Object.keys(def.fields ?? {}).length)
      throw new Error(`${entity.name}.${name}: ${def.kind} without fields`);
    if (def.derivedFrom) {
      const source = entity.fields[def.derivedFrom.field];
      if (source?.kind !== 'objectList' || !source.fields?.[def.derivedFrom.key])
        throw new Error(`${entity.name}.${name}: derivedFrom names no objectList key`);
      if (def.kind !== 'refList' || !def.readOnly)
        throw new Error(`${entity.name}.${name}: a derived field must be a read-only refList`);
    }
  }
  for (const [name, child] of Object.entries(entity.children ?? {})) {
    if (fieldNames.has(name)) throw new Error(`${entity.name}: child list '${name}' clashes with a field`);
    if (!child.orderBy.length) throw new Error(`${entity.name}.${name}: child list without an order`);
  }
  for (const cols of entity.admin?.list?.columns ?? []) known(cols, 'admin.list.columns');
  for (const name of entity.admin?.list?.compact ?? []) known(name, 'admin.list.compact');
  for (const row of entity.admin?.edit?.layout ?? []) row.forEach((name) => known(name, 'admin.edit.layout'));
  for (const rules of Object.values(entity.permissions)) {
    for (const rule of Object.values(rules ?? {})) {
      for (const r of rule === true ? [] : Array.isArray(rule) ? rule : [rule]) {
        for (const c of [r.when ?? []].flat())
          if (!conditions[c]) throw new Error(`${entity.name}: unknown condition '${c}'`);
        for (const name of r.fields ?? []) known(name, 'permission fields');
      }
    }
  }
  withCatalogueLabels(entity);
  return entity;
}

/** The id of an enum field's choice, by its key: choiceId(companyUser.fields.status, 'pending') is 0. */
export function choiceId(def: FieldDef, key: string): number {
  const found = def.choices?.find((c) => c.key === key);
  if (!found) throw new Error(`No choice '${key}' in this field`);
  return found.id;
}

export function isWritable(def: FieldDef): boolean {
  return !def.readOnly && def.kind !== 'secret';
}

/** snake_case column name of a camelCase field. */
export function columnOf(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** camelCase field name of a snake_case column (the reverse of columnOf). */
export function fieldOf(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A column may hold NULL unless the field is required (and not marked nullable) or has a default. */
export function isNullable(def: FieldDef): boolean {
  if (def.default !== undefined || def.dbDefault !== undefined) return false;
  return !(def.required && !def.nullable);
}

/** The catalogue key of a field's label, of a nested item field's label and of an enum choice's label. */
export const labelKeys = {
  field: (entity: string, field: string) => `entities.${entity}.fields.${field}`,
  item: (entity: string, field: string, key: string) => `entities.${entity}.items.${field}.${key}`,
  choice: (entity: string, field: string, choice: string) => `entities.${entity}.enums.${field}.${choice}`,
};

function withChoiceLabels(def: FieldDef, entity: string, path: string): FieldDef {
  if (!def.choices) return def;
  const choices = def.choices.map((c) => {
    const key = labelKeys.choice(entity, path, c.key);
    return hasText(key) ? { ...c, label: t(key) } : c;
  });
  return { ...def, choices };
}

/**
 * Labels live in the catalogue (i18n/sections/entities.ts), keyed by entity and field: the texts
 * are read here once, so the console, the portal and exports all show the catalogue's words.
 */
function withCatalogueLabels(entity: EntityDef): void {
  for (const group of [entity.fields, entity.computed ?? {}] as Record<string, FieldDef>[]) {
    for (const [name, def] of Object.entries(group)) {
      const key = labelKeys.field(entity.name, name);
      let next: FieldDef = withChoiceLabels(hasText(key) ? { ...def, label: t(key) } : def, entity.name, name);
      if (next.fields) {
        const fields = Object.fromEntries(
          Object.entries(next.fields).map(([sub, sd]) => {
            const subKey = labelKeys.item(entity.name, name, sub);
            return [
              sub,
              withChoiceLabels(hasText(subKey) ? { ...sd, label: t(subKey) } : sd, entity.name, `${name}_${sub}`),
            ];
          }),
        );
        next = { ...next, fields };
      }
      group[name] = next;
    }
  }
}
