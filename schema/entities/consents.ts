import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../rules/consents';

/**
 * A candidate's current decision about one purpose (schema/rules/consents.ts): given or withdrawn,
 * when and how (sign-up, profile page, an admin on the candidate's request, with the admin's note
 * of that request), and for the terms the notice version accepted. One row per candidate and
 * purpose, deleted with the rest of the person's rows by an erasure; its history is the data
 * rights log, which says that a decision came with a note but never holds the note itself.
 */
export const candidateConsent = defineEntity({
  name: 'candidateConsent',
  table: 'candidate_consents',
  resource: 'candidate-consents',
  subject: 'CandidateConsent',
  idPrefix: 'CandidateConsent:',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', readOnly: true, index: false }),
    purpose: f.enum(CONSENT_PURPOSES, { required: true, readOnly: true }),
    granted: f.boolean({ required: true, readOnly: true }),
    /** The terms and privacy notice version accepted (purpose terms). */
    version: f.string({ max: 40, readOnly: true }),
    source: f.enum(CONSENT_SOURCES, { required: true, readOnly: true }),
    /** The note of the request an admin recorded this decision on (source admin); empty otherwise. */
    requestNote: f.text({ max: 2000, readOnly: true }),
    decidedAt: f.datetime({ required: true, dbDefault: 'now', readOnly: true }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['candidateId', 'purpose'], unique: true }],
  permissions: { admin: { read: true } },
  admin: {
    label: 'Consents',
    recordLabel: 'Consent',
    titleField: 'purpose',
    group: 'talent',
    list: {
      columns: ['decidedAt', 'candidateId', 'purpose', 'granted', 'version', 'source'],
      sort: ['decidedAt', 'DESC'],
      filters: ['purpose', 'granted', 'source'],
    },
  },
});

/**
 * When a candidate last signed in, and where the retention of an inactive profile stands: reminded
 * (the email that it will be archived), then archived and put on the erasure path.
 */
export const candidateActivity = defineEntity({
  name: 'candidateActivity',
  table: 'candidate_activity',
  subject: 'CandidateActivity',
  fields: {
    candidateId: f.ref('candidate', { required: true, unique: true, onDelete: 'cascade', index: false }),
    lastActiveAt: f.datetime({ required: true, dbDefault: 'now' }),
    remindedAt: f.datetime(),
    archivedAt: f.datetime(),
  },
  permissions: {},
});

/** What one run of the daily retention job did: counts per kind (schema/rules/retention.ts) and the periods it applied. */
export const retentionRun = defineEntity({
  name: 'retentionRun',
  table: 'retention_runs',
  resource: 'retention-runs',
  subject: 'RetentionRun',
  idPrefix: 'RetentionRun:',
  fields: {
    ranAt: f.datetime({ required: true, dbDefault: 'now', readOnly: true, index: true }),
    counts: f.json({ required: true, max: 4000, readOnly: true }),
    periods: f.json({ required: true, max: 4000, readOnly: true }),
  },
  permissions: { admin: { read: true } },
  admin: {
    label: 'Retention runs',
    recordLabel: 'Retention run',
    titleField: 'ranAt',
    group: 'talent',
    list: { columns: ['ranAt', 'counts', 'periods'], sort: ['ranAt', 'DESC'] },
  },
});
