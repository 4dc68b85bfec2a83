/**
 * Duplicates: one person, one profile.
 * - Detection (keys.ts, detect.ts) in PostgreSQL: each candidate's match keys (email without case,
 *   +tags and the dots gmail ignores; phone in E.164, a national number read with the profile's
 *   country, its current location's, by the phone library in the server; LinkedIn and GitHub
 *   handles; latest employer and title with the name) in candidate_match_keys, joined by key; a
 *   close name counts with the same employer and title (pg_trgm). Each pair is stored in
 *   candidate_duplicates with its reasons and a confidence; a pair judged "not the same person" stays dismissed. `findTwins` serves saved
 *   profiles (the find_twins job every write queues, a merge and its undo among them; the bulk import, which calls it itself once
 *   each batch has committed and reports each row's twins without refusing it), `twinsOfDraft` a
 *   form not yet saved, `scanPool` the whole pool at once (the scan_duplicates job).
 * - No date of birth: the product holds none (neither the spec nor the candidate entity has one),
 *   so "the same date of birth" is not a reason; a close name counts with the same employer and
 *   title only. Adding one would be a field on the candidate and a key kind here.
 * - Merge (merge.ts, fields.ts, references.ts) in one transaction, a job or school both profiles list kept once (history.ts),
 *   and its undo (undo.ts) from the journal kept in candidate_merges (journal.ts), offered and allowed while nothing but
 *   looks (views, seen marks) was written about the survivor since (since.ts); a merged id answers as its survivor
 *   (redirect.ts; a company's old board link opens the survivor through the gate, search/profile.ts).
 *   The picture the survivor did not keep is served to nobody, and its file deleted once the undo
 *   window has closed; an undo brings it back with its profile (pictures.ts).
 * - Routes for admins only (endpoints.ts): the queue, a pair side by side, dismiss, merge, undo,
 *   the draft check and the scan.
 * Figures: `npm run bench:duplicates` (scripts/bench-duplicates.ts); the import's share in `npm run bench:import`.
 */
export { findTwins, scanPool, twinsOfDraft, type Draft, type Twin } from './detect';
export { emailKeySql, refreshKeys } from './keys';
export { recordKeys } from './record';
export { mergeCandidates } from './merge';
export { CHOSEN_FIELDS } from './fields';
export { undoMerge } from './undo';
export { survivorOf, personIds } from './redirect';
export { allReferences } from './references';

import type { Endpoint } from '../../endpoints/define';
import { duplicateEndpoints } from './endpoints';
import { redirectEndpoint } from './redirect';

/** The routes, the redirect of merged ids last so every other /candidates/... route is matched first. */
export function duplicatesEndpoints(): Endpoint[] {
  return [...duplicateEndpoints, redirectEndpoint];
}
