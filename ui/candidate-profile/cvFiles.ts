import type { CvDraft } from '../../schema/cvDraft';
import { ApiError } from '../api/client';
import { errorMessage } from '../api/errors';
import { t } from '../../i18n';
import { DOCUMENT_MAX_BYTES } from '../../schema/rules/documents';

/** CV files as the upload (POST candidates/cv-data) takes them, and the draft profile it answers with. */

/** What the file picker offers: PDF and Word (DOCX), the types the server reads. */
export const CV_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What a file of each type starts with: '%PDF-', or a ZIP header for a Word package. */
const SIGNATURES: Record<string, number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  docx: [0x50, 0x4b, 0x03, 0x04],
};

/**
 * The message key of a file the server would refuse for its type or size (schema/rules/documents.ts), or undefined:
 * checked before the upload, so a 30 MB file or a renamed one is refused at once, not after it was sent.
 */
export async function cvFileProblem(file: File): Promise<string | undefined> {
  const ext = /\.(pdf|docx)$/i.exec(file.name)?.[1].toLowerCase();
  if (!ext) return 'upload.errors.unsupportedType';
  if (file.size === 0) return 'upload.errors.unreadable';
  if (file.size > DOCUMENT_MAX_BYTES) return 'upload.errors.documentTooLarge';
  const signature = SIGNATURES[ext];
  const head = new Uint8Array(await file.slice(0, signature.length).arrayBuffer());
  return signature.every((byte, i) => head[i] === byte) ? undefined : 'upload.errors.unsupportedType';
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
