import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { DATA_RIGHTS_ACTIONS, ERASURE_SOURCE, ERASURE_STATUS } from '../rules/dataRights';
import { ACTOR_KINDS } from '../roles';

/**
 * A candidate's request to be erased (schema/rules/dataRights.ts): confirmed by an emailed code,
 * cooling off until `dueAt`, possibly held by an admin with a reason, then carried out. After the
 * erasure the row keeps no identity: only the candidate's id (whose row is "Erased candidate"),
 * the dates, the counts of what was removed and the ATS records the company is to erase itself.
 */
export const erasureRequest = defineEntity({
  name: 'erasureRequest',
  table: 'erasure_requests',
  resource: 'erasure-requests',
  subject: 'ErasureRequest',
  idPrefix: 'ErasureRequest:',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', readOnly: true }),
    status: f.enum(ERASURE_STATUS, { required: true, default: 0, index: true }),
    source: f.enum(ERASURE_SOURCE, { required: true, default: 1, readOnly: true }),
    codeHash: f.secret({ max: 64 }),
    attempts: f.integer({ required: true, default: 0, hidden: true }),
    codeExpiresAt: f.datetime({ hidden: true }),
    confirmedAt: f.datetime({ readOnly: true }),
    dueAt: f.datetime({ readOnly: true, index: true }),
    heldReason: f.text({ max: 2000, readOnly: true }),
    heldById: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    heldAt: f.datetime({ readOnly: true }),
    erasedAt: f.datetime({ readOnly: true }),
    erasedById: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    /** What the erasure removed, by table, and the ATS records listed for their companies. */
    report: f.json({ max: 100000, readOnly: true }),
    ...f.timestamps(),
  },
  permissions: { admin: { read: true } },
  admin: {
    label: 'Erasure requests',
    recordLabel: 'Erasure request',
    titleField: 'status',
    group: 'talent',
    list: {
      columns: ['createdAt', 'candidateId', 'status', 'dueAt', 'heldReason', 'erasedAt'],
      sort: ['createdAt', 'DESC'],
      filters: ['status'],
    },
  },
});

/**
 * The append-only log of candidates' data rights: every erasure request, confirmation,
 * cancellation, hold and erasure, with who did it. PostgreSQL refuses updates and deletes of it.
 * It names the candidate by id only, so an erasure leaves nothing in it to remove.
 */
export const dataRightsLog = defineEntity({
  name: 'dataRightsLog',
  table: 'data_rights_logs',
  resource: 'data-rights-logs',
  subject: 'DataRightsLog',
  idPrefix: 'DataRightsLog:',
  fields: {
    candidateId: f.integer({ required: true, index: true, readOnly: true, display: 'plain' }),
    action: f.enum(DATA_RIGHTS_ACTIONS, { required: true, readOnly: true }),
    /** Who: an ACTOR_KINDS value and the row id in that kind's table; empty for the scheduled job. */
    actorKind: f.integer({ readOnly: true, choices: f.enum(ACTOR_KINDS).choices }),
    actorId: f.integer({ readOnly: true, display: 'plain' }),
    /** What, in the product's words (ids, a purpose or field, counts); never the candidate's identity nor free text. */
    detail: f.json({ max: 20000, readOnly: true }),
    createdAt: f.datetime({ dbDefault: 'now', readOnly: true, index: true }),
  },
  permissions: { admin: { read: true } },
  admin: {
    label: 'Data rights log',
    recordLabel: 'Data rights entry',
    titleField: 'action',
    group: 'talent',
    list: {
      columns: ['createdAt', 'action', 'candidateId', 'actorKind', 'actorId', 'detail'],
      sort: ['createdAt', 'DESC'],
      filters: ['action', 'candidateId'],
    },
  },
});

/**
 * A one-way hash (HMAC) of an erased candidate's email, as written or of its mailbox key (two rows
 * an address, told apart by the hashed prefix: backend/services/erasedEmails.ts): an import that
 * brings the same mailbox again skips it. Removed when the person signs up again of their own accord.
 */
export const erasedEmail = defineEntity({
  name: 'erasedEmail',
  table: 'erased_emails',
  subject: 'ErasedEmail',
  fields: {
    emailHash: f.string({ required: true, unique: true, max: 64 }),
    createdAt: f.datetime({ dbDefault: 'now', readOnly: true }),
  },
  permissions: {},
});
