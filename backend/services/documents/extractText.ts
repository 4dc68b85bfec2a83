/**
 * Text out of a CV file, within limits. The type is read from the bytes, not the name: PDF files
 * start with '%PDF-', DOCX files are ZIP packages holding word/document.xml. Runs in the CV
 * reading thread (readWorker.ts), never on the thread that answers requests. Files with macros, scripts or embedded
 * files are refused before (precheck.ts, activeContent.ts) and while (pdfStreams.ts) they are read.
 */
import { getDocumentProxy } from 'unpdf';
import { CvActiveContent } from './activeContent';
import { CvTooLarge, CvUnreadable, docxText } from './docx';
import { checkPdfStreams } from './pdfStreams';

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

/**
 * What a PDF's streams may unpack to, together: a CV's text and fonts are a few megabytes; images of a scanned CV
 * more, but still well below four times the unpack limit of a Word file.
 */
const pdfBudget = (limits: TextLimits) => 4 * limits.maxUnpackedBytes;

/** The page's text as pdf.js lays it out: items in order, a line break where an item ends one. */
async function pdfText(data: Buffer, limits: TextLimits): Promise<{ text: string; truncated: boolean }> {
  checkPdfStreams(data, pdfBudget(limits));
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

const LINE_ENDS = /\r\n?|[\v\f\u2028\u2029]/g;
// Every other control character: NUL (pdf.js gives it for a glyph mapped to <0000>), the rest of C0, DEL and C1.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as the product stores it: line ends as \n, no control character but \t and \n, a lone surrogate (a Word
 * file's &#xD800;) as U+FFFD. PostgreSQL refuses NUL in text and the request guard (http/inputGuard.ts) refuses both,
 * so a file's text, the job description kept from it and the draft profile read from it always save.
 */
export function cleanDocumentText(text: string): string {
  return text.replace(LINE_ENDS, '\n').replace(CONTROLS, '').replace(LONE_SURROGATES, '\ufffd');
}

async function rawText(data: Buffer, type: CvType, limits: TextLimits): Promise<{ text: string; truncated: boolean }> {
  if (type === 'docx') return docxText(data, limits);
  try {
    return await pdfText(data, limits);
  } catch (err) {
    if (err instanceof CvTooLarge || err instanceof CvActiveContent) throw err;
    throw new CvUnreadable(err instanceof Error ? err.message : String(err));
  }
}

/**
 * The plain text of a CV, cleaned (cleanDocumentText); throws CvTooLarge past the limits and CvUnreadable when it
 * cannot be read as its type.
 */
export async function cvText(
  data: Buffer,
  type: CvType,
  limits: TextLimits,
): Promise<{ text: string; truncated: boolean }> {
  const { text, truncated } = await rawText(data, type, limits);
  return { text: cleanDocumentText(text), truncated };
}
