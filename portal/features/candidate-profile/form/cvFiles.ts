import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/errors';
import { t } from '../../../i18n';

/** CV files as the upload (POST candidates/cv-data) takes them, and the draft profile it answers with. */

/** What the file picker offers: PDF and Word (DOCX), the types the server reads. */
export const CV_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The message key of a file the server would refuse for its type, or undefined. */
export function cvFileProblem(file: File): string | undefined {
  if (!/\.(pdf|docx)$/i.test(file.name)) return 'upload.errors.unsupportedType';
  if (file.size === 0) return 'upload.errors.unreadable';
  return undefined;
}

export interface CvDraftExperience {
  title: string;
  company: string;
  startDate: string | null;
  endDate: string | null;
  currentPosition: boolean;
  description: string | null;
}

export interface CvDraftEducation {
  degree: string | null;
  institute: string;
  fieldOfStudy: string | null;
  startYear: number | null;
  endYear: number | null;
}

/** The profile the parser read from a CV (backend/features/talent/cv/parseCv.ts). */
export interface CvDraft {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  linkedInUrl: string | null;
  githubUrl: string | null;
  stackoverflowUrl: string | null;
  dribbbleUrl: string | null;
  portfolioUrl: string | null;
  summary: string | null;
  currentLocationId: number | null;
  jobTitleLookingFor: number[];
  skills: { skillId: number; isStar: boolean; name: string }[];
  experiences: CvDraftExperience[];
  educations: CvDraftEducation[];
}

export interface CvUpload {
  fileType: 'pdf' | 'docx';
  /** The stored file's key, saved as the profile's resumePath. */
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
