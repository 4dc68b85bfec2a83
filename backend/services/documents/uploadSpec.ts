/**
 * The upload limits of every route that takes a CV or job description file (candidates/cv-data, a project's job
 * description, an interview request's job description, an AI match's job description, a chat attachment): the CV size
 * limit, and past it 413 upload.errors.documentTooLarge, whose words name the limit (schema/rules/documents.ts).
 */
import type { Config } from '../../config';

export const DOCUMENT_UPLOAD = {
  maxBytes: (config: Config) => config.cv.maxBytes,
  refusals: { tooLargeKey: 'upload.errors.documentTooLarge' },
};
