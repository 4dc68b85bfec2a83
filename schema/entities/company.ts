import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { COMPANY_TYPES } from '../roles';

/** Where a company or a candidate heard of the product (spec: 1 professional network, 2-6 job boards, 7 referral, 8 other). */
export const SOURCE_OPTIONS = {
  values: {
    professionalNetwork: 1,
    jobBoardIndeed: 2,
    jobBoardJobStreet: 3,
    jobBoardGlassdoor: 4,
    jobBoardMyCareersFuture: 5,
    jobBoardOther: 6,
    referral: 7,
    other: 8,
  },
  labels: {
    professionalNetwork: 'Professional network',
    jobBoardIndeed: 'Job board: Indeed',
    jobBoardJobStreet: 'Job board: JobStreet',
    jobBoardGlassdoor: 'Job board: Glassdoor',
    jobBoardMyCareersFuture: 'Job board: MyCareersFuture',
    jobBoardOther: 'Job board: other',
    referral: 'Referral',
    other: 'Other',
  },
};

/** A hiring company: normal (2) or recruitment-as-a-service (4); pending until an admin approves it. */
export const company = defineEntity({
  name: 'company',
  table: 'companies',
  resource: 'companies',
  subject: 'Company',
  idPrefix: 'Company:',
  fields: {
    companyName: f.string({ required: true, max: 160, searchable: true }),
    companyLogo: f.string({ max: 1024, sortable: false }),
    legalEntityName: f.string({ required: true, nullable: true, max: 200, searchable: true }),
    companyRegistrationNumber: f.string({ required: true, nullable: true, max: 60, searchable: true }),
    address: f.string({ required: true, nullable: true, max: 500 }),
    companyType: f.enum(COMPANY_TYPES, {
      required: true,
      default: COMPANY_TYPES.normal,
      index: true,
      labels: { raas: 'RaaS' },
    }),
    status: f.enum({ pending: 0, active: 1, inactive: 2 }, { required: true, default: 1, index: true }),
    alternateCompanyNames: f.stringList({ max: 20, searchable: true }),
    validDomains: f.stringList({
      required: true,
      min: 1,
      max: 20,
      pattern: /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/,
      patternMessage: 'validDomains.errors.invalid',
      lowercase: true,
    }),
    linkedInUrl: f.url(),
    countries: f.refList('country', { max: 250, onDelete: 'restrict' }),
    ats: f.string({ max: 80 }),
    companySource: f.enum(SOURCE_OPTIONS.values, { labels: SOURCE_OPTIONS.labels }),
    companySourceOther: f.string({ max: 200 }),
    trialEndsAt: f.date(),
    /**
     * When an admin first made the company active (or created it active in the console): set once, by
     * signup/approval.ts. A company held (Pending) and made active again after it is released, not approved.
     */
    approvedAt: f.datetime({ readOnly: true }),
    checked: f.boolean({ default: false }),
    lastActiveAt: f.datetime({ readOnly: true }),
    /**
     * The colleagues a self sign-up's step 3 invited ([{email, role}]), kept with the pending company and invited
     * only when an admin approves it (signup/approval.ts): until then their addresses stay free.
     */
    heldInvites: f.json({ readOnly: true, hidden: true }),
    ...f.timestamps(),
  },
  computed: {
    userCount: { kind: 'integer', sql: '(select count(*) from company_users u where u.company_id = {table}.id)' },
    projectCount: { kind: 'integer', sql: '(select count(*) from projects p where p.company_id = {table}.id)' },
  },
  permissions: {
    admin: { manage: true },
    // A company sees its own record; only admins change companies (spec section 6: no company screen edits it).
    company: { read: { when: 'ownCompanyRecord' } },
    raasCompany: { read: { when: 'ownCompanyRecord' } },
  },
  admin: {
    label: 'Companies',
    recordLabel: 'Company',
    titleField: 'companyName',
    group: 'companies',
    list: {
      columns: [
        'companyName',
        'companyType',
        'status',
        'validDomains',
        'userCount',
        'projectCount',
        'lastActiveAt',
        'createdAt',
      ],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'status', 'companyType', 'checked'],
      presets: { pending: { status: 0 } },
      bulkStatus: true,
    },
    edit: {
      layout: [
        ['companyName', 'legalEntityName'],
        ['companyRegistrationNumber', 'companyType'],
        ['status', 'checked'],
        ['address'],
        ['validDomains', 'alternateCompanyNames'],
        ['countries'],
        ['linkedInUrl', 'ats'],
        ['companySource', 'companySourceOther'],
        ['trialEndsAt', 'companyLogo'],
      ],
    },
    // The company's page lists its people rather than counting them.
    related: [
      {
        entity: 'companyUser',
        target: 'companyId',
        columns: ['name', 'email', 'role', 'status', 'lastActiveAt'],
        sort: ['role', 'ASC'],
        replaces: 'userCount',
      },
    ],
  },
});
