/**
 * A candidate's downloads (spec section 6) and the field each needs the `download` right on, as the
 * candidate's permissions declare it (schema/entities/candidate.ts): the profile PDF carries the
 * contact, so it needs the email; the CV as uploaded its resumePath; the blind CV its
 * blindResumePath (RaaS companies: of candidates with a first name). The download routes check
 * these fields, the profile answers which the caller may make, and the portal offers only those.
 */
export const CANDIDATE_DOWNLOADS = { pdf: 'email', cv: 'resumePath', blindCv: 'blindResumePath' } as const;

export type CandidateDownload = keyof typeof CANDIDATE_DOWNLOADS;

export const CANDIDATE_DOWNLOAD_KINDS = Object.keys(CANDIDATE_DOWNLOADS) as CandidateDownload[];
