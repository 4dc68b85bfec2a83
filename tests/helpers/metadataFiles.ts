/**
 * Files that name their author outside what they show, as real tools write them: a photo with EXIF (GPS, camera
 * serial), XMP and a comment; a PNG and a WebP with text and EXIF chunks; a PDF with /Info, an XMP stream, a note's
 * author and an earlier revision left by an incremental save; a Word file with document properties, custom
 * properties, a comment and tracked changes by its author. The tests of metadata scrubbing upload these and look for
 * `AUTHOR` in what is stored and served.
 */
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  ImageRun,
  InsertedTextRun,
  Packer,
  Paragraph,
  TextRun,
} from 'docx';
import { crc32 } from 'node:zlib';
import PDFDocument from 'pdfkit';

export const AUTHOR = 'Jane Tan';

/** A real 2x2 baseline JPEG (SOI, APP0 JFIF, tables, one scan, EOI), as a small encoder writes it. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APQKAP8A/9k=',
  'base64',
);
/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1x1 lossless WebP (RIFF, WEBP, one VP8L chunk). */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const EXIF_TEXT = `Exif\0\0MM\0*\0\0\0\x08 Artist ${AUTHOR} BodySerialNumber SN-4417 GPS 1.352083N 103.819836E`;
const XMP_TEXT = `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${AUTHOR}</dc:creator></x:xmpmeta>`;

function jpegSegment(marker: number, payload: Buffer | string): Buffer {
  const body = Buffer.from(payload as string, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** APP14 Adobe: colour transform information, which a scrubbed JPEG keeps. */
export const ADOBE_SEGMENT = jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'));

/** JPEG with EXIF, XMP, a Photoshop APP13 block and a comment naming AUTHOR, and an APP14 Adobe segment. */
export function jpegWithMetadata(): Buffer {
  const app0End = 4 + JPEG.readUInt16BE(4);
  return Buffer.concat([
    JPEG.subarray(0, app0End),
    jpegSegment(0xe1, EXIF_TEXT),
    jpegSegment(0xe1, XMP_TEXT),
    jpegSegment(0xed, `Photoshop 3.0\0 By-line ${AUTHOR}`),
    jpegSegment(0xfe, `Taken by ${AUTHOR}`),
    ADOBE_SEGMENT,
    JPEG.subarray(app0End),
  ]);
}

function pngChunk(type: string, data: string): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data, 'latin1')]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(body.length - 4, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** The PNG with tEXt, iTXt, eXIf and tIME chunks after its header. */
export function pngWithMetadata(): Buffer {
  const afterHeader = 8 + 12 + PNG.readUInt32BE(8);
  return Buffer.concat([
    PNG.subarray(0, afterHeader),
    pngChunk('tEXt', `Author\0${AUTHOR}`),
    pngChunk('iTXt', `XML:com.adobe.xmp\0\0\0\0\0${XMP_TEXT}`),
    pngChunk('eXIf', EXIF_TEXT.slice(6)),
    pngChunk('tIME', '\x07\xe8\x01\x02\x03\x04\x05'),
    PNG.subarray(afterHeader),
  ]);
}

function webpChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** The extended-format header of a 1x1 WebP with the given flags. */
const vp8x = (flags: number) => webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
const VP8L = WEBP.subarray(12);

/** WebP in the extended format, its VP8X flags saying EXIF and XMP follow the image. */
export function webpWithMetadata(): Buffer {
  return riff([
    vp8x(0x08 | 0x04),
    VP8L,
    webpChunk('EXIF', Buffer.from(EXIF_TEXT.slice(6), 'latin1')),
    webpChunk('XMP ', Buffer.from(XMP_TEXT, 'latin1')),
  ]);
}

/** What webpWithMetadata becomes without its metadata. */
export const webpScrubbed = () => riff([vp8x(0), VP8L]);

/** A PDF of `lines` with every /Info entry naming AUTHOR, as pdfkit writes it. */
export function pdfWithInfo(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({
      info: { Author: AUTHOR, Title: `${AUTHOR} CV`, Subject: AUTHOR, Keywords: AUTHOR, Creator: AUTHOR },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line || ' ');
    doc.end();
  });
}

/**
 * The PDF after an incremental save that replaced its /Info with a neutral one: the earlier /Info, naming AUTHOR,
 * stays in the file, where any reader of the bytes finds it.
 */
export function incrementallySaved(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  const prev = Number(/startxref\s+(\d+)/.exec(trailer)?.[1]);
  const object = `\n${size} 0 obj\n<< /Producer (Anonymous) >>\nendobj\n`;
  const xref = pdf.length + object.length;
  const update =
    `${object}xref\n${size} 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

/**
 * A one-page PDF written by hand: its catalog has an XMP /Metadata stream and /PieceInfo, its page a sticky note by
 * AUTHOR, its /Info names AUTHOR, and an object nothing points to (an earlier revision's) names AUTHOR too.
 */
export function pdfWithEverything(): Buffer {
  const xmp = `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${AUTHOR}</dc:creator></x:xmpmeta><?xpacket end="w"?>`;
  const content = 'BT /F1 12 Tf 72 720 Td (Senior Backend Engineer) Tj ET';
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R /PieceInfo << /App << /Private (${AUTHOR}) >> >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> /Annots [6 0 R] >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
    `<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /T (${AUTHOR}) /Contents (Checked by ${AUTHOR}) >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Author (${AUTHOR}) /Title (${AUTHOR} CV) /Creator (${AUTHOR}) >>`,
    `<< /Author (${AUTHOR}, an earlier revision) >>`,
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 8 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A Word CV of `lines` by AUTHOR: core and custom properties, a comment, an insertion and a deletion tracked under
 * AUTHOR's name, and a photo with EXIF. Its last paragraph reads 'Kept text inserted words commented.'.
 */
export function docxWithMetadata(lines: string[]): Promise<Buffer> {
  const tracked = { author: AUTHOR, date: '2026-01-02T03:04:05Z' };
  return Packer.toBuffer(
    new Document({
      creator: AUTHOR,
      lastModifiedBy: AUTHOR,
      title: `${AUTHOR} CV`,
      description: AUTHOR,
      keywords: AUTHOR,
      customProperties: [{ name: 'Owner', value: AUTHOR }],
      comments: {
        children: [{ id: 0, author: AUTHOR, initials: 'JT', children: [new Paragraph(`Fix this, ${AUTHOR}`)] }],
      },
      sections: [
        {
          children: [
            ...lines.map((l) => new Paragraph(l)),
            new Paragraph({
              children: [
                new TextRun('Kept text '),
                new InsertedTextRun({ id: 1, ...tracked, text: 'inserted words ' }),
                new DeletedTextRun({ id: 2, ...tracked, text: `Deleted secret ${AUTHOR} ` }),
                new CommentRangeStart(0),
                new TextRun('commented.'),
                new CommentRangeEnd(0),
                new TextRun({ children: [new CommentReference(0)] }),
              ],
            }),
            new Paragraph({
              children: [
                new ImageRun({ type: 'jpg', data: jpegWithMetadata(), transformation: { width: 20, height: 20 } }),
              ],
            }),
          ],
        },
      ],
    }),
  );
}
