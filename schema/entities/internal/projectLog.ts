import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** What a project log row records: its creation, a status change, a new advocate or owning admin. */
export const PROJECT_LOG_KIND = { created: 1, status: 2, advocate: 3, ownerAdmin: 4 } as const;

/**
 * A project's history for the admins' dashboards: created (with its first status), each status
 * change, each change of its talent advocate or owning admin, with who made it when known. Written
 * by a trigger on projects (migration `log_project_changes`), so every path that writes a project
 * (the API, the company hold, the plan renewal) is logged; the acting user comes from the
 * transaction's `app.actor` setting (setProjectActor), empty for the system's own changes.
 */
export const projectLog = defineEntity({
  name: 'projectLog',
  table: 'project_logs',
  subject: 'ProjectLog',
  fields: {
    projectId: f.ref('project', { required: true, onDelete: 'cascade', index: false }),
    companyId: f.integer({ index: true }),
    kind: f.enum(PROJECT_LOG_KIND, { required: true }),
    fromValue: f.integer(),
    toValue: f.integer(),
    actorKind: f.enum({ admin: 1, companyUser: 2, candidate: 3 }),
    actorId: f.integer(),
    createdAt: f.datetime({ required: true, readOnly: true, dbDefault: 'now' }),
  },
  indexes: [
    ['projectId', 'createdAt'],
    ['kind', 'createdAt'],
  ],
  permissions: { admin: { read: true } },
});
