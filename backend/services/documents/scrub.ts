/**
 * Documents stripped of what names their author before they are stored and shown to others. A blind CV is the
 * admin's anonymous copy of a CV that RaaS companies download before they reveal the candidate, and a confidential
 * project's job description must not name the company; both kinds of file carry their maker's name outside the
 * page: in a PDF, the /Info dictionary, the XMP /Metadata stream, notes' authors and earlier revisions an
 * incremental save left in the file; in a Word file, the document properties, tracked changes, comments and the
 * photos' EXIF. What a reader sees on the page is kept; everything else is dropped:
 *   scrubPdf    the PDF rewritten whole by pdf-lib: no /Info, no /Metadata or /PieceInfo anywhere, no author or text
 *               on notes (markup annotations), and only the objects reachable from the catalog
 *   scrubDocx   the package's parts rezipped: empty core, app and custom properties, tracked changes accepted, no
 *               authors, initials or revision ids, empty comments and people parts, pictures without metadata
 *   scrubImage  a JPEG, PNG or WebP without its metadata (scrubImage.ts)
 * A file that cannot be parsed, or is encrypted, is refused (CvUnreadable), never kept as it came; a Word file past
 * the unpacking limits is refused as too large (CvTooLarge), as reading it is (docx.ts). This runs in the CV reading
 * thread (readWorker.ts), within its time and memory limits.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from '@cantoo/pdf-lib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { CvTooLarge, CvUnreadable, entriesOf, unpack } from './docx';
import type { CvType } from './extractText';
import { scrubImage } from './scrubImage';

export { scrubImage };

/** Dictionary keys that hold metadata wherever they appear (catalog, pages, images, fonts). */
const METADATA_KEYS = ['Metadata', 'PieceInfo'].map((k) => PDFName.of(k));
/** Annotations that are notes: their author (/T), text and subject are dropped; their appearance stays. */
const MARKUP = new Set(
  [
    'Text',
    'Popup',
    'FreeText',
    'Line',
    'Square',
    'Circle',
    'Polygon',
    'PolyLine',
    'Highlight',
    'Underline',
    'Squiggly',
    'StrikeOut',
    'Stamp',
    'Caret',
    'Ink',
    'FileAttachment',
    'Sound',
    'Redact',
  ].map((k) => PDFName.of(k)),
);
const NOTE_KEYS = ['T', 'Contents', 'RC', 'Subj'].map((k) => PDFName.of(k));
const TYPE = PDFName.of('Type');
const SUBTYPE = PDFName.of('Subtype');
const ANNOT = PDFName.of('Annot');

function cleanDict(dict: PDFDict): void {
  for (const key of METADATA_KEYS) dict.delete(key);
  const type = dict.get(TYPE);
  if (MARKUP.has(dict.get(SUBTYPE) as PDFName) && (type === undefined || type === ANNOT))
    for (const key of NOTE_KEYS) dict.delete(key);
}

/** Cleans every dictionary reachable from the catalog and returns the indirect objects met on the way. */
function walk(doc: PDFDocument): Set<PDFRef> {
  const { context } = doc;
  const reached = new Set<PDFRef>();
  const stack: PDFObject[] = [context.trailerInfo.Root as PDFObject];
  while (stack.length) {
    const object = stack.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFDict || object instanceof PDFStream) {
      const dict = object instanceof PDFStream ? object.dict : object;
      cleanDict(dict);
      for (const [, value] of dict.entries()) stack.push(value);
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
  return reached;
}

/** The PDF without its metadata, notes' authors and unreachable objects, saved whole (no incremental update). */
export async function scrubPdf(data: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data, { ignoreEncryption: false, updateMetadata: false });
  } catch (err) {
    throw new CvUnreadable(`PDF not readable: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { context } = doc;
  if (!(context.lookup(context.trailerInfo.Root) instanceof PDFDict)) throw new CvUnreadable('PDF without a catalog');
  context.trailerInfo.Info = undefined;
  const reached = walk(doc);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
  // Object streams would hide the output's remaining text from a byte search; the file stays plain.
  return Buffer.from(await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }));
}

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/** The part with its root element kept (name, namespaces) and emptied: still a valid part, saying nothing. */
export function emptyRoot(xml: string): string {
  const root = /<(?![?!])[^>]*>/.exec(xml)?.[0];
  if (!root) throw new CvUnreadable('XML part without a root element');
  return XML_DECL + (root.endsWith('/>') ? root : `${root.slice(0, -1)}/>`);
}

/** Elements removed with their content: deleted and moved-away text, and formatting changes' records. */
const REMOVED = [
  'w:del',
  'w:delText',
  'w:delInstrText',
  'w:moveFrom',
  ...['rPr', 'pPr', 'sectPr', 'tblPr', 'trPr', 'tcPr', 'tblGrid', 'numbering'].map((p) => `w:${p}Change`),
];
/**
 * Markers removed (self-closing revision marks, comment anchors and range marks); removed first, so a self-closing
 * element is never taken for the start of one with content.
 */
const MARKERS = [
  ...REMOVED,
  'w:ins',
  'w:moveTo',
  'w:cellIns',
  'w:cellDel',
  'w:cellMerge',
  'w:commentRangeStart',
  'w:commentRangeEnd',
  'w:commentReference',
  'w:moveFromRangeStart',
  'w:moveFromRangeEnd',
  'w:moveToRangeStart',
  'w:moveToRangeEnd',
  'w:attachedTemplate',
];

/** A WordprocessingML part with tracked changes accepted and no authors, initials or revision ids. */
export function acceptRevisions(xml: string): string {
  let out = xml;
  for (const name of MARKERS) out = out.replace(new RegExp(`<${name}(?=[\\s/>])[^>]*/>`, 'g'), '');
  for (const name of REMOVED) out = out.replace(new RegExp(`<${name}(?=[\\s>])[^>]*>[\\s\\S]*?</${name}>`, 'g'), '');
  // Inserted and moved-here text stays, without its wrapper (which names who made the change).
  out = out.replace(/<\/?w:(?:ins|moveTo)(?=[\s>])[^>]*>/g, '');
  out = out.replace(/<w:rsids>[\s\S]*?<\/w:rsids>/g, '');
  return out.replace(/\s(?:w:author|w:initials|w:rsid\w*|w15:userId|w15:providerId)="[^"]*"/g, '');
}

const CORE = /\/metadata\/core-properties$/;
const APP = /\/extended-properties$/;
const CUSTOM = /\/custom-properties$/;
const TEMPLATE = /\/attachedTemplate$/;

/** The property parts the package names (docProps/*.xml by default). */
function propertyParts(rels: string | undefined): Set<string> {
  const parts = new Set(['docProps/core.xml', 'docProps/app.xml', 'docProps/custom.xml']);
  for (const tag of rels?.match(/<Relationship\b[^>]*>/g) ?? []) {
    const type = /Type="([^"]*)"/.exec(tag)?.[1] ?? '';
    const target = /Target="\/?([^"]*)"/.exec(tag)?.[1];
    if (target && (CORE.test(type) || APP.test(type) || CUSTOM.test(type))) parts.add(target);
  }
  return parts;
}

/** One part's new bytes, or the same bytes when it says nothing of its author. */
function scrubPart(name: string, bytes: Buffer, properties: Set<string>): Uint8Array {
  const lower = name.toLowerCase();
  if (properties.has(name)) return strToU8(emptyRoot(bytes.toString('utf8')));
  if (/^word\/(comments[^/]*|people)\.xml$/.test(lower)) return strToU8(emptyRoot(bytes.toString('utf8')));
  if (/^word\/media\/[^/]+\.(jpe?g|png|webp)$/.test(lower)) return new Uint8Array(scrubImage(bytes));
  if (lower.endsWith('.rels'))
    return strToU8(
      bytes
        .toString('utf8')
        .replace(/<Relationship\b[^>]*>/g, (tag) => (TEMPLATE.test(/Type="([^"]*)"/.exec(tag)?.[1] ?? '') ? '' : tag)),
    );
  if (lower.startsWith('word/') && lower.endsWith('.xml')) return strToU8(acceptRevisions(bytes.toString('utf8')));
  return new Uint8Array(bytes);
}

/**
 * The Word file rezipped with its parts scrubbed. Each part may unpack to `maxUnpackedBytes`, all of them together
 * to twice that (a zip bomb is refused as too large before it costs more).
 */
export function scrubDocx(data: Buffer, limits: { maxUnpackedBytes: number }): Buffer {
  const entries = entriesOf(data);
  let total = 0;
  const unpacked = new Map<string, Buffer>();
  for (const entry of entries.values()) {
    if (entry.name.endsWith('/')) continue;
    const bytes = unpack(data, entry, limits.maxUnpackedBytes);
    total += bytes.length;
    if (total > 2 * limits.maxUnpackedBytes) throw new CvTooLarge('the package unpacks past the limit');
    unpacked.set(entry.name, bytes);
  }
  const properties = propertyParts(unpacked.get('_rels/.rels')?.toString('utf8'));
  const files: Zippable = {};
  for (const [name, bytes] of unpacked) files[name] = scrubPart(name, bytes, properties);
  // A fixed date: the package says nothing of when it was last saved either.
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date('1980-01-01T00:00:00Z') }));
}

/** The document of its type scrubbed (see above); throws CvUnreadable or CvTooLarge. */
export function scrubDocument(data: Buffer, type: CvType, limits: { maxUnpackedBytes: number }): Promise<Buffer> {
  return type === 'pdf' ? scrubPdf(data) : Promise.resolve(scrubDocx(data, limits));
}
