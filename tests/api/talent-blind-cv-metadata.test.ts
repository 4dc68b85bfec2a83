/**
 * A blind CV an admin uploads is kept without the metadata that names the candidate: a RaaS company downloads it
 * before it reveals who the candidate is, and reads the file's bytes, not only its pages. The PDF's /Info (and an
 * earlier revision's), the Word file's properties, comments and tracked changes are gone from what it downloads, which
 * the CV reader still reads; a PDF that cannot be scrubbed (encrypted) is refused rather than kept as it came. The
 * candidate's own CV, attached as resumePath, is still served as uploaded.
 */
import { strFromU8, unzipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { cvText } from '../../backend/services/documents/extractText';
import type { TestApp } from '../helpers/app';
import { AUTHOR, docxWithMetadata, incrementallySaved, pdfWithInfo } from '../helpers/metadataFiles';
import { bearer, inRaasPipeline, talentWorld } from '../helpers/talent';

/** What an admin's blind CV shows: the work, no name. */
const BLIND_LINES = ['Senior Backend Engineer', 'Experience', 'Led the card-issuing platform team.', 'Skills'];
const LIMITS = { maxUnpackedBytes: 16 * 1024 * 1024, maxTextChars: 100_000, maxPages: 40 };

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const names = (data: Buffer | Uint8Array) => Buffer.from(data).toString('latin1').includes(AUTHOR);

describe('A blind CV keeps no metadata naming the candidate', () => {
  let t: TestApp;
  let admin: string;
  let raas: string;
  let demoId: string;

  beforeAll(async () => {
    ({ t, admin, raas, demoId } = await talentWorld());
    await inRaasPipeline(t, demoId);
  });

  /** Uploads `file` as the admin and makes it the demo candidate's blind CV; answers the PUT. */
  async function attachBlind(file: Buffer, name: string) {
    const up = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .field('candidateId', demoId)
      .attach('file', file, name);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    return t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(admin))
      .send({ blindResumePath: up.body.newCvFilePathToDb });
  }

  const downloadAsRaas = () =>
    t.http.get(`/api/v1/candidates/resume/${demoId}`).set(bearer(raas)).buffer(true).parse(binary).expect(200);

  it('a PDF: no /Info, nor the earlier revision an incremental save left, and the pages still read', async () => {
    const pdf = incrementallySaved(await pdfWithInfo(BLIND_LINES));
    expect(names(pdf)).toBe(true);
    expect((await attachBlind(pdf, 'blind.pdf')).status).toBe(200);
    const res = await downloadAsRaas();
    expect(res.headers['content-type']).toBe('application/pdf');
    const body = res.body as Buffer;
    expect(names(body)).toBe(false);
    expect(body.toString('latin1')).not.toMatch(/\/Author|\/Creator|\/Info/);
    const { text } = await cvText(body, 'pdf', LIMITS);
    expect(text).toContain('Senior Backend Engineer');
    expect(text).toContain('Led the card-issuing platform team.');
  });

  it('a Word file: no properties, comments, authors of tracked changes or deleted text, and it still reads', async () => {
    const docx = await docxWithMetadata(BLIND_LINES);
    expect((await attachBlind(docx, 'blind.docx')).status).toBe(200);
    const body = (await downloadAsRaas()).body as Buffer;
    const parts = unzipSync(new Uint8Array(body));
    for (const [name, part] of Object.entries(parts)) {
      expect(names(part), name).toBe(false);
      expect(strFromU8(part, true), name).not.toMatch(/w:author=|dc:creator|cp:lastModifiedBy|Deleted secret/);
    }
    const { text } = await cvText(body, 'docx', LIMITS);
    expect(text).toContain('Senior Backend Engineer');
    expect(text).toContain('Kept text inserted words commented.');
  });

  it('an encrypted PDF the CV reader opens is refused as a blind CV, and the one before stays', async () => {
    const before = (
      await t
        .knex('candidates')
        .where('id', Number(demoId.split(':')[1]))
        .first('blind_resume_path')
    ).blind_resume_path;
    const encrypted = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ ownerPassword: 'owner', permissions: { printing: 'highResolution' } });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      for (const line of BLIND_LINES) doc.text(line);
      doc.end();
    });
    const res = await attachBlind(encrypted, 'blind.pdf');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ blindResumePath: 'upload.errors.unreadable' });
    const after = await t
      .knex('candidates')
      .where('id', Number(demoId.split(':')[1]))
      .first('blind_resume_path');
    expect(after.blind_resume_path).toBe(before);
  });

  it('the CV attached as the candidate’s own is still served as uploaded', async () => {
    const pdf = await pdfWithInfo(BLIND_LINES);
    const up = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .field('candidateId', demoId)
      .attach('file', pdf, 'cv.pdf')
      .expect(201);
    await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(admin))
      .send({ resumePath: up.body.newCvFilePathToDb })
      .expect(200);
    const res = await t.http.get(`/api/v1/candidates/${demoId}/cv`).set(bearer(admin)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, pdf)).toBe(0);
  });
});
