/**
 * Text read from an uploaded file is text the product stores: a Word file whose runs hold a NUL or a lone surrogate
 * (&#xD800;) gives a draft profile that saves, a job description a project keeps, and an AI match run.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { zipOf } from '../helpers/cvs';
import { makeProject } from '../helpers/interviews';
import { bearer, talentWorld } from '../helpers/talent';

let t: TestApp;
let admin: string;
let company: string;
let demoId: string;

beforeAll(async () => {
  ({ t, admin, company, demoId } = await talentWorld());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const part = (name: string, text: string) => {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
};

/** A Word file of paragraphs, each text as written into its <w:t> (raw bytes and character references kept). */
function docxOf(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return zipOf([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    part(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  ]);
}

const FILE = docxOf([
  'Jane Tan',
  'Summary',
  'Backend engineer A\u0000B who builds payment systems&#xD800; with TypeScript and PostgreSQL.',
  'Skills',
  'TypeScript, PostgreSQL',
]);

const JD = docxOf([
  'Senior Backend Engineer',
  'Requirements',
  'You will design APIs in Type\u0000Script&#xD800; and run PostgreSQL.',
]);

const clean = (s: string) =>
  !s.includes('\0') && !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

describe('Text read from a Word file with a NUL or a lone surrogate', () => {
  it('gives a draft profile that saves', async () => {
    const up = await t.http.post('/api/v1/candidates/cv-data').set(bearer(admin)).attach('file', FILE, 'cv.docx');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const summary = up.body.draft.summary as string;
    expect(summary).toContain('Backend engineer AB who builds payment systems');
    expect(clean(summary)).toBe(true);
    const saved = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(admin))
      .send({ summary, resumePath: up.body.newCvFilePathToDb });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("is kept as a project's job description, and AI match reads it", async () => {
    const project = await makeProject(t.knex, { jobDescription: null });
    const upload = await t.http
      .post('/api/v1/projects/add-job-description')
      .set(bearer(company))
      .field('project_id', `Project:${project.id}`)
      .attach('jd_file', JD, 'Role.docx');
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const { jd_text: text } = await t.knex('projects').where('id', project.id).first('jd_text');
    expect(text).toContain('You will design APIs in TypeScript');
    expect(clean(text)).toBe(true);

    const fromProject = await t.http
      .post('/api/v1/projects/ai-match')
      .set(bearer(admin))
      .send({ projectId: project.id });
    expect(fromProject.status, JSON.stringify(fromProject.body)).toBe(201);
    const fromFile = await t.http.post('/api/v1/projects/ai-match').set(bearer(admin)).attach('file', JD, 'Role.docx');
    expect(fromFile.status, JSON.stringify(fromFile.body)).toBe(201);
  });
});
