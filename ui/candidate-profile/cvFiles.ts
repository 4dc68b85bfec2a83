import type { CvDraft } from '../../schema/cvDraft';
import { ApiError } from '../api/client';
import { errorMessage } from '../api/errors';
import { t } from '../../i18n';

/** CV files as the upload (POST candidates/cv-data) takes them, and the draft profile it answers with. */

/** What the file picker offers: PDF and Word (DOCX), the types the server reads. */
export const CV_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The message key of a file the server would refuse for its type, or undefined. */
export function cvFileProblem(file: File): string | undefined {
  if (!/\.(pdf|docx)$/i.test(file.name)) return 'upload.errors.unsupportedType';
  if (file.size === 0) return 'upload.errors.unreadable';
  return undefined;
}

// The draft is the parser's own type (a type-only import: nothing of the server enters the bundle).
export type {
  CvDraft,
  DraftExperience as CvDraftExperience,
  DraftEducation as CvDraftEducation,
} from '../../schema/cvDraft';

export interface CvUpload {
  fileType: 'pdf' | 'docx';
  /** The uploaded draft's reference: saving it as the profile's resumePath (or blindResumePath) attaches the file. Only its uploader can, once; a draft no profile takes is deleted after CV_DRAFT_HOURS. */
  newCvFilePathToDb: string;
  userId: string | null;
  guid: string | null;
  draft: CvDraft;
}

/** Uploads a CV (for a candidate, or for a new profile when no id is given). */
export type UploadCv = (file: File, candidateId?: string) => Promise<CvUpload>;

/** Words for a failed call, whichever app's client made it (the console's errors carry translated text already). */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err);
  if (err instanceof Error && err.message) return err.message;
  return t('errors.internalServerError');
}
