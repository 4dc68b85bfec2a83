/**
 * The files the product reads as CVs and job descriptions, one rule for the browser and the server: the browser
 * checks a chosen file against them before it uploads (ui/candidate-profile/cvFiles.ts), the server refuses past them
 * (backend/config.ts CV_MAX_MB, which may only restate this size: backend/startChecks.ts; backend/services/documents/
 * uploadSpec.ts), and the messages and hints that name the limit are written from the same numbers (i18n/en.ts
 * upload.errors, the portal's upload hints).
 */

/** The largest CV or job description file, in megabytes. */
export const DOCUMENT_MAX_MB = 10;
/** The same, in bytes. */
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * 1024 * 1024;
/** The extensions read: PDF and Word (DOCX). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx'] as const;
