/**
 * Talent's public face for bulk loaders outside the API (seeds/, scripts/): the one candidate
 * check, the stored columns and the COPY encoding the import uses, so generated and demo
 * candidates are stored exactly as the API stores them without reaching into the generic layer.
 */
import { entity } from '../../../schema';
import { validateChildren } from '../../crud/children';
import type { ChildWrite } from '../../crud/writes';
import { validateRecord } from '../../crud/validate';

export { preloadIds } from '../../crud/refs';
export { CANDIDATE_REF_ENTITIES, checkCandidate, type CheckedCandidate } from './checkCandidate';
export { copyColumns, copyLines, encodeRow } from './import/copy';
export { tsWorker } from './import/tsWorker';
export { searchQueueSql, storedFields } from './writeCandidates';

const candidate = entity('candidate');

/**
 * A new candidate through the declaration's validator only (normalised values, child lists), for
 * generators whose references come from the database itself; throws on the first invalid field.
 */
export function validatedCandidate(raw: Record<string, unknown>): {
  data: Record<string, unknown>;
  children: ChildWrite[];
} {
  return { data: validateRecord(candidate, raw, 'create'), children: validateChildren(candidate, raw) };
}
