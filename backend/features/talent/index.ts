/**
 * Talent: complete candidate profiles, written through one path (writeCandidates.ts) by the
 * generic /candidates routes (candidates.ts), the status and email-change endpoints and the bulk
 * import (also run from the console; each imported row's likely twins, found once its batch has
 * committed, are told in the report and the console's result, and wait in the duplicate queue);
 * the admins' bulk deletion (bulkDelete.ts: per key, keys already gone skipped); CVs (cv/), the candidate's own status and email change, profile insights, and the badge of
 * semi-active candidates (semiActiveTag.ts).
 */
import type { Endpoint } from '../../endpoints/define';
import { candidatesBulkDelete } from './bulkDelete';
import { cvEndpoints } from './cv';
import { emailChangeEndpoints } from './emailChange';
import { importEndpoints } from './import/endpoints';
import { insightEndpoints } from './insights';
import { semiActiveTagEndpoint } from './semiActiveTag';
import { statusEndpoints } from './statusRoutes';
export { candidateWrites, educationWrites, experienceWrites, writeOwnDetails } from './candidates';
export { emailInUseNotice } from './emails';
export { importCandidates, type ImportProgress } from './import/importCandidates';
export { runImport } from './import/importJob';
export { anonymise, redactCv, REMOVED, type PersonalData } from './cv/blind';
export { fileSlug, monthRange, yearRange, yearsOfExperience } from './cv/format';
export { profileDocument, type ProfileData } from './cv/profile';
export { maySkipTriggers, prepareCandidate, writeCandidates } from './writeCandidates';

export function talentEndpoints(): Endpoint[] {
  return [
    ...insightEndpoints,
    ...statusEndpoints,
    candidatesBulkDelete,
    semiActiveTagEndpoint,
    ...emailChangeEndpoints,
    ...importEndpoints,
    ...cvEndpoints,
  ];
}
