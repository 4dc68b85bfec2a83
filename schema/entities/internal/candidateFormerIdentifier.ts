import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** What a former identifier was: the candidate's email address or their phone number. */
export const FORMER_IDENTIFIER_KIND = { email: 1, phone: 2 } as const;

/**
 * An email address or phone number a candidate had before changing it (their own email change, an
 * edit of the profile by them, an admin or an import: written by the one write path's effects,
 * backend/features/talent/effects.ts). Only the person's own copy of their data shows it; an
 * erasure reads it so the person's old addresses and numbers go with the current ones
 * (backend/features/dataRights/erase.ts), and deletes it with every other row naming the candidate. A merge moves it to the survivor like those rows.
 */
export const candidateFormerIdentifier = defineEntity({
  name: 'candidateFormerIdentifier',
  table: 'candidate_former_identifiers',
  subject: 'CandidateFormerIdentifier',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    kind: f.enum(FORMER_IDENTIFIER_KIND, { required: true }),
    value: f.string({ required: true, max: 320 }),
    ...f.timestamps(),
  },
  permissions: {},
});
