import { defineEntity } from '../lib/define';
import { f, PHONE_PATTERN } from '../lib/fields';

/** A platform admin: General (1) or Talent advocate (2). */
export const admin = defineEntity({
  name: 'admin',
  table: 'admins',
  resource: 'admins',
  subject: 'Admin',
  idPrefix: 'Admin:',
  fields: {
    firstName: f.string({ required: true, max: 80, searchable: true }),
    lastName: f.string({ required: true, max: 80, searchable: true }),
    email: f.email({ required: true, unique: true, searchable: true, uniqueMessage: 'email.errors.exists' }),
    phone: f.phone({ pattern: PHONE_PATTERN }),
    jobTitle: f.string({ max: 120 }),
    status: f.enum({ inactive: 0, active: 1 }, { required: true, default: 1, index: true }),
    role: f.enum({ general: 1, advocate: 2 }, { required: true, default: 1, labels: { advocate: 'Talent advocate' } }),
    profilePic: f.picture({ index: true }),
    lastActiveAt: f.datetime({ readOnly: true }),
    isWatchedInfoVideo: f.boolean({ default: false, readOnly: true }),
    ...f.timestamps(),
  },
  computed: {
    name: { kind: 'string', sql: "trim({table}.first_name || ' ' || {table}.last_name)" },
  },
  permissions: {
    // General admins manage admins; talent advocates see them and edit only themselves.
    admin: {
      manage: { adminTypes: ['general'] },
      read: true,
      update: { when: 'self', fields: ['firstName', 'lastName', 'phone', 'jobTitle', 'profilePic'] },
    },
  },
  admin: {
    label: 'Admins',
    recordLabel: 'Admin',
    titleField: 'email',
    list: {
      columns: ['name', 'email', 'role', 'status', 'lastActiveAt', 'createdAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'status', 'role'],
      bulkStatus: true,
    },
    edit: { layout: [['firstName', 'lastName'], ['email', 'phone'], ['role', 'status'], ['jobTitle']] },
  },
});
