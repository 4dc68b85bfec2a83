/**
 * CV uploads and downloads from an attacker's side: a Word file that unpacks to megabytes of text,
 * many uploads or document downloads, someone else's storage key, an outside picture address, downloads of candidates
 * a RaaS company may not see.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cvConfig } from '../../backend/config';
import { testApp } from '../helpers/app';
import { docxBomb, pdfBomb, pdfOf, SG_ENGINEER } from '../helpers/cvs';
import { bearer, candidatePayload, inRaasPipeline, talentWorld, type TalentWorld } from '../helpers/talent';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('A Word file built to exhaust the server', () => {
  let w: TalentWorld;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    w = await talentWorld();
    server = await new Promise((resolve) => {
      const s = w.t.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The reading thread starts once; its start is not what is measured.
    await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.admin))
      .attach('file', await pdfOf(SG_ENGINEER), 'warm-up.pdf')
      .expect(201);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Posts the file while asking /health every 25 ms; the upload's answer, each /health time and the memory it took. */
  async function uploadWhileWatching(file: Buffer, name = 'cv.docx') {
    const form = new FormData();
    const type = name.endsWith('.pdf') ? 'application/pdf' : DOCX;
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const healthTimes: number[] = [];
    let done = false;
    const upload = fetch(`${base}/api/v1/candidates/cv-data`, {
      method: 'POST',
      body: form,
      headers: bearer(w.candidate),
    }).then(async (res) => {
      done = true;
      return { status: res.status, body: (await res.json()) as Record<string, never> };
    });
    while (!done || healthTimes.length < 3) {
      const start = performance.now();
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      healthTimes.push(performance.now() - start);
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return {
      ...(await upload),
      healthTimes,
      rssGrowthMb: (peakRss - before.rss) / 2 ** 20,
      heapGrowthMb: (peakHeap - before.heapUsed) / 2 ** 20,
    };
  }

  it('A candidate posting a 13 KB Word file holding 2 MB of text gets a draft while /health keeps answering within 200 ms', async () => {
    const bomb = await docxBomb(2_000_000);
    expect(bomb.length).toBeLessThan(20_000);
    const res = await uploadWhileWatching(bomb);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Math.max(...res.healthTimes)).toBeLessThan(200);
    // Only the first CV_MAX_TEXT_CHARS are read: the request thread never holds the 2 MB.
    expect(res.heapGrowthMb).toBeLessThan(48);
    expect(res.rssGrowthMb).toBeLessThan(160);
  });

  it('A Word file that unpacks to 300 MB is refused unread, and /health keeps answering within 200 ms', async () => {
    const bomb = await docxBomb(200_000_000);
    const res = await uploadWhileWatching(bomb);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { file: 'upload.errors.tooComplex' } } });
    expect(Math.max(...res.healthTimes)).toBeLessThan(200);
    expect(res.heapGrowthMb).toBeLessThan(48);
    expect(res.rssGrowthMb).toBeLessThan(96);
  });

  it('A Word file whose header understates its size is refused once unpacking passes the limit', async () => {
    const res = await uploadWhileWatching(await docxBomb(60_000_000, { declared: 2_000 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { file: 'upload.errors.tooComplex' } } });
    expect(Math.max(...res.healthTimes)).toBeLessThan(200);
    expect(res.rssGrowthMb).toBeLessThan(96);
  });

  it('A 70 KB PDF that asks pdf.js to unpack 1 GB (one stream of spaces listed 16 times) is refused within CV_READ_MEMORY_MB', async () => {
    const bomb = pdfBomb(64, 16);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await uploadWhileWatching(bomb, 'cv.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { file: 'upload.errors.tooComplex' } } });
    expect(Math.max(...res.healthTimes)).toBeLessThan(200);
    // The reading thread's buffers end at the limit (192 MB), not at the gigabyte the file asks for.
    expect(res.rssGrowthMb).toBeLessThan(400);
  });

  it('Refused and unreadable uploads leave no file and no draft behind', async () => {
    const count = async () => Number((await w.t.knex('cv_uploads').count({ n: '*' }))[0].n);
    const before = await count();
    await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.candidate))
      .attach('file', await docxBomb(200_000_000), 'cv.docx')
      .expect(400);
    await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.candidate))
      .attach('file', Buffer.from('%PDF-1.4 broken'), 'cv.pdf')
      .expect(400);
    expect(await count()).toBe(before);
  });
});

describe('The limits of the CV reading thread', () => {
  it('A CV that needs more memory than CV_READ_MEMORY_MB stops its thread and is refused; the next CV is read normally', async () => {
    const t = await testApp({ cv: { ...cvConfig(), readMemoryMb: 64, maxTextChars: 20_000_000 } });
    const admin = await t.login('admin@example.com');
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('file', await docxBomb(10_000_000), 'cv.docx')
      .expect(400);
    expect(res.body.error.fields).toEqual({ file: 'upload.errors.tooComplex' });
    await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('file', await pdfOf(SG_ENGINEER), 'cv.pdf')
      .expect(201);
  });

  it('A CV that takes longer than CV_READ_TIMEOUT_MS is refused', async () => {
    const t = await testApp({ cv: { ...cvConfig(), readTimeoutMs: 1 } });
    const admin = await t.login('admin@example.com');
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('file', await pdfOf(SG_ENGINEER), 'cv.pdf')
      .expect(400);
    expect(res.body.error.fields).toEqual({ file: 'upload.errors.tooComplex' });
  });
});

describe('Uploading CVs again and again', () => {
  it('A person gets 429 after CV_UPLOADS_PER_WINDOW uploads; someone else can still upload', async () => {
    const t = await testApp({ cv: { ...cvConfig(), uploadsPerWindow: 2 } });
    const [candidate, admin] = await Promise.all([t.login('candidate@example.com'), t.login('admin@example.com')]);
    const pdf = await pdfOf(SG_ENGINEER);
    for (let i = 0; i < 2; i += 1)
      await t.http.post('/api/v1/candidates/cv-data').set(bearer(candidate)).attach('file', pdf, 'cv.pdf').expect(201);
    const refused = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(candidate))
      .attach('file', pdf, 'cv.pdf')
      .expect(429);
    expect(refused.body.error.code).toBe('errors.tooManyRequests');
    await t.http.post('/api/v1/candidates/cv-data').set(bearer(admin)).attach('file', pdf, 'cv.pdf').expect(201);
  });

  it('A person gets 429 after RATE_LIMIT_DOCUMENTS blind CVs and profile PDFs, each of which may read a stored CV again', async () => {
    const t = await testApp({ rateLimit: { perEmail: 1000, perIp: 10000, documents: 3, windowMinutes: 15 } });
    const [admin, advocate] = await Promise.all([t.login('admin@example.com'), t.login('advocate@example.com')]);
    const [id] = await t.knex('candidates').where('status', 1).orderBy('id').limit(1).pluck('id');
    const pdf = (token: string) => t.http.get(`/api/v1/candidates/get-pdf?id=Candidate:${id}`).set(bearer(token));
    const resume = (token: string) => t.http.get(`/api/v1/candidates/resume/Candidate:${id}`).set(bearer(token));
    await pdf(admin).expect(200);
    await pdf(admin).expect(200);
    // Counted before the candidate's files are looked at: this one has no CV to make a blind one from.
    expect((await resume(admin).expect(404)).body.error.code).toBe('cv.errors.notFound');
    expect((await pdf(admin).expect(429)).body.error.code).toBe('errors.tooManyRequests');
    await resume(admin).expect(429);
    await pdf(advocate).expect(200);
  });
});

describe("Pointing a profile at someone else's file", () => {
  let w: TalentWorld;
  let pdf: Buffer;
  const upload = async (token: string, candidateId?: string) => {
    const req = w.t.http.post('/api/v1/candidates/cv-data').set(bearer(token));
    if (candidateId) void req.field('candidateId', candidateId);
    return (await req.attach('file', pdf, 'cv.pdf').expect(201)).body.newCvFilePathToDb as string;
  };

  beforeAll(async () => {
    w = await talentWorld();
    pdf = await pdfOf(SG_ENGINEER);
  });

  it("A candidate cannot set resumePath or blindResumePath to another candidate's CV, nor download it through their own profile", async () => {
    const victim = (
      await w.t.http.post('/api/v1/candidates').set(bearer(w.admin)).send(candidatePayload(w.ids)).expect(201)
    ).body.id as string;
    const key = await upload(w.admin, victim);
    await w.t.http.put(`/api/v1/candidates/${victim}`).set(bearer(w.admin)).send({ resumePath: key }).expect(200);

    const res = await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ resumePath: key })
      .expect(400);
    expect(res.body.error.fields).toEqual({ resumePath: 'resumePath.errors.notUploaded' });
    // The blind CV is the admins' to set: from a candidate it is refused by name, not taken at all.
    const blind = await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ blindResumePath: key })
      .expect(403);
    expect(blind.body.error.fields).toEqual({ blindResumePath: 'blindResumePath.errors.notWritable' });
    const own = await w.t.http.get(`/api/v1/candidates/${w.demoId}/cv`).set(bearer(w.candidate));
    expect(own.status).toBe(404);
    expect(
      await w.t
        .knex('candidates')
        .where('id', Number(w.demoId.split(':')[1]))
        .first('resume_path', 'blind_resume_path'),
    ).toEqual({
      resume_path: null,
      blind_resume_path: null,
    });
  });

  it('A candidate cannot take a draft an admin uploaded; their own draft attaches once, to their own profile', async () => {
    const adminDraft = await upload(w.admin);
    const refused = await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ resumePath: adminDraft })
      .expect(400);
    expect(refused.body.error.fields).toEqual({ resumePath: 'resumePath.errors.notUploaded' });

    const mine = await upload(w.candidate);
    await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ resumePath: mine })
      .expect(200);
    const file = await w.t.http
      .get(`/api/v1/candidates/${w.demoId}/cv`)
      .set(bearer(w.candidate))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    // Saving the profile again with the same path changes nothing.
    await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ resumePath: mine, summary: 'Still me.' })
      .expect(200);
    // A draft is taken once: an admin holding its key cannot put it on another profile either.
    const other = (
      await w.t.http.post('/api/v1/candidates').set(bearer(w.admin)).send(candidatePayload(w.ids)).expect(201)
    ).body.id as string;
    const reuse = await w.t.http
      .put(`/api/v1/candidates/${other}`)
      .set(bearer(w.admin))
      .send({ blindResumePath: mine })
      .expect(400);
    expect(reuse.body.error.fields).toEqual({ blindResumePath: 'blindResumePath.errors.notUploaded' });
  });

  it('An admin cannot attach a draft uploaded for one candidate to another, nor one draft to two profiles', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(
        async () =>
          (await w.t.http.post('/api/v1/candidates').set(bearer(w.admin)).send(candidatePayload(w.ids)).expect(201))
            .body.id as string,
      ),
    );
    const forA = await upload(w.admin, a);
    await w.t.http.put(`/api/v1/candidates/${b}`).set(bearer(w.admin)).send({ resumePath: forA }).expect(400);
    await w.t.http.put(`/api/v1/candidates/${a}`).set(bearer(w.admin)).send({ resumePath: forA }).expect(200);
    const loose = await upload(w.admin);
    await w.t.http
      .post('/api/v1/candidates')
      .set(bearer(w.admin))
      .send(candidatePayload(w.ids, { resumePath: loose }))
      .expect(201);
    await w.t.http
      .post('/api/v1/candidates')
      .set(bearer(w.admin))
      .send(candidatePayload(w.ids, { resumePath: loose }))
      .expect(400);
  });
});

describe('Profile pictures from outside', () => {
  it("A candidate or a company user cannot set profilePic to an outside address or to a teammate's picture", async () => {
    const w = await talentWorld();
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const member = await w.t.login('member@acme.example.com');
    const teammate = await w.t.http
      .put('/api/v1/auth/account')
      .set(bearer(w.company))
      .attach('profilePicEdit', PNG, 'me.png')
      .expect(200);
    const teammatePic = teammate.body.data.profilePic as string;
    const memberId = `User:${(await w.t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id}`;

    for (const profilePic of ['https://tracker.example.com/pixel.gif?u=1', teammatePic]) {
      await w.t.http
        .put(`/api/v1/company-users/${memberId}`)
        .set(bearer(member))
        .send({ profilePic, jobTitle: 'Recruiter' })
        .expect(200);
      expect(
        (await w.t.http.get(`/api/v1/company-users/${memberId}`).set(bearer(member)).expect(200)).body.profilePic,
      ).toBeNull();
      await w.t.http.put(`/api/v1/candidates/${w.demoId}`).set(bearer(w.candidate)).send({ profilePic }).expect(200);
      expect(
        (await w.t.http.get(`/api/v1/candidates/${w.demoId}`).set(bearer(w.candidate)).expect(200)).body.profilePic,
      ).toBeNull();
    }
    // The member's own picture upload replaces only their own file: the teammate's is still served.
    await w.t.http.put('/api/v1/auth/account').set(bearer(member)).attach('profilePicEdit', PNG, 'me.png').expect(200);
    await w.t.http.get(teammatePic).expect(200);
  });
});

/** A new candidate into the RaaS company's pipeline (inRaasPipeline), at `stage`: 1 longlist, 2 shortlist (its board's first). */
async function inRaasStage(w: TalentWorld, ref: string, stage: 1 | 2): Promise<void> {
  await inRaasPipeline(w.t, ref);
  await w.t
    .knex('project_candidates')
    .where('candidate_id', Number(ref.slice('Candidate:'.length)))
    .update({ stage });
}

describe('Blind CVs for a RaaS company', () => {
  it('A RaaS company Admin cannot download the blind CV of a hidden, pending, inactive, semi-active or pending-activation candidate of its pipeline', async () => {
    const w = await talentWorld();
    const pdf = await pdfOf(SG_ENGINEER);
    const withCv = async (overrides: Record<string, unknown>) => {
      const id = (
        await w.t.http.post('/api/v1/candidates').set(bearer(w.admin)).send(candidatePayload(w.ids)).expect(201)
      ).body.id as string;
      const up = await w.t.http
        .post('/api/v1/candidates/cv-data')
        .set(bearer(w.admin))
        .field('candidateId', id)
        .attach('file', pdf, 'cv.pdf')
        .expect(201);
      await w.t.http
        .put(`/api/v1/candidates/${id}`)
        .set(bearer(w.admin))
        .send({ resumePath: up.body.newCvFilePathToDb, ...overrides })
        .expect(200);
      return id;
    };
    // Hidden but reached (in its pipeline): the download rule refuses. Not active: no company meets
    // them at all, so they are not found, like an id that names nobody.
    const hidden = await withCv({ visibility: false });
    const unmet = [
      await withCv({ status: 0 }),
      await withCv({ status: 2 }),
      await withCv({ status: 3 }),
      await withCv({ status: 4 }),
    ];
    for (const id of [hidden, ...unmet]) await inRaasStage(w, id, 2);
    expect(
      (await w.t.http.get(`/api/v1/candidates/resume/${hidden}`).set(bearer(w.raas)).expect(403)).body.error.code,
    ).toBe('downloadForbidden');
    for (const id of unmet) await w.t.http.get(`/api/v1/candidates/resume/${id}`).set(bearer(w.raas)).expect(404);
    // Admins curate every status: they still get it.
    for (const id of [hidden, ...unmet])
      await w.t.http.get(`/api/v1/candidates/resume/${id}`).set(bearer(w.admin)).expect(200);
    const visible = await withCv({});
    await w.t.http.get(`/api/v1/candidates/resume/${visible}`).set(bearer(w.raas)).expect(404);
    // On its longlist, the advocates' work its board does not show, the candidate is not found either.
    await inRaasStage(w, visible, 1);
    await w.t.http.get(`/api/v1/candidates/resume/${visible}`).set(bearer(w.raas)).expect(404);
    await inRaasStage(w, visible, 2);
    await w.t.http.get(`/api/v1/candidates/resume/${visible}`).set(bearer(w.raas)).expect(200);
  });
});
