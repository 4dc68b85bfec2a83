/**
 * The text of a Word (DOCX) CV, read without trusting the package. The zip's central directory is
 * read first; the Word body (word/document.xml) is unpacked only when its declared size is within
 * the limit, and unpacking stops at the limit whatever the header said, so a zip bomb (a few KB
 * that unpack to gigabytes) is refused before it costs anything. The text then comes from one
 * linear scan of the body's runs (w:t, tabs, breaks, paragraph ends), so memory stays near the
 * size of the XML and time grows with its length, never faster.
 */
import { inflateRawSync } from 'node:zlib';

/** The file unpacks to more than the limit: refused as too large. */
export class CvTooLarge extends Error {}
/** The file is not a readable package of its type. */
export class CvUnreadable extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** More parts than any CV or job description has (Word writes a dozen or two): a package past it is refused unread. */
export const MAX_ENTRIES = 2000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory: the one list of entries whose sizes the writer declared. */
export function entriesOf(data: Buffer): Map<string, ZipEntry> {
  // The end record sits in the last 22 bytes plus at most a 64 KB comment.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i -= 1) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new CvUnreadable('no zip directory');
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  // ZIP64 packages (over 4 GB or 65,535 entries) are never CVs.
  if (count === 0xffff || at === 0xffffffff) throw new CvTooLarge('zip64');
  // Checked before the directory is walked: each entry costs a parse, and scrubbing one costs an inflate and a deflate.
  if (count > MAX_ENTRIES) throw new CvTooLarge(`${count} zip entries`);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new CvUnreadable('bad zip directory');
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const entry = {
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    };
    entries.set(entry.name, entry);
    at = next;
  }
  return entries;
}

/** One entry's bytes: refused when declared or actually larger than `limit`, or when the header lied. */
export function unpack(data: Buffer, entry: ZipEntry, limit: number): Buffer {
  if (entry.size > limit) throw new CvTooLarge(`${entry.name} declares ${entry.size} bytes`);
  const at = entry.offset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new CvUnreadable('bad zip entry');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw new CvUnreadable('truncated zip entry');
  const raw = data.subarray(start, start + entry.compressedSize);
  let out: Buffer;
  if (entry.method === 0) out = raw;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(raw, { maxOutputLength: limit });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new CvTooLarge(`${entry.name} unpacks past the limit`);
      throw new CvUnreadable('bad deflate data');
    }
  } else throw new CvUnreadable(`compression method ${entry.method}`);
  // A size other than the declared one is a forged header (the classic disguise of a bomb).
  if (out.length !== entry.size) throw new CvTooLarge(`${entry.name} unpacks to ${out.length}, declared ${entry.size}`);
  return out;
}

/** The main document part the package names (word/document.xml in every writer we know). */
function mainPart(data: Buffer, entries: Map<string, ZipEntry>): ZipEntry | undefined {
  const rels = entries.get('_rels/.rels');
  if (rels) {
    const xml = unpack(data, rels, 64 * 1024).toString('utf8');
    const target = /<Relationship\b[^>]{0,500}?Type="[^"]{0,200}\/officeDocument"[^>]{0,500}?>/.exec(xml)?.[0];
    const name = target && /Target="\/?([^"]{1,200})"/.exec(target)?.[1];
    if (name && entries.has(name)) return entries.get(name);
  }
  return entries.get('word/document.xml');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The text of a WordprocessingML body: runs' text, tabs and breaks, a blank line after each
 * paragraph (as Word's own plain-text export does), stopping after `maxChars`. Deleted text,
 * field codes and the duplicate fallback copies of text boxes are left out.
 */
export function wordBodyText(xml: string, maxChars: number): { text: string; truncated: boolean } {
  const parts: string[] = [];
  let length = 0;
  let inText = false;
  let fallback = 0;
  const add = (s: string) => {
    if (fallback) return;
    parts.push(s);
    length += s.length;
  };
  let i = Math.max(0, xml.indexOf('<w:body'));
  while (i < xml.length && length <= maxChars) {
    const open = xml.indexOf('<', i);
    if (open < 0) break;
    if (inText && open > i) add(decode(xml.slice(i, open)));
    const close = xml.indexOf('>', open);
    if (close < 0) break;
    const closing = xml[open + 1] === '/';
    const selfClosing = xml[close - 1] === '/';
    let nameEnd = open + (closing ? 2 : 1);
    while (nameEnd < close && !' \t\r\n/'.includes(xml[nameEnd])) nameEnd += 1;
    const name = xml.slice(open + (closing ? 2 : 1), nameEnd);
    if (name === 'w:t') inText = !closing && !selfClosing;
    else if (name === 'mc:Fallback') fallback += closing ? -1 : selfClosing ? 0 : 1;
    else if (closing && name === 'w:p') add('\n\n');
    else if (!closing && (name === 'w:tab' || name === 'w:ptab')) add('\t');
    else if (!closing && (name === 'w:br' || name === 'w:cr')) add('\n');
    else if (!closing && name === 'w:noBreakHyphen') add('-');
    fallback = Math.max(0, fallback);
    i = close + 1;
  }
  const text = parts.join('');
  return text.length > maxChars
    ? { text: text.slice(0, maxChars), truncated: true }
    : { text, truncated: length > maxChars };
}

/**
 * The package's declared shape within the limits: at most MAX_ENTRIES entries, none declaring more than
 * `maxUnpackedBytes`, all together no more than twice that. Reads only the central directory, so it is cheap enough to
 * run before a file is queued for the reading thread (precheck.ts); throws CvTooLarge or CvUnreadable.
 */
export function checkPackage(data: Buffer, limits: { maxUnpackedBytes: number }): Map<string, ZipEntry> {
  const entries = entriesOf(data);
  let total = 0;
  for (const entry of entries.values()) {
    if (entry.size > limits.maxUnpackedBytes) throw new CvTooLarge(`${entry.name} declares ${entry.size} bytes`);
    total += entry.size;
  }
  if (total > 2 * limits.maxUnpackedBytes) throw new CvTooLarge(`the package declares ${total} bytes`);
  return entries;
}

/**
 * Every part unpacked within its declared size (unpack refuses a part that unpacks to more or less than its header
 * said): a part the text does not need, such as a media file of zeros declared small, cannot hide a bomb. The body
 * is left to its own reading, which unpacks it the same way.
 */
function verifyParts(data: Buffer, entries: Map<string, ZipEntry>, body: ZipEntry): void {
  for (const entry of entries.values())
    if (entry !== body && !entry.name.endsWith('/')) unpack(data, entry, Math.max(1, entry.size));
}

/** The text of a DOCX file, within the limits; throws CvTooLarge or CvUnreadable. */
export function docxText(
  data: Buffer,
  limits: { maxUnpackedBytes: number; maxTextChars: number },
): { text: string; truncated: boolean } {
  const entries = checkPackage(data, limits);
  const body = mainPart(data, entries);
  if (!body) throw new CvUnreadable('no Word body');
  verifyParts(data, entries, body);
  return wordBodyText(unpack(data, body, limits.maxUnpackedBytes).toString('utf8'), limits.maxTextChars);
}
