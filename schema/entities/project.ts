import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import type { RolePermissions } from '../lib/types';
import {
  PROJECT_FOR,
  PROJECT_NOTICE,
  PROJECT_PLAN,
  PROJECT_STATUS,
  PROJECT_TYPE,
  REQUIREMENT,
  WORKING_MODE,
} from '../rules/pipeline';
import { COMPANY_PROJECT_ACCESS } from '../rules/projectAccess';

/**
 * What a company's people may do with its projects: Owners and Admins everything; a Member the
 * projects they own, or that were shared with them or with the whole company (sharing grants full
 * access, so they work on them too: ../rules/projectAccess.ts); deleting stays with Owners, Admins and the project's owner.
 */
const COMPANY_PROJECT_RULES: RolePermissions = {
  read: COMPANY_PROJECT_ACCESS,
  create: { when: 'ownCompany' },
  update: COMPANY_PROJECT_ACCESS,
  delete: [{ when: 'ownCompany', subRoles: ['owner', 'admin'] }, { when: ['ownCompany', 'ownProject'] }],
};

const REQUIREMENT_LABELS = { doesNotMatter: 'Does not matter', required: 'Required', notRequired: 'Not required' };

/**
 * A hiring need (spec section 3): a company describes the role, admins and its talent advocate
 * curate candidates into it, and the company moves them through the stages of the pipeline.
 * Internal projects are admins' own (no company). Written only through the projects capability
 * (backend/features/projects), whose rules (plans, charges, sharing) hold whichever way a change
 * arrives; `sharedUserIds` and `sharedWithCompany` are changed only by the sharing calls.
 */
export const project = defineEntity({
  name: 'project',
  table: 'projects',
  resource: 'projects',
  subject: 'Project',
  idPrefix: 'Project:',
  fields: {
    guid: f.guid(),
    title: f.string({ required: true, max: 160, searchable: true }),
    // Admin projects have none; a company's project needs it (projectWrites.ts), so the console's create asks for it.
    companyId: f.ref('company', { onDelete: 'cascade', requiredOnCreate: true }),
    jobTitleId: f.ref('jobTitle', { required: true, onDelete: 'restrict' }),
    // A country a project names cannot be deleted (refused 409): the project would lose where it hires.
    countries: f.refList('country', { required: true, min: 1, max: 30, onDelete: 'restrict' }),
    ownerId: f.ref('companyUser', { onDelete: 'set null' }),
    ownerAdminId: f.ref('admin', { onDelete: 'set null' }),
    advocateId: f.ref('admin', { onDelete: 'set null' }),
    projectType: f.enum(PROJECT_TYPE, { required: true, default: 1, labels: { normal: 'Normal', raas: 'RaaS' } }),
    plan: f.enum(PROJECT_PLAN, { required: true, default: 1, index: true }),
    status: f.enum(PROJECT_STATUS, { required: true, default: 0, index: true }),
    requireSponsorVisa: f.enum(REQUIREMENT, { default: 0, labels: REQUIREMENT_LABELS }),
    workingMode: f.enum(WORKING_MODE, { labels: { remote: 'Remote', onsite: 'On-site', hybrid: 'Hybrid' } }),
    noticePeriod: f.enum(PROJECT_NOTICE, {
      labels: { immediate: 'Immediate', oneMonth: '1 month', twoMonths: '2 months', threeMonths: '3 months or more' },
    }),
    requireLanguages: f.refList('language', { max: 20 }),
    isRelocate: f.enum(REQUIREMENT, { default: 0, labels: REQUIREMENT_LABELS }),
    comments: f.text({ max: 2000 }),
    headcount: f.integer({ required: true, min: 1, max: 1000 }),
    salaryMin: f.integer({ required: true, min: 0, max: 1000000000 }),
    salaryMax: f.integer({ required: true, min: 0, max: 1000000000 }),
    salaryCurrency: f.string({ required: true, max: 3, default: 'SGD', pattern: /^[A-Z]{3}$/ }),
    dateTimeSlots: f.objectList(
      {
        date: f.date({ required: true }),
        startTime: f.string({ required: true, max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }),
        endTime: f.string({ required: true, max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }),
      },
      { max: 20 },
    ),
    // Text or an uploaded file (contentErrors); the console's create takes text only.
    jobDescription: f.text({ max: 20000, requiredOnCreate: true }),
    jdFilePath: f.string({ max: 1024, readOnly: true, hidden: true }),
    jdFileName: f.string({ max: 255, readOnly: true }),
    jdText: f.text({ max: 200000, readOnly: true, hidden: true }),
    currentUrl: f.string({ max: 4000 }),
    projectFor: f.enum(PROJECT_FOR, { default: 0, labels: { company: 'Company', myself: 'Myself' } }),
    freeProjectConfirmed: f.boolean({ default: false }),
    isAdminProject: f.boolean({ default: false, index: true }),
    isConfidential: f.boolean({ default: false }),
    checked: f.boolean({ default: false }),
    sharedWithCompany: f.boolean({ default: false, readOnly: true }),
    sharedUserIds: f.refList('companyUser', { readOnly: true, max: 1000 }),
    // The status a project had when its company was put on hold, restored when the company returns.
    statusBeforeHold: f.integer({ readOnly: true, hidden: true }),
    activatedAt: f.datetime({ readOnly: true }),
    cycleEndsAt: f.datetime({ readOnly: true, index: true }),
    cancelAtCycleEnd: f.boolean({ default: false, readOnly: true }),
    cancelledAt: f.datetime({ readOnly: true }),
    lastCuratedEmailAt: f.datetime({ readOnly: true, hidden: true }),
    // The key the portal's new-project dialog sent with its create: a repeat of it answers this project (projects/repeats.ts).
    clientId: f.string({ max: 64, readOnly: true, hidden: true }),
    ...f.timestamps(),
  },
  indexes: [
    ['companyId', 'status'],
    { fields: ['sharedUserIds'], method: 'gin' },
    { fields: ['companyId', 'clientId'], unique: true },
  ],
  permissions: {
    admin: { manage: true },
    company: COMPANY_PROJECT_RULES,
    raasCompany: COMPANY_PROJECT_RULES,
  },
  admin: {
    label: 'Projects',
    recordLabel: 'Project',
    titleField: 'title',
    group: 'projects',
    list: {
      columns: ['title', 'companyId', 'jobTitleId', 'plan', 'status', 'advocateId', 'createdAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'companyId', 'status', 'plan', 'advocateId', 'isAdminProject'],
      bulkStatus: true,
    },
    edit: {
      layout: [
        ['title', 'jobTitleId'],
        ['companyId', 'ownerId'],
        ['advocateId', 'status'],
        ['countries'],
        ['headcount', 'salaryCurrency'],
        ['salaryMin', 'salaryMax'],
        ['requireSponsorVisa', 'isRelocate'],
        ['workingMode', 'noticePeriod'],
        ['requireLanguages'],
        ['jobDescription'],
        ['comments'],
        ['checked', 'isConfidential'],
      ],
    },
  },
});
