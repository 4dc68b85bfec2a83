/**
 * Refusals that cost nothing, made on the request thread before a file is queued for the one reading thread
 * (readCv.ts): a file past the upload size, a file with active content, a Word package with more parts than a document has or declaring more
 * than the unpack limits (docx.ts checkPackage). What the declarations hide is caught while the file is read: parts
 * are unpacked only within their declared sizes, and a PDF's streams within a budget (pdfStreams.ts).
 */
import { checkDocxActiveContent, checkPdfActiveContent } from './activeContent';
import { CvTooLarge } from './docx';
import type { CvType } from './extractText';

/**
 * Throws CvTooLarge, CvUnreadable, or CvActiveContent for a file with macros, scripts or embedded files
 * (activeContent.ts: the Word package's parts and content types, the PDF's names outside compressed streams).
 */
export function precheck(data: Buffer, type: CvType, limits: { maxBytes: number; maxUnpackedBytes: number }): void {
  if (data.length > limits.maxBytes) throw new CvTooLarge(`${data.length} bytes`);
  if (type === 'docx') checkDocxActiveContent(data, limits);
  else checkPdfActiveContent(data);
}
