/**
 * Files that carry active content are refused, whatever their text: a CV or job description is passed on to
 * recruiters and candidates, and a macro or script in it would run on their machines.
 * - A Word package is refused when it holds a VBA project or ActiveX controls, or its content types declare a
 *   macro-enabled document. Only the central directory is read, and [Content_Types].xml unpacked within the unpack
 *   limit (docx.ts: the entry count and declared sizes are checked first, so a zip bomb costs nothing).
 * - A PDF is refused when it names JavaScript, a launch action, embedded files, rich media or an XFA form, in its
 *   bytes or (in the reading thread, pdfStreams.ts) in its compressed object streams. Names are compared after their
 *   #xx escapes are decoded, so `/J#61vaScript` counts as `/JavaScript`.
 */
import { checkPackage, CvTooLarge, CvUnreadable, unpack, type ZipEntry } from './docx';
import type { ReadFailure } from './readFailure';

/** The file holds macros, scripts or embedded files: refused as upload.errors.activeContent. */
export class CvActiveContent extends Error {}

/** Parts that only a macro-enabled or control-bearing Word file has. */
const ACTIVE_PARTS = /(^|\/)(vbaProject\.bin|vbaData\.xml)$|(^|\/)activeX\//i;
/** Content types that mark a macro-enabled package, its VBA project or ActiveX controls. */
const ACTIVE_TYPES = /macroEnabled|vbaProject|ms-office\.activeX|vbaData/i;

const CONTENT_TYPES = '[content_types].xml';

function contentTypesOf(entries: Map<string, ZipEntry>): ZipEntry | undefined {
  for (const entry of entries.values()) if (entry.name.toLowerCase() === CONTENT_TYPES) return entry;
  return undefined;
}

/** Throws CvActiveContent for a Word package with macros or controls; CvTooLarge or CvUnreadable as checkPackage. */
export function checkDocxActiveContent(data: Buffer, limits: { maxUnpackedBytes: number }): void {
  const entries = checkPackage(data, limits);
  for (const name of entries.keys()) if (ACTIVE_PARTS.test(name)) throw new CvActiveContent(name);
  const types = contentTypesOf(entries);
  if (types && ACTIVE_TYPES.test(unpack(data, types, limits.maxUnpackedBytes).toString('utf8')))
    throw new CvActiveContent('macro-enabled content type');
}

/** PDF names that run code, open other programs or carry other files. */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
/** A name: a solidus, then regular characters up to a delimiter or white space (PDF 32000-1, 7.3.5). */
const NAME = /\/([^\s/()<>[\]{}%]{1,127})/g;
const ESCAPE = /#([0-9a-fA-F]{2})/g;

/** The first active name in `text` (a PDF's bytes as Latin-1), or undefined. Linear in the text's length. */
export function activePdfName(text: string): string | undefined {
  for (const match of text.matchAll(NAME)) {
    const raw = match[1];
    const name = raw.includes('#')
      ? raw.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : raw;
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return undefined;
}

/** Throws CvActiveContent for a PDF whose bytes name active content. */
export function checkPdfActiveContent(data: Buffer): void {
  const name = activePdfName(data.toString('latin1'));
  if (name) throw new CvActiveContent(`/${name}`);
}

/** How a refusal thrown while reading (precheck.ts, readWorker.ts) is reported. */
export function failureOf(err: unknown): ReadFailure {
  if (err instanceof CvActiveContent) return 'activeContent';
  if (err instanceof CvTooLarge) return 'tooComplex';
  return err instanceof CvUnreadable ? 'unreadable' : 'failed';
}
