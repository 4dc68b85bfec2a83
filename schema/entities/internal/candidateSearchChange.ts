import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** How long a change of a search document stays in the log: a reader further behind reloads the documents whole. */
export const SEARCH_CHANGES_RETENTION_MINUTES = 60;

/**
 * One search document a transaction inserted, updated or deleted, with the id of that transaction
 * (written by triggers on candidate_search_documents, migration `log_candidate_search_changes`).
 * A process that holds the documents in memory catches up by reading the documents of the changes
 * whose transaction is at or after the oldest one still running when it last read. No reference to
 * the document: deleted documents are logged too. Kept SEARCH_CHANGES_RETENTION_MINUTES
 * (`purge_search_changes`).
 */
export const candidateSearchChange = defineEntity({
  name: 'candidateSearchChange',
  table: 'candidate_search_changes',
  subject: 'CandidateSearchChange',
  fields: {
    xid: f.integer({ dbType: 'bigint', dbDefault: 'transactionId', required: true, readOnly: true, index: true }),
    documentId: f.integer({ required: true }),
    createdAt: f.datetime({ required: true, readOnly: true, dbDefault: 'now' }),
  },
  permissions: {},
});
