import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import type { RuleOptions } from '../lib/types';
import { ATS_ENVIRONMENTS, INTEGRATION_STATUS, LINK_KIND, RUN_STATUS, RUN_TRIGGER } from '../rules/ats';

/** Company Owners and Admins of the company manage its integrations; nobody else reads them. */
const companyAdmins: RuleOptions = { when: 'ownCompany', subRoles: ['owner', 'admin'] };

/**
 * A company's connection to its applicant-tracking system (spec section 9): the kind, the
 * credentials (encrypted with AES-256-GCM by backend/adapters/ats/secrets.ts, never sent to a
 * client), how many candidates were synced and when. One per kind and company. Written only by
 * backend/features/integrations; no generic route serves it.
 */
export const integration = defineEntity({
  name: 'integration',
  table: 'integrations',
  subject: 'Integration',
  fields: {
    companyId: f.ref('company', { required: true, onDelete: 'cascade', index: false }),
    kind: f.string({ required: true, max: 40 }),
    environment: f.enum(ATS_ENVIRONMENTS, { required: true, default: 2 }),
    status: f.enum(INTEGRATION_STATUS, { required: true, default: 1 }),
    /** What the company reads of the account: a subdomain or an account name, never a secret. */
    account: f.string({ max: 200 }),
    credentials: f.secret({ max: 8000 }),
    /**
     * Which credentials these are: one more each time they are replaced (connect again, sign in again), not when a
     * vendor's tokens are renewed. A sync refused with older ones leaves the newer ones alone (integrations/sync.ts).
     */
    credentialsVersion: f.integer({ required: true, default: 0, readOnly: true }),
    /** Facts learnt from the ATS that are not secret (a member id, stage slugs). */
    settings: f.json({ max: 8000, readOnly: true }),
    candidatesSynced: f.integer({ required: true, default: 0, readOnly: true }),
    lastSyncedAt: f.datetime({ readOnly: true }),
    createdById: f.ref('companyUser', { onDelete: 'set null' }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['companyId', 'kind'], unique: true }],
  permissions: {
    company: { read: companyAdmins, create: companyAdmins, update: companyAdmins, delete: companyAdmins },
  },
});

/** A remote record an integration keeps in step with a local one: a project's linked job, a project candidate's application. */
export const integrationLink = defineEntity({
  name: 'integrationLink',
  table: 'integration_links',
  subject: 'IntegrationLink',
  fields: {
    integrationId: f.ref('integration', { required: true, onDelete: 'cascade', index: false }),
    localKind: f.enum(LINK_KIND, { required: true }),
    localId: f.integer({ required: true }),
    remoteId: f.string({ required: true, max: 200 }),
    /**
     * The ATS job the application was placed on (project candidates): a project relinked to another job gets its
     * people's applications on the new one at the next sync (integrations/push.ts), the person reused.
     */
    remoteJobId: f.string({ max: 200 }),
    /** The local stage last sent (project candidates). */
    syncedStage: f.integer(),
    remoteChangedAt: f.datetime(),
    /** The ATS's own id of the person (project candidates): a second job for them is added to this person. */
    remoteCandidateId: f.string({ max: 200 }),
    /**
     * The product created that person in the ATS (the sync found none there by email or id). Only
     * such a person is erased there with the vendor's own call when the candidate is erased here;
     * a person the company already held stays for the company to decide.
     */
    remotePersonCreated: f.boolean({ required: true, default: false }),
    /** The application's stage or status as the ATS names it, read back by each sync ("Offer", "Rejected: Not a fit"). */
    remoteStatus: f.string({ max: 300 }),
    /** The product stage that status matches (a stage key), if any: what the card offers to move to. */
    remoteStage: f.string({ max: 40 }),
    /** Since when the ATS has had the application at that status (the vendor's time, or the first read that saw it). */
    remoteStatusSince: f.datetime(),
    /** When the status was last read from the ATS. */
    remoteReadAt: f.datetime(),
    /**
     * When a read back found the application gone from the ATS (deleted there, 404); cleared once one is read again.
     * The status then shows it gone, not the stage last read.
     */
    remoteGoneAt: f.datetime(),
    /**
     * The candidate of a project candidate's link, kept when the project (and its pipeline row) is deleted: the
     * candidate's erasure finds the person the product made in the ATS by it (dataRights/erase.ts).
     */
    candidateId: f.integer({ readOnly: true, hidden: true }),
    ...f.timestamps(),
  },
  indexes: [
    // One link per local record: a project is linked to at most one job of an integration.
    { fields: ['integrationId', 'localKind', 'localId'], unique: true },
    ['candidateId'],
    // A job is linked to at most one project of an integration (the sync would add one project's people to another's).
    {
      fields: ['integrationId', 'remoteId'],
      unique: true,
      where: { field: 'localKind', label: 'project_job', in: [LINK_KIND.project] },
    },
  ],
  permissions: {},
});

/**
 * An application the product placed in an ATS that its project candidate's link no longer names: the project was
 * relinked to another job, and the link now names the application on the new one (integrations/push.ts), the old one
 * left on the old job; or a duplicate merge folded two pipeline rows of one project, each linked, and the dropped
 * row's link went (duplicates/links.ts; its undo takes the row back out). Kept, with the person and whether the product made them, so the candidate's erasure lists and
 * erases it as it does the linked ones (dataRights/erase.ts); deleted with the candidate's other rows there.
 */
export const integrationFormerApplication = defineEntity({
  name: 'integrationFormerApplication',
  table: 'integration_former_applications',
  subject: 'IntegrationFormerApplication',
  fields: {
    integrationId: f.ref('integration', { required: true, onDelete: 'cascade', index: false }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    remoteId: f.string({ required: true, max: 200 }),
    remoteJobId: f.string({ max: 200 }),
    remoteCandidateId: f.string({ max: 200 }),
    remotePersonCreated: f.boolean({ required: true, default: false }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['integrationId', 'remoteId'], unique: true }],
  permissions: {},
});

/** An open job of the ATS, pulled by each sync so a project can be linked to it. */
export const integrationJob = defineEntity({
  name: 'integrationJob',
  table: 'integration_jobs',
  subject: 'IntegrationJob',
  fields: {
    integrationId: f.ref('integration', { required: true, onDelete: 'cascade', index: false }),
    remoteId: f.string({ required: true, max: 200 }),
    title: f.string({ required: true, max: 300 }),
    open: f.boolean({ required: true, default: true }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['integrationId', 'remoteId'], unique: true }],
  permissions: {},
});

/** One sync of an integration: its counts and, per record, what happened (created, updated, skipped, failed with the reason). */
export const integrationRun = defineEntity({
  name: 'integrationRun',
  table: 'integration_runs',
  subject: 'IntegrationRun',
  fields: {
    integrationId: f.ref('integration', { required: true, onDelete: 'cascade', index: false }),
    trigger: f.enum(RUN_TRIGGER, { required: true }),
    status: f.enum(RUN_STATUS, { required: true, default: 1 }),
    created: f.integer({ required: true, default: 0 }),
    updated: f.integer({ required: true, default: 0 }),
    skipped: f.integer({ required: true, default: 0 }),
    failed: f.integer({ required: true, default: 0 }),
    entries: f.json({ max: 200000 }),
    error: f.string({ max: 500 }),
    startedAt: f.datetime({ required: true, dbDefault: 'now' }),
    finishedAt: f.datetime(),
  },
  indexes: [['integrationId', 'startedAt']],
  permissions: {},
});
