/**
 * Text out of a CV file. The type is read from the bytes, not the name: PDF files start with
 * '%PDF-', DOCX files are ZIP packages holding word/document.xml.
 */
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

export type CvType = 'pdf' | 'docx';

export const CV_CONTENT_TYPES: Record<CvType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function sniffCvType(data: Buffer): CvType | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // A ZIP local file header; the package must also name the Word body part.
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && data.includes('word/')) return 'docx';
  return undefined;
}

/** The plain text of a CV, or undefined when the file cannot be read as its type. */
export async function cvText(data: Buffer, type: CvType): Promise<string | undefined> {
  try {
    if (type === 'pdf') {
      const pdf = await getDocumentProxy(new Uint8Array(data));
      const { text } = await extractText(pdf, { mergePages: true });
      return text;
    }
    const { value } = await mammoth.extractRawText({ buffer: data });
    return value;
  } catch {
    return undefined;
  }
}
