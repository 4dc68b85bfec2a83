import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { NOTE_VISIBILITY } from '../rules/pipeline';

/**
 * A note on a candidate (spec section 3), usually written in a project: visible to admins only (1)
 * or also to the project's company (2). Deleting keeps the row with `deletedAt` (soft delete).
 * Written through the candidate-note calls of backend/features/pipeline.
 */
export const candidateNote = defineEntity({
  name: 'candidateNote',
  table: 'candidate_notes',
  subject: 'CandidateNote',
  fields: {
    key: f.guid(),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    projectId: f.ref('project', { onDelete: 'cascade' }),
    companyId: f.ref('company', { onDelete: 'cascade' }),
    note: f.text({ required: true, max: 5000 }),
    visibility: f.enum(NOTE_VISIBILITY, {
      required: true,
      default: 2,
      labels: { adminsOnly: 'Admins only', companyToo: 'Admins and the company' },
    }),
    authorAdminId: f.ref('admin', { onDelete: 'set null' }),
    authorUserId: f.ref('companyUser', { onDelete: 'set null' }),
    authorName: f.string({ max: 200, readOnly: true }),
    deletedAt: f.datetime({ readOnly: true }),
    ...f.timestamps(),
  },
  indexes: [['candidateId', 'createdAt']],
  permissions: {
    admin: { read: true, create: true, update: true, delete: true },
    // Companies write the text; a note they write is always visible to them too (visibility 2),
    // whatever they send. Admins choose who sees theirs.
    company: {
      read: { when: ['ownCompany', 'noteForCompany'] },
      create: { when: 'ownCompany', fields: ['candidateId', 'projectId', 'companyId', 'note'] },
      update: { when: 'ownNote', fields: ['note'] },
      delete: { when: 'ownNote' },
    },
    raasCompany: {
      read: { when: ['ownCompany', 'noteForCompany'] },
      create: { when: 'ownCompany', fields: ['candidateId', 'projectId', 'companyId', 'note'] },
      update: { when: 'ownNote', fields: ['note'] },
      delete: { when: 'ownNote' },
    },
  },
});
