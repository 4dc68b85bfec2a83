import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * Candidates whose search document is to be refreshed when the writing transaction commits: the
 * maintenance triggers add them, and the commit-time refresh takes them out in the same
 * transaction, so the table is empty between transactions.
 */
export const candidateSearchPending = defineEntity({
  name: 'candidateSearchPending',
  table: 'candidate_search_pending',
  subject: 'CandidateSearchPending',
  fields: {
    candidateId: f.integer({ required: true, unique: true }),
  },
  permissions: {},
});
