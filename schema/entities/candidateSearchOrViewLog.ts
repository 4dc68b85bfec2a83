import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * Each time a candidate appears in someone's search results or has their profile opened: the
 * source of the candidate's profile insights (search appearances and views). The product's
 * largest log (every search writes a row per candidate shown), so it is partitioned by month and
 * its old months dropped once rolled up (LOG_RETENTION_MONTHS); the daily rollup keeps the counts.
 */
export const candidateSearchOrViewLog = defineEntity({
  name: 'candidateSearchOrViewLog',
  table: 'candidate_search_or_view_logs',
  subject: 'CandidateSearchOrViewLog',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', index: false }),
    kind: f.enum({ searchAppearance: 1, profileView: 2 }, { required: true }),
    // The project the search or view happened in, when any (projects arrive with the pipeline).
    projectId: f.integer({ index: true }),
    actorKind: f.enum({ admin: 1, companyUser: 2, candidate: 3 }, { required: true }),
    actorId: f.integer({ required: true }),
    companyId: f.ref('company', { onDelete: 'set null' }),
    ...f.timestamps(),
  },
  indexes: [['candidateId', 'kind', 'createdAt']],
  partitionedBy: { field: 'createdAt', interval: 'month' },
  permissions: {
    // Companies and admins record what they searched and opened; the candidate reads their own counts.
    admin: { create: true, read: true },
    company: { create: true },
    raasCompany: { create: true },
    candidate: { read: { when: 'ownCandidate' } },
  },
});
