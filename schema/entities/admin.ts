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
    firstName: f.string({ required: true, max: 80, searchable: true, label: 'First name' }),
    lastName: f.string({ required: true, max: 80, searchable: true, label: 'Last name' }),
    email: f.email({ required: true, unique: true, searchable: true, uniqueMessage: 'email.errors.exists', label: 'Email' }),
    phone: f.phone({ pattern: PHONE_PATTERN, label: 'Phone' }),
    jobTitle: f.string({ max: 120, label: 'Job title' }),
    status: f.enum({ inactive: 0, active: 1 }, { required: true, default: 1, index: true, label: 'Status' }),
    role: f.enum({ general: 1, advocate: 2 }, { required: true, default: 1, labels: { advocate: 'Talent advocate' }, label: 'Admin role' }),
    profilePic: f.picture({ label: 'Profile picture' }),
    lastActiveAt: f.datetime({ readOnly: true, label: 'Last active' }),
    isWatchedInfoVideo: f.boolean({ default: false, readOnly: true, label: 'Watched the info video' }),
    ...f.timestamps(),
  },
  computed: {
    name: { kind: 'string', label: 'Name', sql: "trim({table}.first_name || ' ' || {table}.last_name)" },
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
