/**
 * Everyone's CVs, job descriptions and chat attachments are read by one thread, so what waits for it is bounded: one
 * read per person at a time (another is refused at once with 429 and Retry-After), files whose package says they are
 * too big refused before they wait at all, chat attachments read as CVs are, and a blind CV download never reads the
 * stored CV again.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxOf, HK_ANALYST, pdfOf, SG_ENGINEER, zipOf } from '../helpers/cvs';
import { bearer, candidatePayload, inRaasPipeline, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;

beforeAll(async () => {
  w = await talentWorld();
  // The reading thread starts once; its start is not part of what is compared.
  await w.t.http
    .post('/api/v1/candidates/cv-data')
    .set(bearer(w.admin))
    .attach('file', await pdfOf(SG_ENGINEER), 'warm-up.pdf')
    .expect(201);
});

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A valid PDF whose one page is `megabytes` of compressed spaces: a few tens of KB; 16 MB take about a second to read. */
function slowPdf(megabytes: number): Buffer {
  const stream = deflateSync(Buffer.alloc(megabytes * 2 ** 20, 0x20), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  const size = () => chunks.reduce((sum, c) => sum + c.length, 0);
  objects.forEach((o, i) => {
    offsets.push(size());
    chunks.push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  offsets.push(size());
  chunks.push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream);
  chunks.push(Buffer.from('\nendstream\nendobj\n'));
  const xref = size();
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\n`));
  chunks.push(Buffer.from(`startxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

const part = (name: string, data: Buffer) => ({
  name,
  deflated: deflateRawSync(data, { level: 9 }),
  crc: crc32(data),
  size: data.length,
});

/** A Word file whose parts are a real CV's plus `extra`. */
async function docxWith(extra: ReturnType<typeof part>[]): Promise<Buffer> {
  const { unzipSync } = await import('fflate');
  const parts = Object.entries(unzipSync(new Uint8Array(await docxOf(SG_ENGINEER)))).map(([name, bytes]) =>
    part(name, Buffer.from(bytes)),
  );
  return zipOf([...parts, ...extra]);
}

describe('One person flooding the document reader', () => {
  it('A candidate posting six CVs at once gets 429 with Retry-After for all but one, and an admin’s CV is read before the refused ones would have been', async () => {
    const file = slowPdf(16);
    const finished: string[] = [];
    const post = (token: string, data: Buffer, label: string) =>
      w.t.http
        .post('/api/v1/candidates/cv-data')
        .set(bearer(token))
        .attach('file', data, 'cv.pdf')
        .then((res) => {
          finished.push(`${label}:${res.status}`);
          return res;
        });
    const flood = Array.from({ length: 6 }, () => post(w.candidate, file, 'flood'));
    const admin = post(w.admin, await pdfOf(SG_ENGINEER), 'admin');
    const answers = await Promise.all(flood);
    expect((await admin).status).toBe(201);

    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.body.error.code).toBe('upload.errors.readingOne');
      expect(r.body.error.message).toMatch(/still being read/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The refusals came at once: each before the admin's CV, which waited at most for the one read the flood got.
    const adminAt = finished.indexOf('admin:201');
    expect(finished.slice(0, adminAt).filter((f) => f === 'flood:429')).toHaveLength(5);
  });
});

describe('Files refused before they wait for the reader', () => {
  it('A Word CV with 2,500 zip entries is refused as too complex', async () => {
    const empties = Array.from({ length: 2500 }, (_, i) => part(`customXml/empty${i}.xml`, Buffer.alloc(0)));
    const res = await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.candidate))
      .attach('file', await docxWith(empties), 'cv.docx')
      .expect(400);
    expect(res.body.error.fields).toEqual({ file: 'upload.errors.tooComplex' });
  });

  it('A 100 KB PDF whose stream unpacks to 80 MB is refused as too complex', async () => {
    const bomb = slowPdf(80);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.candidate))
      .attach('file', bomb, 'cv.pdf')
      .expect(400);
    expect(res.body.error.fields).toEqual({ file: 'upload.errors.tooComplex' });
  });
});

describe('Chat attachments are read as CVs are', () => {
  let projectId: number;
  const attach = (file: Buffer, name: string) =>
    w.t.http
      .post(`/api/v1/projects/${projectId}/conversation/messages`)
      .set(bearer(w.company))
      .attach('attachment', file, name);

  beforeAll(async () => {
    const user = await w.t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
    projectId = (await w.t.knex('projects').where('company_id', user.company_id).orderBy('id').first('id')).id;
  });

  it('A file that starts like a PDF but holds a web page is refused on attachment', async () => {
    const fake = Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n');
    const res = await attach(fake, 'invoice.pdf').expect(400);
    expect(res.body.error.fields).toEqual({ attachment: 'upload.errors.unreadable' });
  });

  it('A Word file holding a 64 MB part of zeros is refused on attachment; a real Word file is still accepted', async () => {
    const zeros = Buffer.alloc(64 * 2 ** 20);
    const bomb = await docxWith([part('word/media/zeros.bin', zeros)]);
    const res = await attach(bomb, 'brief.docx').expect(400);
    expect(res.body.error.fields).toEqual({ attachment: 'upload.errors.tooComplex' });
    await attach(await docxOf(SG_ENGINEER), 'brief.docx').expect(201);
  });
});

describe('Blind CV downloads', () => {
  it('A blind CV taken from the stored CV is read once: later downloads do not read the file again', async () => {
    const id = (
      await w.t.http
        .post('/api/v1/candidates')
        .set(bearer(w.admin))
        .send(candidatePayload(w.ids, { firstName: 'Chloe', lastName: 'Wong', summary: null, experiences: [] }))
        .expect(201)
    ).body.id as string;
    const up = await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.admin))
      .field('candidateId', id)
      .attach('file', await pdfOf(SG_ENGINEER), 'cv.pdf')
      .expect(201);
    const key = up.body.newCvFilePathToDb as string;
    await w.t.http.put(`/api/v1/candidates/${id}`).set(bearer(w.admin)).send({ resumePath: key }).expect(200);
    await inRaasPipeline(w.t, id);
    const download = async () => {
      const res = await w.t.http
        .get(`/api/v1/candidates/resume/${id}`)
        .set(bearer(w.raas))
        .buffer(true)
        .parse(binary)
        .expect(200);
      return (await extractText(await getDocumentProxy(new Uint8Array(res.body as Buffer)), { mergePages: true })).text;
    };
    expect(await download()).toContain('Airwallex');

    // The stored file now says something else: a download that read it again would show it.
    await writeFile(path.join(w.t.config.uploadDir, ...key.split('/')), await pdfOf(HK_ANALYST));
    for (let i = 0; i < 2; i += 1) {
      const text = await download();
      expect(text).toContain('Airwallex');
      expect(text).not.toContain('HSBC');
    }
  });
});
