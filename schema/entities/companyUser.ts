import { defineEntity } from '../lib/define';
import { f, PHONE_PATTERN } from '../lib/fields';

const TEAM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'jobTitle', 'role', 'status'];

/**
 * A person working for a hiring company: Owner 0, Admin 1 or Member 2 within it. A pending row whose
 * `accountElsewhereAt` is set stands for an invitation of an address that had an account already
 * (backend/features/signup/invitations.ts): listed, resent and deleted like any pending invitee, so the
 * company cannot tell, but never an account (sign-in and the email checks pass it by), and its address
 * may be another row's too.
 */
export const companyUser = defineEntity({
  name: 'companyUser',
  table: 'company_users',
  resource: 'company-users',
  subject: 'CompanyUser',
  idPrefix: 'User:',
  fields: {
    firstName: f.string({ required: true, nullable: true, max: 80, searchable: true }),
    lastName: f.string({ required: true, nullable: true, max: 80, searchable: true }),
    email: f.email({ required: true, searchable: true, uniqueMessage: 'email.errors.exists' }),
    phone: f.phone({ required: true, nullable: true, pattern: PHONE_PATTERN }),
    jobTitle: f.string({ required: true, nullable: true, max: 120, searchable: true }),
    status: f.enum({ pending: 0, active: 1, inactive: 2 }, { required: true, default: 1, index: true }),
    role: f.enum({ owner: 0, admin: 1, member: 2 }, { required: true, default: 2 }),
    // A person stays with the company they were added to: its domains, its projects, its invitation.
    companyId: f.ref('company', { required: true, onDelete: 'cascade', fixed: true }),
    profilePic: f.picture({ index: true }),
    lastActiveAt: f.datetime({ readOnly: true }),
    isWatchedInfoVideo: f.boolean({ default: false, readOnly: true }),
    /** When an invitation found the address taken by another account: never sent to a client. */
    accountElsewhereAt: f.datetime({ hidden: true, readOnly: true }),
    ...f.timestamps(),
  },
  // One account per address: the stand-ins of invitations left out.
  indexes: [{ fields: ['email'], unique: true, where: { field: 'accountElsewhereAt', label: 'unique', isNull: true } }],
  computed: {
    name: { kind: 'string', sql: "trim(coalesce({table}.first_name, '') || ' ' || coalesce({table}.last_name, ''))" },
  },
  permissions: {
    admin: { manage: true },
    company: {
      read: { when: 'ownCompany' },
      create: { when: 'ownCompany', subRoles: ['owner', 'admin'], fields: TEAM_FIELDS },
      update: [
        { when: 'ownCompany', subRoles: ['owner', 'admin'], fields: TEAM_FIELDS },
        { when: 'self', fields: ['firstName', 'lastName', 'phone', 'jobTitle', 'profilePic'] },
      ],
      delete: { when: 'ownCompany', subRoles: ['owner', 'admin'] },
    },
    raasCompany: {
      read: { when: 'ownCompany' },
      create: { when: 'ownCompany', subRoles: ['owner', 'admin'], fields: TEAM_FIELDS },
      update: [
        { when: 'ownCompany', subRoles: ['owner', 'admin'], fields: TEAM_FIELDS },
        { when: 'self', fields: ['firstName', 'lastName', 'phone', 'jobTitle', 'profilePic'] },
      ],
      delete: { when: 'ownCompany', subRoles: ['owner', 'admin'] },
    },
  },
  admin: {
    label: 'Company users',
    recordLabel: 'Company user',
    titleField: 'email',
    group: 'companies',
    list: {
      columns: ['name', 'email', 'companyId', 'role', 'status', 'jobTitle', 'lastActiveAt', 'createdAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'companyId', 'status', 'role'],
      bulkStatus: true,
    },
    edit: {
      layout: [
        ['firstName', 'lastName'],
        ['email', 'phone'],
        ['jobTitle', 'companyId'],
        ['role', 'status'],
      ],
    },
  },
});
