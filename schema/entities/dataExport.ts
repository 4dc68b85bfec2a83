import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { CORRECTION_STATUS, DATA_EXPORT_SOURCE, DATA_EXPORT_STATUS } from '../rules/dataExport';

/**
 * A copy of everything the product holds about a candidate (schema/rules/dataExport.ts): asked for
 * by the candidate or by an admin for a request received elsewhere, prepared by a job that writes
 * its progress, stored as a ZIP and reached through an emailed link until `expiresAt`. Only the
 * link's hash is kept.
 */
export const dataExport = defineEntity({
  name: 'dataExport',
  table: 'data_exports',
  resource: 'data-exports',
  subject: 'DataExport',
  idPrefix: 'DataExport:',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', readOnly: true }),
    source: f.enum(DATA_EXPORT_SOURCE, { required: true, default: 1, readOnly: true }),
    requestedById: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    status: f.enum(DATA_EXPORT_STATUS, { required: true, default: 0, index: true, readOnly: true }),
    /** 0 to 100, written by the job as it goes. */
    progress: f.integer({ required: true, default: 0, min: 0, max: 100, readOnly: true }),
    fileKey: f.secret({ max: 300 }),
    tokenHash: f.secret({ max: 64 }),
    size: f.integer({ min: 0, readOnly: true }),
    readyAt: f.datetime({ readOnly: true }),
    expiresAt: f.datetime({ readOnly: true }),
    downloadedAt: f.datetime({ readOnly: true }),
    error: f.text({ max: 2000, readOnly: true }),
    ...f.timestamps(),
  },
  permissions: { admin: { read: true } },
  admin: {
    label: 'Data exports',
    recordLabel: 'Data export',
    titleField: 'status',
    group: 'talent',
    list: {
      columns: ['createdAt', 'candidateId', 'source', 'status', 'progress', 'expiresAt', 'downloadedAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['status', 'candidateId'],
    },
  },
});

/**
 * A candidate's request to correct a field only admins write: the field, the value they propose
 * and why; an admin applies it (the profile then holds the value) or declines it with a reason the
 * candidate reads.
 */
export const dataCorrection = defineEntity({
  name: 'dataCorrection',
  table: 'data_corrections',
  resource: 'data-corrections',
  subject: 'DataCorrection',
  idPrefix: 'DataCorrection:',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', readOnly: true }),
    /** One of CORRECTABLE_FIELDS: a candidate field's name. */
    field: f.string({ required: true, max: 40, readOnly: true }),
    proposedValue: f.text({ max: 2000, readOnly: true }),
    note: f.text({ required: true, max: 2000, readOnly: true }),
    status: f.enum(CORRECTION_STATUS, { required: true, default: 0, index: true, readOnly: true }),
    answer: f.text({ max: 2000, readOnly: true }),
    answeredById: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    answeredAt: f.datetime({ readOnly: true }),
    ...f.timestamps(),
  },
  permissions: { admin: { read: true } },
  admin: {
    label: 'Corrections',
    recordLabel: 'Correction request',
    titleField: 'field',
    group: 'talent',
    list: {
      columns: ['createdAt', 'candidateId', 'field', 'proposedValue', 'note', 'status', 'answer'],
      sort: ['createdAt', 'DESC'],
      filters: ['status', 'candidateId'],
    },
  },
});
