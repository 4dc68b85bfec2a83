/**
 * Erasing a person whose profiles were merged. Each profile had its own email (email is unique), and once merged the
 * merged profile's is kept only in the merge's journal (candidate_merges), which the erasure deletes with the rows
 * naming the candidate. Profile B is merged into A, A keeping its own email, name and picture; an import's report
 * names B's email, mail to B's email waits in the outbox, other mail names B in full; A is erased. Then:
 * - both emails' hashes are on the erased list, and an import with a row for B's email is refused as asked to be
 *   erased, not created again;
 * - the mail to B's email and the report's row naming it are gone (the other row stays), B's picture is deleted, and
 *   no table, job or stored file holds B's identifiers;
 * - a chain (C merged into B taking C's email, then B into A taking it again): all three emails are on the list;
 * - an undone merge leaves the other profile alone (a live one again), and so does an email a new profile took since.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { emailHash } from '../../backend/services/erasedEmails';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';
import { scanAndMerge } from '../helpers/duplicatePairs';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';
import { eraseNow } from '../helpers/erasure';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, first: string, last: string, salary = '7000') =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript`;

/** Profile B's identifiers: nothing else in the database holds them. */
const B = { first: 'Zyphrak', last: 'Bellwixt', email: 'zyphrak.bellwixt@merged.example.org', git: 'zyphrakgit' };
const B_MARKERS = new RegExp([B.first, B.last, 'zyphrak', B.git].join('|'), 'i');

let t: TestApp;
let admin: string;
let dir: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

/** Candidates an admin creates, one per entry of `over`, all with `phone` (so the scan pairs them). */
async function profiles(phone: string, over: Record<string, unknown>[]): Promise<number[]> {
  const ids = await talentIds(t.knex);
  const made: number[] = [];
  for (const extra of over) {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, phone, ...extra }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  return made;
}

/** Scans for twins and merges `merged` into `survivor`, their pair's fields as `keep` says. */
const merge = (survivor: number, merged: number, keep: Record<string, string>) =>
  scanAndMerge(t, admin, survivor, merged, keep);

/** Erases candidate `id` as an admin does for a request received elsewhere: recorded, carried out early, its jobs run. */
async function erase(id: number): Promise<void> {
  await eraseNow(t, admin, id);
  // The stored files go with the delete_erased_files job the erasure queued.
  await runJobs(t);
}

const erasedList = async () => (await t.knex('erased_emails').pluck('email_hash')) as string[];
const hashOf = (email: string) => emailHash(t.config, email);
const mailTo = async (email: string) => (await t.knex('outbox_emails').whereRaw('lower("to") = ?', [email])).length;
const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  dir = tempDirUntilFileEnd('talentbase-erasure-merged');
});

describe('Erasing a person whose other profile was merged into the one erased', () => {
  const A = { first: 'Qorvane', last: 'Ashdell', email: 'qorvane.ashdell@merged.example.org' };
  const OTHER = 'someone.else@merged.example.org';
  let a: number;
  let importId: string;
  let picture: string;
  const report = () => t.http.get(`/api/v1/candidates/imports/${importId}/report`).set(bearer(admin)).buffer(true);

  beforeAll(async () => {
    [a] = await profiles('+65 8123 5101', [{ firstName: A.first, lastName: A.last, email: A.email, githubUrl: null }]);
    const [b] = await profiles('+65 8123 5101', [
      { firstName: B.first, lastName: B.last, email: B.email, githubUrl: `https://github.com/${B.git}` },
    ]);
    // B's own picture, set by its person.
    const saved = await t.http
      .put('/api/v1/auth/account')
      .set(bearer(await t.login(B.email)))
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    picture = saved.body.data.profilePic as string;

    const keep = { email: 'survivor', firstName: 'survivor', lastName: 'survivor', profilePic: 'survivor' };
    await merge(a, b, { ...keep, githubUrl: 'survivor' });
    expect(await t.knex('candidates').where('id', b).first()).toBeUndefined();
    expect(await emailOf(a)).toBe(A.email);

    // A console import whose report names B's email (a row missing its salary) and someone else's.
    const content = `${HEADER}\n${row(B.email, B.first, B.last, '')}\n${row(OTHER, 'Ana', 'Lim', '')}\n`;
    const started = await t.http
      .post('/api/v1/candidates/imports')
      .set(bearer(admin))
      .attach('file', Buffer.from(content), 'people.csv');
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    importId = started.body.id;
    await runJobs(t);
    expect((await report()).text.toLowerCase()).toContain(B.email);

    // Mail to B's email waiting to go, and mail to someone else naming B in full.
    await t.knex('outbox_emails').insert([
      { to: B.email, subject: 'Your profile', text: `Hello ${B.first}, a company asked about you.` },
      { to: OTHER, subject: 'A candidate', text: `${B.first} ${B.last} may suit your role.` },
    ]);

    await erase(a);
  }, 180_000);

  it('puts the hash of every email the person had on the erased list', async () => {
    expect(await erasedList()).toEqual(expect.arrayContaining([hashOf(A.email), hashOf(B.email)]));
  });

  it('refuses an import of the merged profile’s email as asked to be erased, and creates nobody', async () => {
    const file = path.join(dir, 'again.csv');
    await writeFile(file, `${HEADER}\n${row(B.email, B.first, B.last)}\n`);
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url, config: t.config });
    expect(result).toMatchObject({ created: 0, updated: 0, rejected: 1 });
    const lines = (await readFile(result.reportPath, 'utf8')).trim().split('\n').slice(1);
    expect(lines).toEqual([expect.stringMatching(/^2,zyphrak\.bellwixt@merged\.example\.org,.*asked to be erased/)]);
    expect(await t.knex('candidates').whereRaw('lower(email) = ?', [B.email]).first()).toBeUndefined();
  });

  it('deletes the mail to the merged profile’s email and the report’s row naming it; the others stay', async () => {
    expect(await mailTo(B.email)).toBe(0);
    const other = await t.knex('outbox_emails').where('to', OTHER).first('text');
    expect(other.text).not.toMatch(B_MARKERS);
    const after = await report();
    expect(after.status).toBe(200);
    const lines = after.text.trim().split('\n');
    expect(lines[0]).toBe('row,email,reasons');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^3,someone\.else@merged\.example\.org,/)]);
  });

  it('deletes the merged profile’s picture, and leaves its identifiers in no table, job or stored file', async () => {
    expect((await t.http.get(picture).set(bearer(admin))).status).toBe(404);
    await expect(readFile(path.join(t.config.uploadDir, picture.replace(/^\/uploads\//, '')))).rejects.toThrow();
    const tables = await t
      .knex('information_schema.tables')
      .whereIn('table_schema', ['public', 'graphile_worker'])
      .where('table_type', 'BASE TABLE')
      .select('table_schema as schema', 'table_name as name');
    const found: string[] = [];
    for (const table of tables) {
      const { rows } = await t.knex.raw(
        `select t::text as row from "${table.schema}"."${table.name}" t where t::text ~* ?`,
        [B_MARKERS.source],
      );
      for (const r of rows) found.push(`${table.schema}.${table.name}: ${String(r.row).slice(0, 300)}`);
    }
    expect(found).toEqual([]);
    const files: string[] = [];
    const walk = async (at: string): Promise<void> => {
      for (const e of await readdir(at, { withFileTypes: true })) {
        const p = path.join(at, e.name);
        if (e.isDirectory()) await walk(p);
        else if (B_MARKERS.test((await readFile(p)).toString('latin1'))) files.push(p);
      }
    };
    await walk(t.config.uploadDir);
    expect(files).toEqual([]);
  });
});

describe('Erasing the end of a chain of merges', () => {
  it('puts every email of the chain on the erased list, the ones kept only as a survivor was before a merge too', async () => {
    const emails = ['chain.x@merged.example.org', 'chain.y@merged.example.org', 'chain.z@merged.example.org'];
    const [x, y, z] = await profiles(
      '+65 8123 5102',
      emails.map((email, i) => ({ email, firstName: 'Corin', lastName: `Chainer${i}` })),
    );
    // Each survivor takes the merged profile's email: its own is then kept only in the journal, as it was before.
    await merge(y, z, { email: 'merged' });
    await merge(x, y, { email: 'merged' });
    expect(await emailOf(x)).toBe(emails[2]);
    await erase(x);
    expect(await erasedList()).toEqual(expect.arrayContaining(emails.map(hashOf)));
  });
});

describe('Profiles the erasure leaves alone', () => {
  it('an undone merge: the other profile is live again, its email and mail stay', async () => {
    const [keepEmail, liveEmail] = ['undone.kept@merged.example.org', 'undone.live@merged.example.org'];
    const [a, b] = await profiles('+65 8123 5103', [
      { email: keepEmail, firstName: 'Una', lastName: 'Donelly' },
      { email: liveEmail, firstName: 'Ulla', lastName: 'Livewell' },
    ]);
    const mergeId = await merge(a, b, { email: 'survivor' });
    const undo = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    await t.knex('outbox_emails').insert({ to: liveEmail, subject: 'Hello', text: 'Hello Ulla' });
    await erase(a);
    const list = await erasedList();
    expect(list).toContain(hashOf(keepEmail));
    expect(list).not.toContain(hashOf(liveEmail));
    expect(await emailOf(b)).toBe(liveEmail);
    // The mail above, the merge's notice to the merged address and the undo's that it signs in again (duplicates/emails.ts).
    expect(await mailTo(liveEmail)).toBe(3);
  });

  it('an email a new profile took after the merge: that profile’s, not the erased person’s', async () => {
    const [keepEmail, goneEmail] = ['retaken.kept@merged.example.org', 'retaken.gone@merged.example.org'];
    const [a, b] = await profiles('+65 8123 5104', [
      { email: keepEmail, firstName: 'Rita', lastName: 'Keeper' },
      { email: goneEmail, firstName: 'Remy', lastName: 'Taker' },
    ]);
    await merge(a, b, { email: 'survivor' });
    const [c] = await profiles('+65 9000 5104', [{ email: goneEmail, firstName: 'Remy', lastName: 'Taker' }]);
    await t.knex('outbox_emails').insert({ to: goneEmail, subject: 'Hello', text: 'Hello Remy' });
    await erase(a);
    const list = await erasedList();
    expect(list).toContain(hashOf(keepEmail));
    expect(list).not.toContain(hashOf(goneEmail));
    expect(await emailOf(c)).toBe(goneEmail);
    // The mail above, and the merge's notice to the merged address (duplicates/emails.ts).
    expect(await mailTo(goneEmail)).toBe(2);
  });
});
