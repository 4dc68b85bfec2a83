/**
 * Refusals that cost nothing, made on the request thread before a file is queued for the one reading thread
 * (readCv.ts): a file past the upload size, a Word package with more parts than a document has or declaring more
 * than the unpack limits (docx.ts checkPackage). What the declarations hide is caught while the file is read: parts
 * are unpacked only within their declared sizes, and a PDF's streams within a budget (pdfStreams.ts).
 */
import { checkPackage, CvTooLarge } from './docx';
import type { CvType } from './extractText';

/** Throws CvTooLarge or CvUnreadable. */
export function precheck(data: Buffer, type: CvType, limits: { maxBytes: number; maxUnpackedBytes: number }): void {
  if (data.length > limits.maxBytes) throw new CvTooLarge(`${data.length} bytes`);
  if (type === 'docx') checkPackage(data, limits);
}
