import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * Why two profiles look like one person; a pair may hold several. 'nameEmployer' (a close name at the same
 * employer, another title) is only given when the pair is not already 'nameEmployerTitle'.
 */
export const DUPLICATE_REASONS = ['email', 'phone', 'linkedIn', 'github', 'nameEmployerTitle', 'nameEmployer'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** A pair's state: waiting for review, judged two people (never shown again), or merged. */
export const DUPLICATE_STATUS = { open: 0, dismissed: 1, merged: 2 } as const;

/** How long an admin may undo a merge (the review's confirmation and the talent page say so). */
export const MERGE_UNDO_DAYS = 14;

/** The kinds of match key a candidate has (candidateMatchKey.kind), one per detection reason. */
export const MATCH_KEY_KIND = {
  email: 1,
  phone: 2,
  linkedIn: 3,
  github: 4,
  employerTitle: 5,
  nameEmployer: 6,
} as const;

/**
 * Two candidate profiles that look like one person, the lower id first: the reasons they matched
 * and a confidence (0-100). Found by the duplicates capability (backend/features/duplicates/); a
 * pair judged "not the same person" stays dismissed so no later scan proposes it again.
 */
export const candidateDuplicate = defineEntity({
  name: 'candidateDuplicate',
  table: 'candidate_duplicates',
  subject: 'CandidateDuplicate',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', index: false }),
    otherId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    reasons: f.stringList({ max: 5 }),
    confidence: f.integer({ required: true, min: 0, max: 100 }),
    status: f.enum(DUPLICATE_STATUS, { required: true, default: 0 }),
    decidedById: f.ref('admin', { onDelete: 'set null', index: false }),
    decidedAt: f.datetime(),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['candidateId', 'otherId'], unique: true }, ['status', 'confidence']],
  permissions: { admin: { manage: true } },
});

/**
 * A candidate's normalised identifiers (email without case, dots and +tags where the provider
 * ignores them; phone in E.164; LinkedIn and GitHub handles; latest employer and title with the
 * name beside it), one row per kind, so finding a profile's twins is an index lookup per key.
 */
export const candidateMatchKey = defineEntity({
  name: 'candidateMatchKey',
  table: 'candidate_match_keys',
  subject: 'CandidateMatchKey',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    kind: f.enum(MATCH_KEY_KIND, { required: true }),
    key: f.string({ required: true, max: 400 }),
    // For employer and title keys: the name the key's holders are compared by (pg_trgm similarity).
    name: f.string({ max: 200 }),
  },
  indexes: [['kind', 'key']],
  permissions: {},
});

/**
 * One merge: the surviving profile, the merged profile's id (which now answers as a redirect to
 * the survivor), who merged, and the journal that undoes it (the merged row, the rows moved,
 * combined or removed, and the survivor's values before) until `undoUntil` or a later write.
 */
export const candidateMerge = defineEntity({
  name: 'candidateMerge',
  table: 'candidate_merges',
  subject: 'CandidateMerge',
  fields: {
    survivorId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    mergedId: f.integer({ required: true, index: true }),
    mergedById: f.ref('admin', { onDelete: 'set null', index: false }),
    journal: f.json({ required: true }),
    undoUntil: f.datetime({ required: true }),
    undoneAt: f.datetime(),
    undoneById: f.ref('admin', { onDelete: 'set null', index: false }),
    ...f.timestamps(),
  },
  permissions: { admin: { read: true } },
});
