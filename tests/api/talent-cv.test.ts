import { Document, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { CV_PATH_PATTERN } from '../../schema/entities/talentOptions';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, inRaasPipeline, talentWorld, type TalentIds } from '../helpers/talent';

const year = new Date().getUTCFullYear();
/** The CV the fixtures carry, line by line. */
const CV_LINES = [
  'Jane Tan',
  'Singapore',
  'jane.tan@example.com | +65 9123 4567 | linkedin.com/in/jane-tan | https://github.com/janetan',
  'Summary',
  'Backend engineer who builds payment systems with TypeScript and PostgreSQL.',
  'Experience',
  `Senior Software Engineer, Airwallex (Mar ${year - 2} - Present)`,
  'Led the card-issuing platform team.',
  'Software Engineer at Shopee',
  'Jan 2016 - Feb 2020',
  'Built the promotions engine with Node.js and React.',
  'Education',
  'Bachelor of Computing in Computer Science, National University of Singapore, 2011 - 2015',
  'Skills',
  'TypeScript, Node.js, React, PostgreSQL, Kubernetes',
  'Address: 12 Orchard Road, #05-01, Singapore 238801',
];

function pdfCv(lines = CV_LINES): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const docxCv = () => Packer.toBuffer(new Document({ sections: [{ children: CV_LINES.map((l) => new Paragraph(l)) }] }));

async function pdfText(data: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true })).text;
}

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('CVs: upload, draft profile and downloads', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  let company: string;
  let raas: string;
  let candidate: string;
  let demoId: string;
  const as = bearer;

  beforeAll(async () => {
    ({ t, ids, admin, company, raas, candidate, demoId } = await talentWorld());
  });

  it.each([
    ['PDF', 'jane-tan.pdf', 'pdf', pdfCv],
    ['DOCX', 'jane-tan.docx', 'docx', docxCv],
  ] as const)('An admin uploads a %s CV and gets a draft profile', async (_kind, name, fileType, make) => {
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', await make(), name);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      fileType,
      userId: null,
      guid: null,
      newCvFilePathToDb: expect.stringMatching(CV_PATH_PATTERN),
    });
    const skillNames = (await t
      .knex('skills')
      .whereIn(
        'id',
        res.body.draft.skills.map((s: { skillId: number }) => s.skillId),
      )
      .pluck('name')) as string[];
    expect(res.body.draft).toMatchObject({
      firstName: 'Jane',
      lastName: 'Tan',
      email: 'jane.tan@example.com',
      phone: '+659 123 4567',
      linkedInUrl: 'https://linkedin.com/in/jane-tan',
      githubUrl: 'https://github.com/janetan',
      summary: 'Backend engineer who builds payment systems with TypeScript and PostgreSQL.',
      currentLocationId: ids.singapore,
      experiences: [
        {
          title: 'Senior Software Engineer',
          company: 'Airwallex',
          startDate: `${year - 2}-03-01`,
          currentPosition: true,
        },
        {
          title: 'Software Engineer',
          company: 'Shopee',
          startDate: '2016-01-01',
          endDate: '2020-02-01',
          currentPosition: false,
        },
      ],
      educations: [
        {
          degree: 'Bachelor of Computing',
          fieldOfStudy: 'Computer Science',
          institute: 'National University of Singapore',
          startYear: 2011,
          endYear: 2015,
        },
      ],
    });
    expect(skillNames).toEqual(expect.arrayContaining(['TypeScript', 'Node.js', 'React', 'PostgreSQL', 'Kubernetes']));
    expect(res.body.draft.jobTitleLookingFor).toContain(ids.softwareEngineer);
  });

  it('Education laid out over several lines is read as one entry each: institute, degree and years from their own lines', async () => {
    const lines = [
      ...CV_LINES.slice(0, CV_LINES.indexOf('Education') + 1),
      'National University of Singapore',
      'Master of Science in Data Science',
      '2019 - 2021',
      'Singapore Polytechnic  2009 - 2012',
      'Diploma in Information Technology',
      'Nanyang Technological University',
      '2012 - 2016',
    ];
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', await pdfCv(lines), 'layouts.pdf')
      .expect(201);
    // Newest first, as every education list.
    expect(res.body.draft.educations).toEqual([
      expect.objectContaining({
        degree: 'Master of Science',
        fieldOfStudy: 'Data Science',
        institute: 'National University of Singapore',
        startYear: 2019,
        endYear: 2021,
      }),
      expect.objectContaining({
        degree: null,
        institute: 'Nanyang Technological University',
        startYear: 2012,
        endYear: 2016,
      }),
      expect.objectContaining({
        degree: 'Diploma',
        fieldOfStudy: 'Information Technology',
        institute: 'Singapore Polytechnic',
        startYear: 2009,
        endYear: 2012,
      }),
    ]);
  });

  it('Uploads refuse other file types, several files, large files and a missing file', async () => {
    const text = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', Buffer.from('plain text CV'), 'cv.txt')
      .expect(400);
    expect(text.body.error.fields).toEqual({ file: 'upload.errors.unsupportedType' });
    const disguised = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', Buffer.from('not really a pdf'), 'cv.pdf')
      .expect(400);
    expect(disguised.body.error.fields).toEqual({ file: 'upload.errors.unsupportedType' });
    const pdf = await pdfCv();
    const two = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', pdf, 'a.pdf')
      .attach('file', pdf, 'b.pdf')
      .expect(400);
    expect(two.body.error.fields).toEqual({ file: 'upload.errors.tooManyFiles' });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const large = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(admin))
      .attach('file', big, 'big.pdf')
      .expect(413);
    expect(large.body.error.fields).toEqual({ file: 'upload.errors.documentTooLarge' });
    const none = await t.http.post('/api/v1/candidates/cv-data').set(as(admin)).field('candidateId', '').expect(400);
    expect(none.body.error.fields).toEqual({ file: 'upload.errors.required' });
  });

  it('A company cannot upload CVs; a candidate uploads their own', async () => {
    const pdf = await pdfCv();
    await t.http.post('/api/v1/candidates/cv-data').set(as(company)).attach('file', pdf, 'cv.pdf').expect(403);
    await t.http.post('/api/v1/candidates/cv-data').attach('file', pdf, 'cv.pdf').expect(401);
    const own = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(candidate))
      .attach('file', pdf, 'cv.pdf')
      .expect(201);
    expect(own.body.userId).toBe(demoId);
    expect(own.body.guid).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    // Another's profile answers as a missing one would: which ids exist is not told.
    await t.http
      .post('/api/v1/candidates/cv-data')
      .set(as(candidate))
      .field('candidateId', other.body.id)
      .attach('file', pdf, 'cv.pdf')
      .expect(404);
  });

  it('The CV downloads for admins and its candidate only; the blind CV also for RaaS companies, without personal data', async () => {
    const pdf = await pdfCv();
    const up = await t.http.post('/api/v1/candidates/cv-data').set(as(admin)).attach('file', pdf, 'cv.pdf').expect(201);
    await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(as(admin))
      .send({ resumePath: up.body.newCvFilePathToDb })
      .expect(200);

    const byAdmin = await t.http
      .get(`/api/v1/candidates/${demoId}/cv`)
      .set(as(admin))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(byAdmin.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(byAdmin.body as Buffer, pdf)).toBe(0);
    await t.http.get(`/api/v1/candidates/${demoId}/cv`).set(as(candidate)).expect(200);
    await inRaasPipeline(t, demoId);
    for (const token of [company, raas]) {
      const refused = await t.http.get(`/api/v1/candidates/${demoId}/cv`).set(as(token)).expect(403);
      expect(refused.body.error.code).toBe('downloadForbidden');
    }

    const blind = await t.http
      .get(`/api/v1/candidates/resume/${demoId}`)
      .set(as(raas))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(blind.body as Buffer);
    expect(text).toContain('Senior Software Engineer');
    expect(text).toContain('TypeScript');
    for (const personal of [
      'jane.tan@example.com',
      '9123',
      'linkedin.com',
      'github.com',
      'Jane',
      'Orchard Road',
      '238801',
      'Chloe',
      'Wong',
    ])
      expect(text).not.toContain(personal);
    await t.http.get(`/api/v1/candidates/resume/${demoId}`).set(as(admin)).expect(200);
    await t.http.get(`/api/v1/candidates/resume/${demoId}`).set(as(candidate)).expect(200);
    expect((await t.http.get(`/api/v1/candidates/resume/${demoId}`).set(as(company)).expect(403)).body.error.code).toBe(
      'downloadForbidden',
    );
  });

  it('The profile PDF downloads for admins and the candidate themselves', async () => {
    const res = await t.http
      .get(`/api/v1/candidates/get-pdf?id=${demoId}`)
      .set(as(admin))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Chloe Wong');
    expect(text).toContain('Experience');
    expect(text).toContain('National University of Singapore');
    await t.http.get(`/api/v1/candidates/get-pdf?id=${demoId}`).set(as(candidate)).expect(200);
    await inRaasPipeline(t, demoId);
    for (const token of [company, raas])
      expect(
        (await t.http.get(`/api/v1/candidates/get-pdf?id=${demoId}`).set(as(token)).expect(403)).body.error.code,
      ).toBe('downloadForbidden');
    const other = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    expect(
      (await t.http.get(`/api/v1/candidates/get-pdf?id=${other.body.id}`).set(as(candidate)).expect(403)).body.error
        .code,
    ).toBe('downloadForbidden');
  });

  it('A company asking for the files of a candidate it does not reach is told the candidate does not exist', async () => {
    const files = (id: string) => [
      `/api/v1/candidates/${id}/cv`,
      `/api/v1/candidates/resume/${id}`,
      `/api/v1/candidates/get-pdf?id=${id}`,
    ];
    const unknown = await t.http.get('/api/v1/candidates/Candidate:999999/cv').set(as(raas)).expect(404);
    // Active and visible, but in none of the RaaS company's projects: it has no search to find her with.
    const outside = (await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201))
      .body.id as string;
    for (const url of files(outside))
      expect((await t.http.get(url).set(as(raas)).expect(404)).body.error).toEqual(unknown.body.error);
    // A pending candidate no company meets, even one placed in the company's pipeline.
    const pending = (
      await t.http
        .post('/api/v1/candidates')
        .set(as(admin))
        .send(candidatePayload(ids, { status: 0 }))
        .expect(201)
    ).body.id as string;
    await inRaasPipeline(t, pending);
    for (const token of [company, raas])
      for (const url of files(pending))
        expect((await t.http.get(url).set(as(token)).expect(404)).body.error).toEqual(unknown.body.error);
    // Once she is in its pipeline the RaaS company reaches her: the CV itself stays forbidden.
    await inRaasPipeline(t, outside);
    expect((await t.http.get(`/api/v1/candidates/${outside}/cv`).set(as(raas)).expect(403)).body.error.code).toBe(
      'downloadForbidden',
    );
  });

  it('Downloads of a missing CV or candidate are not found', async () => {
    const other = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    expect(
      (await t.http.get(`/api/v1/candidates/${other.body.id}/cv`).set(as(admin)).expect(404)).body.error.code,
    ).toBe('cv.errors.notFound');
    await t.http.get('/api/v1/candidates/Candidate:999999/cv').set(as(admin)).expect(404);
    await t.http.get('/api/v1/candidates/get-pdf?id=nope').set(as(admin)).expect(404);
    await t.http.get(`/api/v1/candidates/${other.body.id}/cv`).expect(401);
  });
});
