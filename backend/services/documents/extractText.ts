/**
 * Text out of a CV file, within limits. The type is read from the bytes, not the name: PDF files
 * start with '%PDF-', DOCX files are ZIP packages holding word/document.xml. Runs in the CV
 * reading thread (readWorker.ts), never on the thread that answers requests.
 */
import { getDocumentProxy } from 'unpdf';
import { CvTooLarge, CvUnreadable, docxText } from './docx';

export type CvType = 'pdf' | 'docx';

export const CV_CONTENT_TYPES: Record<CvType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface TextLimits {
  maxUnpackedBytes: number;
  maxTextChars: number;
  maxPages: number;
}

export function sniffCvType(data: Buffer): CvType | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // A ZIP local file header; the package must also name the Word body part.
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && data.includes('word/')) return 'docx';
  return undefined;
}

/** The page's text as pdf.js lays it out: items in order, a line break where an item ends one. */
async function pdfText(data: Buffer, limits: TextLimits): Promise<{ text: string; truncated: boolean }> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const pages: string[] = [];
    let length = 0;
    const last = Math.min(pdf.numPages, limits.maxPages);
    for (let n = 1; n <= last && length <= limits.maxTextChars; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text);
      length += text.length + 1;
    }
    const text = pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
    const truncated = pdf.numPages > last || text.length > limits.maxTextChars;
    return { text: text.slice(0, limits.maxTextChars), truncated };
  } finally {
    await pdf.destroy();
  }
}

/** The plain text of a CV; throws CvTooLarge past the limits and CvUnreadable when it cannot be read as its type. */
export async function cvText(
  data: Buffer,
  type: CvType,
  limits: TextLimits,
): Promise<{ text: string; truncated: boolean }> {
  if (type === 'docx') return docxText(data, limits);
  try {
    return await pdfText(data, limits);
  } catch (err) {
    if (err instanceof CvTooLarge) throw err;
    throw new CvUnreadable(err instanceof Error ? err.message : String(err));
  }
}
