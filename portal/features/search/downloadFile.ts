/**
 * Saves a candidate's file through the API client, as the board's card menu does: a refusal (downloadForbidden, or
 * the documents limit's 429) rejects with the API's error, for an in-app message, instead of a failed browser download.
 * Which downloads a viewer is offered is the one ability's answer on each download's field (schema/rules/downloads.ts).
 */
import { CANDIDATE_DOWNLOAD_KINDS, CANDIDATE_DOWNLOADS, type CandidateDownload } from '../../../schema/rules/downloads';
import { send } from '../../../ui/api/client';
import { saveResponse } from '../../../ui/api/saveBlob';
import { searchApi } from '../../api/search';
import { can, type Viewer } from '../../app/viewer';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  await saveResponse(await send(path.replace(/^\/api\/v1\//, '')), fallbackName);
}

/** The candidate downloads the viewer's role may make at all: a RaaS company the blind CV, companies none, admins all. */
export const downloadsOf = (viewer: Viewer | undefined): CandidateDownload[] =>
  viewer ? CANDIDATE_DOWNLOAD_KINDS.filter((d) => can(viewer, 'download', `Candidate.${CANDIDATE_DOWNLOADS[d]}`)) : [];

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
