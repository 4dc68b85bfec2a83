/**
 * Realistic CVs with the personal data people really put in them (identity numbers, dates of
 * birth, referees, handles, addresses), for the redaction and blind CV tests, and the CV files
 * the tests upload (PDF and DOCX written the way candidates' tools write them).
 */
import { Document, Packer, Paragraph } from 'docx';
import { crc32, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** A Singapore software engineer: NRIC, date of birth, handles, an HDB address, referees. */
export const SG_ENGINEER = [
  'Chloe Wong Mei Ling',
  'Senior Backend Engineer',
  'Blk 123 Ang Mo Kio Ave 3 #12-345 Singapore 560123',
  'chloe.wong+jobs@gmail.com | +65 9123 4567 | linkedin.com/in/chloe-wong-sg | https://github.com/chloewongsg',
  'Instagram: @chloewongsg',
  '',
  'Personal Particulars',
  'Date of Birth: 14 March 1990',
  'NRIC: S9012345D',
  'Nationality: Singaporean',
  '',
  'Summary',
  'Chloe is a backend engineer with nine years of experience in payments. Reach her on Telegram @chloe_w for a chat. She mentors junior engineers.',
  '',
  'Experience',
  'Senior Backend Engineer, Airwallex (Mar 2021 - Present)',
  'Led the card-issuing platform team of five; cut reconciliation time from hours to minutes.',
  'Software Engineer at Shopee',
  'Jan 2016 - Feb 2021',
  'Built the promotions engine with Node.js and PostgreSQL, serving six markets.',
  '',
  'Education',
  'Bachelor of Computing in Computer Science, National University of Singapore, 2011 - 2015',
  '',
  'Skills',
  'TypeScript, Node.js, PostgreSQL, Kubernetes',
  '',
  'References',
  'Mr. Tan Ah Kow, Engineering Director, Shopee, +65 9876 5432, tan.ahkow@shopee.example.com',
  'Ms Priya Nair, CTO, Airwallex, priya.nair@airwallex.example.com',
];

/** A Hong Kong analyst: HKID, passport, a Kowloon flat, a born-on sentence. */
export const HK_ANALYST = [
  'Kelvin Chan Ka Wai',
  'Financial Analyst',
  'Flat 12A, 5/F, 38 Nathan Road, Tsim Sha Tsui, Kowloon',
  'Mobile: (852) 2345 6789 | kelvin.chan@outlook.example.com | www.kelvinchan.dev',
  '',
  'Personal Details',
  'HKID: A123456(7)',
  'Passport No.: K1234567A',
  'Born on 2 June 1992 in Hong Kong',
  '',
  'Summary',
  'Kelvin Chan builds valuation models for Asian equities. His passport E12345678 allows travel across the region. He holds the CFA charter.',
  '',
  'Experience',
  'Financial Analyst, HSBC (Jul 2018 - Present)',
  'Cover 30 listed banks; models used by the regional desk.',
  '',
  'Education',
  'Bachelor of Business Administration in Finance, The University of Hong Kong, 2010 - 2014',
  '',
  'Skills',
  'Excel, Python, Bloomberg',
  '',
  'Referees',
  'Dr Albert Lam, Head of Research, HSBC, albert.lam@hsbc.example.com, +852 9876 5432',
];

/** A Malaysian designer: MyKad-style IC, a street address, DOB with slashes, a handle in prose. */
export const MY_DESIGNER = [
  'Nurul Aisyah binti Ahmad',
  'Product Designer',
  'Address: 88 Jalan Ampang, 50450 Kuala Lumpur',
  'Phone: +60 12-345 6789 · Email: nurul.aisyah@yahoo.example.com',
  'Portfolio: behance.net/nurulaisyah · Dribbble: dribbble.com/nurul',
  'DOB: 03/07/1994 · Gender: Female · Marital status: Single',
  '',
  'Summary',
  'Product designer with six years in fintech. Follow my work at @nurul.designs on Instagram. I run design systems for mobile banking.',
  '',
  'Experience',
  'Product Designer, Grab (Apr 2019 - Present)',
  'Own the design system of GrabPay; shipped the new onboarding used by 2 million people.',
  '',
  'Education',
  'Diploma in Graphic Design, Limkokwing University, 2012 - 2015',
  '',
  'Skills',
  'Figma, Sketch, User Research',
];

export function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line || ' ');
    doc.end();
  });
}

export const docxOf = (lines: string[]) =>
  Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const PACKAGE_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  ],
];

interface ZipPart {
  name: string;
  /** The deflated bytes, their CRC-32 and real size. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The size the directory claims (a forged header when it differs from `size`). */
  declared?: number;
}

/** One ZIP entry holding `data` (text as UTF-8), deflated, for `zipOf`. */
export function zipPart(name: string, data: string | Buffer): ZipPart {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
}

/** The paragraphs of a short Word CV's body (word/document.xml's `<w:body>`): name, role, a skills heading and line. */
export const DOCX_CV_BODY = ['Jane Tan', 'Backend engineer', 'Skills', 'TypeScript, PostgreSQL']
  .map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`)
  .join('');

/** A ZIP package, written by hand so a test can also forge the sizes it declares. */
export function zipOf(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(part.crc, 14);
    header.writeUInt32LE(part.deflated.length, 18);
    header.writeUInt32LE(part.declared ?? part.size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(part.declared ?? part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name, part.deflated);
    central.push(entry, name);
    offset += header.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

function deflated(name: string, data: Buffer): ZipPart {
  return { name, deflated: deflateRawSync(data, { level: 9 }), crc: crc32(data), size: data.length };
}

/** Deflates `head`, then `body` `times` times, then `tail`, without ever holding the whole text. */
async function deflatedRepeat(name: string, head: string, body: string, times: number, tail: string): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.from(body.repeat(1000));
  let crc = crc32(head);
  deflate.write(head);
  for (let i = 0; i < times / 1000; i += 1) {
    crc = crc32(block, crc);
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await done;
  return {
    name,
    deflated: Buffer.concat(chunks),
    crc,
    size: head.length + block.length * Math.ceil(times / 1000) + tail.length,
  };
}

/**
 * A Word CV whose body repeats one paragraph until it holds `textBytes` of text: a few KB zipped.
 * `declared` forges the size the package claims for its body.
 */
export async function docxBomb(textBytes: number, options: { declared?: number } = {}): Promise<Buffer> {
  const text =
    'Senior Software Engineer at Acme, Jan 2019 - Present: built payment systems in TypeScript and PostgreSQL. ';
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD_NS}"><w:body>`;
  const paragraph = `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const body = await deflatedRepeat(
    'word/document.xml',
    head,
    paragraph,
    Math.ceil(textBytes / text.length / 1000) * 1000,
    '</w:body></w:document>',
  );
  return zipOf([
    ...PACKAGE_PARTS.map(([name, xml]) => deflated(name, Buffer.from(xml))),
    { ...body, declared: options.declared },
  ]);
}

/**
 * A PDF of a few kilobytes whose one page lists, `times` times over, the same stream of `megabytes` of compressed
 * spaces as its contents: pdf.js unpacks every listed stream into buffers of its own, outside the thread's heap.
 */
export function pdfBomb(megabytes: number, times: number): Buffer {
  const stream = deflateSync(Buffer.alloc(megabytes * 2 ** 20, 0x20), { level: 9 });
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  const size = () => chunks.reduce((sum, c) => sum + c.length, 0);
  const object = (n: number, ...parts: (string | Buffer)[]) => {
    offsets[n] = size();
    chunks.push(...[`${n} 0 obj\n`, ...parts, '\nendobj\n'].map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const contents = Array.from({ length: times }, () => '4 0 R').join(' ');
  object(3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${contents}] >>`);
  object(4, `<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, stream, '\nendstream');
  const xref = size();
  const entries = [1, 2, 3, 4].map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}
