/**
 * Saves a candidate's file through the API client, as the board's card menu does: a refusal (downloadForbidden, or
 * the documents limit's 429) rejects with the API's error, for an in-app message, instead of a failed browser download.
 * Which downloads a viewer is offered of a candidate is the server's answer (the profile's and the board doc's
 * `canDownload`: backend/services/candidateGate/downloads.ts).
 */
import type { CandidateDownload } from '../../../schema/rules/downloads';
import { send } from '../../../ui/api/client';
import { saveResponse } from '../../../ui/api/saveBlob';
import { searchApi } from '../../api/search';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  await saveResponse(await send(path.replace(/^\/api\/v1\//, '')), fallbackName);
}

const PATHS: Record<CandidateDownload, (id: string) => string> = {
  pdf: searchApi.pdfUrl,
  cv: searchApi.cvUrl,
  blindCv: searchApi.blindCvUrl,
};
/** The name a file is saved under when the answer names none. */
const FALLBACK: Record<CandidateDownload, string> = { pdf: 'profile.pdf', cv: 'cv', blindCv: 'blind-cv.pdf' };

/** Saves one of a candidate's downloads. */
export const downloadCandidate = (kind: CandidateDownload, id: string): Promise<void> =>
  downloadFile(PATHS[kind](id), FALLBACK[kind]);
