/** Objection models derived from the entity declarations, created once per entity. */
import { Model, snakeCaseMappers, type RelationMappings } from 'objection';
import { columnOf, entity as entityNamed, type EntityDef } from '../../schema';

export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}

const models = new Map<string, typeof BaseModel>();

export function modelFor(entity: EntityDef): typeof BaseModel {
  const cached = models.get(entity.name);
  if (cached) return cached;
  const refs = Object.entries(entity.fields).filter(([, def]) => def.kind === 'ref');
  const model = class extends BaseModel {
    static override tableName = entity.table;
    // Only these are written as JSON; lists of ids stay PostgreSQL arrays.
    static override jsonAttributes = Object.entries(entity.fields)
      .filter(([, def]) => def.kind === 'json' || def.kind === 'object' || def.kind === 'objectList')
      .map(([name]) => name);
    static override get relationMappings(): RelationMappings {
      return Object.fromEntries(
        refs.map(([name, def]) => {
          const target = entityNamed(def.ref as string);
          return [
            name.replace(/Id$/, ''),
            {
              relation: Model.BelongsToOneRelation,
              modelClass: modelFor(target),
              join: { from: `${entity.table}.${columnOf(name)}`, to: `${target.table}.id` },
            },
          ];
        }),
      );
    }
  };
  Object.defineProperty(model, 'name', { value: entity.subject });
  models.set(entity.name, model);
  return model;
}
