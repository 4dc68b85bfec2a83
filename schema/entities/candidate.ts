import { defineEntity } from '../lib/define';
import { f, PHONE_PATTERN } from '../lib/fields';

/** A candidate (talent) in the curated pool. Status: 0 pending curation, 1 active, 2 inactive, 3 semi-active, 4 pending activation. */
export const candidate = defineEntity({
  name: 'candidate',
  table: 'candidates',
  resource: 'candidates',
  subject: 'Candidate',
  idPrefix: 'Candidate:',
  fields: {
    firstName: f.string({ required: true, max: 80, searchable: true, label: 'First name' }),
    lastName: f.string({ required: true, max: 80, searchable: true, label: 'Last name' }),
    email: f.email({ required: true, unique: true, searchable: true, uniqueMessage: 'email.errors.exists', label: 'Email' }),
    phone: f.phone({ pattern: PHONE_PATTERN, label: 'Phone' }),
    status: f.enum(
      { pendingCuration: 0, active: 1, inactive: 2, semiActive: 3, pendingActivation: 4 },
      { required: true, default: 1, index: true, labels: { pendingCuration: 'Pending curation', semiActive: 'Semi-active', pendingActivation: 'Pending activation' }, label: 'Status' },
    ),
    visibility: f.boolean({ default: true, label: 'Visible' }),
    tags: f.refList('tag', { max: 50, label: 'Tags' }),
    ...f.timestamps(),
  },
  computed: {
    name: { kind: 'string', label: 'Name', sql: "trim({table}.first_name || ' ' || {table}.last_name)" },
  },
  permissions: {
    admin: { manage: true },
    candidate: { read: { when: 'self' }, update: { when: 'self', fields: ['firstName', 'lastName', 'phone'] } },
  },
  admin: {
    label: 'Talent',
    recordLabel: 'Candidate',
    titleField: 'name',
    group: 'talent',
    list: { columns: ['name', 'email', 'status', 'createdAt'], sort: ['createdAt', 'DESC'], filters: ['q', 'status'], presets: { pending: { status: 0 } }, bulkStatus: true },
    edit: { layout: [['firstName', 'lastName'], ['email', 'phone'], ['status', 'visibility'], ['tags']] },
  },
});
