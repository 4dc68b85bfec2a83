/**
 * Files with active content are refused on every route that takes a CV or a job description, with a field message
 * saying why, and nothing is stored: Word files with a VBA project or a macro-enabled content type, PDFs with
 * JavaScript (named, in an open action, in compressed object streams, behind #xx escapes), a launch action, an
 * embedded file, rich media or an XFA form. Plain files still pass. And a file past the size limit is refused with a
 * message naming the limit.
 */
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB } from '../../schema/rules/documents';
import type { TestApp } from '../helpers/app';
import { DOCX_CV_BODY, pdfOf, SG_ENGINEER, zipOf, zipPart } from '../helpers/cvs';
import {
  documentsWorld,
  fileRoutes,
  storedDocuments,
  type DocumentsWorld,
  type FileRoute,
} from '../helpers/documentRoutes';
import { activeCandidates, addToProject, type TestProject } from '../helpers/interviews';
import { bearer } from '../helpers/talent';

let w: DocumentsWorld;
let t: TestApp;
let project: TestProject;
let people: number[];
let requested = 0;

beforeAll(async () => {
  w = await documentsWorld();
  ({ t, project } = w);
  people = await activeCandidates(t.knex, 3);
  await addToProject(t.knex, project, people, 0);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const MACRO_TYPE = 'application/vnd.ms-word.document.macroEnabled.main+xml';

/** A Word package with a body, its main part declared as `mainType`, and any `extra` parts. */
function docxOf(mainType: string, extra: { name: string; data: string | Buffer }[] = []): Buffer {
  return zipOf([
    zipPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
    ),
    zipPart(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    zipPart(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${DOCX_CV_BODY}</w:body></w:document>`,
    ),
    ...extra.map((e) => zipPart(e.name, e.data)),
  ]);
}

type PdfKind = 'plain' | 'javascript' | 'openAction' | 'launch' | 'embedded' | 'richMedia' | 'xfa';

/** A readable CV PDF (pdfkit), with active content added by pdf-lib; `objectStreams` hides its objects compressed. */
async function pdfWith(kind: PdfKind, objectStreams: boolean): Promise<Buffer> {
  const doc = await PDFDocument.load(await pdfOf(SG_ENGINEER));
  const { context, catalog } = doc;
  if (kind === 'javascript') doc.addJavaScript('hello', 'app.alert("hi")');
  if (kind === 'openAction')
    catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  if (kind === 'launch')
    catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }));
  if (kind === 'embedded') await doc.attach(Buffer.from('hello'), 'hello.txt', { mimeType: 'text/plain' });
  if (kind === 'richMedia')
    doc
      .getPage(0)
      .node.set(
        PDFName.of('Annots'),
        context.obj([context.obj({ Type: 'Annot', Subtype: 'RichMedia', Rect: [0, 0, 10, 10] })]),
      );
  if (kind === 'xfa') catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: PDFString.of('<xdp:xdp/>') }));
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

const REFUSED = 'upload.errors.activeContent';

/** Every route that takes a CV or a job description, posting `file` as `name`; the answer and the file's field. */
const allRoutes = (): FileRoute[] => {
  const { cvImport, projectJd, chat } = fileRoutes(w);
  return [
    {
      route: 'candidate self-upload',
      field: 'file',
      post: async (file, name) =>
        t.http.post('/api/v1/candidates/cv-data').set(bearer(w.candidate)).attach('file', file, name),
    },
    cvImport,
    projectJd,
    {
      route: "an interview request's job description",
      field: 'jdFile',
      post: async (file, name) => {
        // A candidate is sent a request once: each request that goes out takes the next one.
        const res = await t.http
          .post('/api/v1/projects/candidate/interview/request')
          .set(bearer(w.company))
          .field('projectId', String(project.id))
          .field('candidateId', String(people[requested]))
          .field('requestAction', 'request_public')
          .attach('jdFile', file, name);
        if (res.status < 300) requested += 1;
        return res;
      },
    },
    {
      route: "an AI match's job description",
      field: 'file',
      post: async (file, name) =>
        t.http.post('/api/v1/projects/ai-match').set(bearer(w.admin)).attach('file', file, name),
    },
    chat,
  ];
};

const stored = () => storedDocuments(w);

describe('A file with active content', () => {
  it('is refused on every route that takes a CV or a job description, saying why, and not stored', async () => {
    const hostile: [string, Buffer][] = [
      ['vbaProject.bin', docxOf(MAIN_TYPE, [{ name: 'word/vbaProject.bin', data: Buffer.from('VBA macro bytes') }])],
      ['macro-enabled content type', docxOf(MACRO_TYPE)],
    ];
    for (const kind of ['javascript', 'openAction', 'launch', 'embedded', 'richMedia', 'xfa'] as const) {
      hostile.push([`${kind} PDF`, await pdfWith(kind, false)]);
      hostile.push([`${kind} PDF in object streams`, await pdfWith(kind, true)]);
    }
    // The name written with #xx escapes, as a reader still understands it.
    const escaped = (await pdfWith('javascript', false)).toString('latin1').replaceAll('/JavaScript', '/J#61vaScript');
    hostile.push(['escaped /JavaScript', Buffer.from(escaped, 'latin1')]);

    const before = await stored();
    for (const { route, field, post } of allRoutes())
      for (const [what, file] of hostile) {
        const name = file.subarray(0, 4).toString('latin1') === '%PDF' ? 'Role.pdf' : 'Role.docx';
        const res = await post(file, name);
        expect(res.status, `${route}, ${what}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.fields, `${route}, ${what}`).toEqual({ [field]: REFUSED });
        expect(res.body.error.message).toMatch(/macros, scripts or embedded files.*plain PDF or DOCX/);
      }
    expect(await stored()).toEqual(before);
  }, 240_000);

  it('is told apart from a plain file, which every route still takes', async () => {
    // The refusals above counted towards each person's readings per window.
    await t.knex('rate_limit_hits').delete();
    const plain: [string, Buffer][] = [
      ['Role.docx', docxOf(MAIN_TYPE)],
      ['Role.pdf', await pdfOf(SG_ENGINEER)],
      ['Role.pdf', await pdfWith('plain', true)],
    ];
    for (const { route, post } of allRoutes())
      for (const [name, file] of plain) {
        const res = await post(file, name);
        expect(res.status, `${route}, ${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
  }, 240_000);
});

describe('A file past the size limit', () => {
  it('is refused with 413 and a message naming the limit, on every route that takes a document', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES + 1024, 0x20)]);
    for (const { route, field, post } of allRoutes()) {
      const res = await post(big, 'Role.pdf');
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(413);
      expect(res.body.error.fields, route).toEqual({ [field]: 'upload.errors.documentTooLarge' });
      expect(res.body.error.message, route).toContain(`${DOCUMENT_MAX_MB} MB`);
    }
  }, 120_000);
});
