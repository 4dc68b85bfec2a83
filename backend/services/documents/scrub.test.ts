/**
 * Scrubbing real files: what names the author is gone from the bytes, what the page shows is still there and still
 * readable by the CV reader, and files that cannot be parsed or are encrypted are refused.
 */
import { PDFDocument as LibPdf, PDFName } from '@cantoo/pdf-lib';
import { unzipSync, strFromU8 } from 'fflate';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import {
  ADOBE_SEGMENT,
  AUTHOR,
  docxWithMetadata,
  incrementallySaved,
  JPEG,
  jpegWithMetadata,
  PNG,
  pdfWithEverything,
  pdfWithInfo,
  pngWithMetadata,
  WEBP,
  webpScrubbed,
  webpWithMetadata,
} from '../../../tests/helpers/metadataFiles';
import { CvTooLarge, CvUnreadable } from './docx';
import { cvText } from './extractText';
import { acceptRevisions, scrubDocx, scrubImage, scrubPdf } from './scrub';

const LIMITS = { maxUnpackedBytes: 16 * 1024 * 1024, maxTextChars: 100_000, maxPages: 40 };
const names = (data: Buffer | Uint8Array) => Buffer.from(data).toString('latin1').includes(AUTHOR);

describe('scrubImage', () => {
  it('drops EXIF, XMP, Photoshop and comment segments from a JPEG, keeping JFIF, Adobe and the image', () => {
    const input = jpegWithMetadata();
    expect(names(input)).toBe(true);
    const app0End = 4 + JPEG.readUInt16BE(4);
    expect(scrubImage(input)).toEqual(
      Buffer.concat([JPEG.subarray(0, app0End), ADOBE_SEGMENT, JPEG.subarray(app0End)]),
    );
    expect(scrubImage(JPEG)).toEqual(JPEG);
  });

  it('drops bytes hidden after the end of a JPEG or PNG', () => {
    const tail = Buffer.from(`appended by ${AUTHOR}`);
    expect(scrubImage(Buffer.concat([JPEG, tail]))).toEqual(JPEG);
    expect(scrubImage(Buffer.concat([PNG, tail]))).toEqual(PNG);
  });

  it('drops text, EXIF and time chunks from a PNG', () => {
    expect(names(pngWithMetadata())).toBe(true);
    expect(scrubImage(pngWithMetadata())).toEqual(PNG);
  });

  it('drops EXIF and XMP chunks from a WebP and clears their VP8X flags', () => {
    expect(names(webpWithMetadata())).toBe(true);
    expect(scrubImage(webpWithMetadata())).toEqual(webpScrubbed());
    expect(scrubImage(WEBP)).toEqual(WEBP);
  });

  it('refuses what is not a well-formed picture', () => {
    expect(() => scrubImage(Buffer.from('GIF89a....'))).toThrow(CvUnreadable);
    expect(() => scrubImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]))).toThrow(
      CvUnreadable,
    );
    expect(() => scrubImage(PNG.subarray(0, 40))).toThrow(CvUnreadable);
  });
});

describe('scrubPdf', () => {
  it('drops /Info, XMP, /PieceInfo, a note’s author and text, and objects no page reaches; the page still reads', async () => {
    const input = pdfWithEverything();
    expect(names(input)).toBe(true);
    const output = await scrubPdf(input);
    expect(names(output)).toBe(false);
    expect(output.toString('latin1')).not.toMatch(/\/Info|\/Metadata|\/PieceInfo|Checked by/);
    const doc = await LibPdf.load(output, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const annots = doc.getPage(0).node.Annots();
    expect(annots?.size()).toBe(1);
    expect((await cvText(output, 'pdf', LIMITS)).text).toContain('Senior Backend Engineer');
  });

  it('drops an earlier revision’s /Info kept by an incremental save, and keeps the text of a pdfkit CV', async () => {
    const input = incrementallySaved(await pdfWithInfo(['Senior Backend Engineer', 'TypeScript, PostgreSQL']));
    expect(names(input)).toBe(true);
    const output = await scrubPdf(input);
    expect(names(output)).toBe(false);
    expect(output.toString('latin1')).not.toContain('Anonymous');
    const doc = await LibPdf.load(output, { updateMetadata: false });
    expect(doc.context.trailerInfo.Info).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    const { text } = await cvText(output, 'pdf', LIMITS);
    expect(text).toContain('Senior Backend Engineer');
    expect(text).toContain('TypeScript, PostgreSQL');
  });

  it('refuses an encrypted PDF and one that does not parse', async () => {
    const encrypted = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.text('Hello');
      doc.end();
    });
    await expect(scrubPdf(encrypted)).rejects.toThrow(CvUnreadable);
    await expect(scrubPdf(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))).rejects.toThrow(
      CvUnreadable,
    );
    await expect(scrubPdf(Buffer.from('%PDF-1.4\nnot a pdf at all'))).rejects.toThrow(CvUnreadable);
  });
});

describe('scrubDocx', () => {
  it('empties the properties, accepts tracked changes, drops comments and authors, and scrubs photos', async () => {
    const input = await docxWithMetadata(['Senior Backend Engineer']);
    const before = unzipSync(new Uint8Array(input));
    expect(Object.values(before).some((part) => names(part))).toBe(true);
    const output = scrubDocx(input, LIMITS);
    const parts = unzipSync(new Uint8Array(output));
    expect(Object.keys(parts).sort()).toEqual(Object.keys(before).sort());
    for (const [name, part] of Object.entries(parts)) {
      expect(names(part), name).toBe(false);
      expect(strFromU8(part, true), name).not.toMatch(/w:author=|w:initials=|w:rsid|Exif|xmpmeta/);
    }
    expect(strFromU8(parts['docProps/core.xml'])).toMatch(/<cp:coreProperties[^>]*\/>$/);
    const document = strFromU8(parts['word/document.xml']);
    expect(document).not.toMatch(/<w:ins[\s>]|<w:del[\s>]|Deleted secret|commentReference|commentRange/);
    const { text } = await cvText(output, 'docx', LIMITS);
    expect(text).toContain('Senior Backend Engineer');
    expect(text).toContain('Kept text inserted words commented.');
  });

  it('accepts self-closing revision marks without taking what follows', () => {
    const xml =
      '<w:p><w:pPr><w:rPr><w:del w:id="1" w:author="A" w:date="x"/></w:rPr></w:pPr><w:r w:rsidR="00A1"><w:t>stays</w:t></w:r></w:p>' +
      '<w:p><w:del w:id="2" w:author="A"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>';
    expect(acceptRevisions(xml)).toBe(
      '<w:p><w:pPr><w:rPr></w:rPr></w:pPr><w:r><w:t>stays</w:t></w:r></w:p><w:p></w:p>',
    );
  });

  it('refuses a package that is not a zip, and one that unpacks past the limit', async () => {
    expect(() => scrubDocx(Buffer.from('PK\x03\x04word/ nothing else'), LIMITS)).toThrow(CvUnreadable);
    const input = await docxWithMetadata(['Senior Backend Engineer']);
    expect(() => scrubDocx(input, { maxUnpackedBytes: 100 })).toThrow(CvTooLarge);
  });
});
