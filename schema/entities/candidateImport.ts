import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * A bulk import of candidates from a CSV or JSON Lines file, started from the console and run as
 * a background job: where it stands (queued, running, done, failed), how far it has read, what it
 * created, updated and rejected, and the report of rejected rows. Rows imported that look like a
 * profile already in the pool or on an earlier row are counted (`likelyDuplicates`) and the first
 * of them kept for the console (`duplicates`); the report lists them all. The file's SHA-256 keeps
 * two imports of the same file from running at once.
 */
export const candidateImport = defineEntity({
  name: 'candidateImport',
  table: 'candidate_imports',
  subject: 'CandidateImport',
  idPrefix: 'CandidateImport:',
  fields: {
    fileName: f.string({ required: true, max: 255 }),
    fileKey: f.string({ max: 255, hidden: true }),
    fileSha256: f.string({ required: true, max: 64, index: true, hidden: true }),
    totalBytes: f.integer({ required: true }),
    status: f.enum({ queued: 0, running: 1, done: 2, failed: 3 }, { required: true, default: 0 }),
    bytesRead: f.integer({ default: 0 }),
    rows: f.integer({ default: 0 }),
    created: f.integer({ default: 0 }),
    updated: f.integer({ default: 0 }),
    rejected: f.integer({ default: 0 }),
    likelyDuplicates: f.integer({ default: 0 }),
    // The first rows imported with likely twins: [{ row, email, candidateId, otherId, otherRow, reasons, confidence, pairId }].
    duplicates: f.json(),
    reportKey: f.string({ max: 255, hidden: true }),
    error: f.text({ max: 2000 }),
    startedById: f.ref('admin', { onDelete: 'set null' }),
    startedAt: f.datetime(),
    finishedAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {
    // Whoever may create candidates one by one may import them in bulk.
    admin: { create: true, read: true },
  },
});
