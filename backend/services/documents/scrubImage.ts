/**
 * Metadata out of a picture, byte by byte and without an image library: a photo's EXIF (GPS position, camera serial,
 * date), XMP (its author, the editing tool's user) and comments can name or locate the person who took it, and a
 * profile picture or a picture inside a Word CV is shown to people that person never told. What draws the picture is
 * kept unchanged: JPEG segments other than APP1..APP15 and COM (APP0 JFIF and APP14 Adobe stay), PNG chunks other
 * than tEXt, zTXt, iTXt, eXIf and tIME, WebP chunks other than EXIF and XMP (the VP8X flags then say so). Bytes
 * after the image's end are dropped. Throws CvUnreadable for a file that is not a well-formed picture of its type.
 */
import { CvUnreadable } from './docx';

const JPEG_KEPT_APP = new Map([
  [0xe0, ['JFIF\0', 'JFXX\0']],
  [0xee, ['Adobe']],
]);

/** An APPn or COM segment that carries no pixels: dropped unless it is one of the kept APP segments above. */
function dropsJpegSegment(marker: number, body: Buffer): boolean {
  if (marker === 0xfe) return true;
  if (marker < 0xe0 || marker > 0xef) return false;
  const kept = JPEG_KEPT_APP.get(marker);
  return !kept?.some((id) => body.subarray(0, id.length).toString('latin1') === id);
}

/**
 * The end of the entropy-coded data that starts at `at`: the next marker other than a stuffed 0xFF or a restart, or
 * the end of the file.
 */
function scanEnd(data: Buffer, at: number): number {
  let i = at;
  while (i + 1 < data.length) {
    if (data[i] === 0xff) {
      const next = data[i + 1];
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        i += next === 0xff ? 1 : 2;
        continue;
      }
      return i;
    }
    i += 1;
  }
  return data.length;
}

function scrubJpeg(data: Buffer): Buffer {
  const out: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 1 >= data.length || data[at] !== 0xff) throw new CvUnreadable('bad JPEG marker');
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      out.push(data.subarray(at, at + 2));
      return Buffer.concat(out);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > data.length) throw new CvUnreadable('truncated JPEG segment');
    const length = data.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > data.length) throw new CvUnreadable('truncated JPEG segment');
    if (!dropsJpegSegment(marker, data.subarray(at + 4, end))) out.push(data.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // Start of scan: the compressed image data follows, up to the next real marker.
      const scan = scanEnd(data, at);
      out.push(data.subarray(at, scan));
      at = scan;
      // A file cut short after its image data (no end marker) still shows: kept as it is.
      if (at >= data.length) return Buffer.concat(out);
    }
  }
}

const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function scrubPng(data: Buffer): Buffer {
  const out: Buffer[] = [data.subarray(0, 8)];
  let at = 8;
  for (;;) {
    if (at + 12 > data.length) throw new CvUnreadable('truncated PNG chunk');
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > data.length) throw new CvUnreadable('truncated PNG chunk');
    if (!PNG_DROPPED.has(type)) out.push(data.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
}

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function scrubWebp(data: Buffer): Buffer {
  const riffEnd = 8 + data.readUInt32LE(4);
  if (riffEnd > data.length || riffEnd < 12) throw new CvUnreadable('truncated WebP file');
  const chunks: Buffer[] = [];
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new CvUnreadable('truncated WebP chunk');
    const type = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) throw new CvUnreadable('truncated WebP chunk');
    if (!WEBP_DROPPED.has(type)) {
      const chunk = Buffer.from(data.subarray(at, end));
      if (type === 'VP8X' && size >= 1) chunk[8] &= ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.from(data.subarray(0, 12));
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** The picture (JPEG, PNG or WebP, recognised by its bytes) without its metadata; throws CvUnreadable otherwise. */
export function scrubImage(data: Buffer): Buffer {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return scrubJpeg(data);
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return scrubPng(data);
  if (data.length >= 12 && startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return scrubWebp(data);
  throw new CvUnreadable('not a JPEG, PNG or WebP picture');
}
