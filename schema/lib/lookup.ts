import { defineEntity } from './define';
import { f } from './fields';
import type { EntityDef, FieldDef } from './types';

/**
 * Lookups (countries, skills, ...) share one shape: a unique searchable name, the other names
 * people type for it (aliases: 'AWS' for Amazon Web Services, 'k8s' for Kubernetes) and a few
 * extras; readable by everyone (sign-up and search forms need them), managed by admins. Names and
 * aliases are matched by the one name matcher (backend/features/lookups/).
 */
export function defineLookup(spec: {
  name: string;
  table: string;
  resource: string;
  subject: string;
  label: string;
  recordLabel: string;
  description: string;
  uniqueName?: boolean;
  extra?: Record<string, FieldDef>;
}) {
  const extra = spec.extra ?? {};
  // Hidden extras (what the database keeps for search) are not the console's to show or edit.
  const shown = Object.keys(extra).filter((k) => !extra[k].hidden);
  const entity: EntityDef = {
    name: spec.name,
    table: spec.table,
    resource: spec.resource,
    subject: spec.subject,
    description: spec.description,
    fields: {
      name: f.string({
        required: true,
        max: 160,
        unique: spec.uniqueName ?? true,
        searchable: true,
        uniqueMessage: 'name.errors.exists',
      }),
      aliases: f.stringList({ max: 20, searchable: true }),
      ...extra,
      ...f.timestamps(),
    },
    permissions: {
      guest: { read: true },
      admin: { manage: true },
      company: { read: true },
      raasCompany: { read: true },
      candidate: { read: true },
      community: { read: true },
    },
    admin: {
      label: spec.label,
      recordLabel: spec.recordLabel,
      titleField: 'name',
      group: 'lookups',
      list: {
        columns: ['name', 'aliases', ...shown.filter((k) => extra[k].kind !== 'ref')],
        sort: ['name', 'ASC'],
        filters: ['q'],
      },
      edit: { layout: [['name'], ['aliases'], shown].filter((row) => row.length > 0) },
    },
  };
  return defineEntity(entity);
}
