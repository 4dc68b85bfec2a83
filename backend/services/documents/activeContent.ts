/**
 * Files that carry active content are refused, whatever their text: a CV or job description is passed on to
 * recruiters and candidates, and a macro or script in it would run on their machines.
 * - A Word package is refused when it holds a VBA project, ActiveX controls, OLE objects or embedded macro-enabled
 *   packages, or its content types declare a macro-enabled document or an OLE object, or any relationships part
 *   (every `*.rels`) links an OLE object, or points outside the package for anything but a hyperlink or an image
 *   (a remote template, frame or sub-document, as Follina did). Only the central directory is read, and
 *   [Content_Types].xml and the `*.rels` parts unpacked within the unpack limit (docx.ts: the entry count and
 *   declared sizes are checked first, so a zip bomb costs nothing).
 * - A PDF is refused when it names JavaScript, a launch action, a go-to into another file, a form submission or data
 *   import, embedded files, rich media or an XFA form, in its bytes or (in the reading thread, pdfStreams.ts) in its
 *   compressed object streams. Names are compared after their #xx escapes are decoded, so `/J#61vaScript` counts as
 *   `/JavaScript`.
 */
import { checkPackage, CvTooLarge, CvUnreadable, unpack, type ZipEntry } from './docx';
import type { ReadFailure } from './readFailure';

/** The file holds macros, scripts or embedded files: refused as upload.errors.activeContent. */
export class CvActiveContent extends Error {}

/** Parts that only a macro-enabled, control-bearing or OLE-embedding Word file has, and embedded macro packages. */
const ACTIVE_PARTS =
  /(^|\/)(vbaProject\.bin|vbaData\.xml)$|(^|\/)activeX\/|(^|\/)oleObject[^/]*$|(^|\/)embeddings\/[^/]*\.(bin|docm|dotm|xlsm|xltm|xlsb|xlam|pptm|potm|ppsm|ppam|sldm)$/i;
/** Content types that mark a macro-enabled package, its VBA project, ActiveX controls or an OLE object. */
const ACTIVE_TYPES = /macroEnabled|vbaProject|ms-office\.activeX|vbaData|oleObject/i;
/** Relationship types a Word file may point outside its package with: a link, a picture. */
const EXTERNAL_OK = /\/(hyperlink|image)$/;
/** A relationship element's attributes: quoted values may hold `>`, so they are skipped whole (one way to match each). */
const RELATIONSHIP = /<(?:[\w.-]{1,50}:)?Relationship\b((?:[^>"']|"[^"]*"|'[^']*')*)/g;
const ATTRIBUTE = /([\w:.-]{1,50})\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const CONTENT_TYPES = '[content_types].xml';

function contentTypesOf(entries: Map<string, ZipEntry>): ZipEntry | undefined {
  for (const entry of entries.values()) if (entry.name.toLowerCase() === CONTENT_TYPES) return entry;
  return undefined;
}

const ENTITY = /&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value as an XML reader sees it, so `&#69;xternal` counts as External. */
function xmlValue(raw: string): string {
  return raw.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The first relationship in a `*.rels` part that links an OLE object or loads anything but a link or picture from outside. */
function activeRelationship(xml: string): string | undefined {
  for (const [, attributes] of xml.matchAll(RELATIONSHIP)) {
    const attrs = new Map<string, string>();
    for (const [, key, double, single] of attributes.matchAll(ATTRIBUTE))
      attrs.set(key.toLowerCase(), xmlValue(double ?? single).trim());
    const type = (attrs.get('type') ?? '').toLowerCase();
    const external = (attrs.get('targetmode') ?? '').toLowerCase() === 'external';
    if (/\/oleobject$/.test(type) || (external && !EXTERNAL_OK.test(type))) return type || 'untyped';
  }
  return undefined;
}

/**
 * Throws CvActiveContent for a Word package with macros, controls, OLE objects or external objects; CvTooLarge or
 * CvUnreadable as checkPackage.
 */
export function checkDocxActiveContent(data: Buffer, limits: { maxUnpackedBytes: number }): void {
  const entries = checkPackage(data, limits);
  for (const name of entries.keys()) if (ACTIVE_PARTS.test(name)) throw new CvActiveContent(name);
  const types = contentTypesOf(entries);
  if (types && ACTIVE_TYPES.test(unpack(data, types, limits.maxUnpackedBytes).toString('utf8')))
    throw new CvActiveContent('macro-enabled content type');
  for (const entry of entries.values()) {
    if (!/\.rels$/i.test(entry.name)) continue;
    const found = activeRelationship(unpack(data, entry, limits.maxUnpackedBytes).toString('utf8'));
    if (found) throw new CvActiveContent(`${entry.name}: ${found}`);
  }
}

/** PDF names that run code, open other programs or files, send or fetch form data, or carry other files. */
const ACTIVE_NAMES = new Set([
  ...['JavaScript', 'JS', 'Launch', 'GoToR', 'GoToE', 'SubmitForm', 'ImportData'],
  ...['EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA'],
]);
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
