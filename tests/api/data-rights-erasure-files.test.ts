/**
 * Erasure and the stored files that name the person without being theirs alone: an admin sends,
 * in the chat of a project the candidate is on, files named with their full name and one whose
 * message names them in full (a first name alone may be anyone's: eraseScope.ts); a console
 * import holds their row and an invalid duplicate, so its report names them; an import that
 * failed before uploads were deleted on failure still holds its file. Once an admin carries out
 * the erasure, those attachments answer 404 and are gone from storage (an unrelated one still
 * downloads), the report is rewritten without their rows (the others kept), the failed import's
 * upload is gone, and no stored file holds their markers.
 * Also: an import that fails deletes its upload at once.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../backend/features/talent';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

const M = 'wqxj';
const MARKERS = [`${M}first`, `${M}last`, `${M}mail`];
const EMAIL = `${M}mail@erase-files.example.org`;
const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, salary = '7000', first = `${M}first`, last = `${M}last`) =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript`;
/** Nowhere to connect: the import's own database sessions fail, as when the database goes away mid-import. */
const UNREACHABLE = 'postgres://nobody:nothing@127.0.0.1:1/nowhere';

let w: PipelineWorld;
let chat: number;
/** The attachments' addresses: naming the person (full name, file name in words, full name in the text), and not. */
const named: string[] = [];
let brief: string;
let importId: string;
let oldFailedKey: string;

const bearer = () => `Bearer ${w.tokens.admin}`;
const uploadImport = (name: string, content: string) =>
  w.t.http.post('/api/v1/candidates/imports').set('Authorization', bearer()).attach('file', Buffer.from(content), name);
const report = () => w.t.http.get(`/api/v1/candidates/imports/${importId}/report`).set('Authorization', bearer());
const download = (url: string) => w.t.http.get(url).set('Authorization', bearer());
const stored = (key: string) =>
  stat(path.join(w.t.config.uploadDir, ...key.split('/'))).then(
    () => true,
    () => false,
  );
const numberOf = (id: string) => Number(id.split(':')[1]);

/** Every stored file whose bytes hold a marker. */
async function scanFiles(dir = w.t.config.uploadDir): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) found.push(...(await scanFiles(p)));
    else if (new RegExp(MARKERS.join('|'), 'i').test((await readFile(p)).toString('latin1'))) found.push(p);
  }
  return found;
}

beforeAll(async () => {
  w = await pipelineWorld();
  const admin = w.as('admin');
  const ok = (res: { status: number; body: unknown }, what: string) =>
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

  const created = await admin.post('/candidates', {
    ...candidatePayload(await talentIds(w.knex), {
      firstName: `${M}first`,
      lastName: `${M}last`,
      email: EMAIL,
      phone: '+659 771 48150372',
      linkedInUrl: `linkedin.com/in/${M}linked`,
    }),
    status: 1,
  });
  ok(created, 'create the candidate');
  ok(
    await admin.post('/projects/candidate/curate', {
      projectId: `Project:${w.projects.acme}`,
      candidateIds: [created.body.id],
    }),
    'curate into Acme',
  );

  // The project's chat: the company asks, an admin sends files.
  const asked = await w.as('company').post(`/projects/${w.projects.acme}/conversation/messages`, { body: 'Any news?' });
  ok(asked, 'open the chat');
  chat = asked.body.data.conversationId;
  const send = async (name: string, lines: string[], body?: string) => {
    const r = w.t.http.post(`/api/v1/conversations/${chat}/messages`).set('Authorization', bearer());
    if (body) r.field('body', body);
    const res = await r.attach('attachment', await pdfOf(lines), name);
    ok(res, `send ${name}`);
    return res.body.data.attachment.url as string;
  };
  named.push(await send(`${M}first ${M}last CV.pdf`, [`${M}first ${M}last`, EMAIL]));
  named.push(await send(`${M}first_${M}last_2.pdf`, [`${M}first ${M}last`]));
  named.push(await send('notes.pdf', [`Notes on ${M}first ${M}last`], `${M}first ${M}last is keen; my notes attached`));
  brief = await send('brief.pdf', ['The role: senior engineer'], 'The brief for the role');

  // A console import with the person's row, an invalid duplicate of it and another person's invalid row.
  const started = await uploadImport(
    'people.csv',
    `${HEADER}\n${row(EMAIL)}\n${row(EMAIL, '')}\n${row('someone.else@erase-files.example.org', '', 'Ana', 'Lim')}\n`,
  );
  ok(started, 'start the import');
  importId = started.body.id;
  await runJobs(w.t);
  const done = await w.t.http.get(`/api/v1/candidates/imports/${importId}`).set('Authorization', bearer());
  expect(done.body).toMatchObject({ status: 'done', updated: 1, rejected: 2, reportAvailable: true });

  // An import that failed before failed imports deleted their uploads: its file is still there.
  const old = await uploadImport('old.csv', `${HEADER}\n${row(EMAIL, '8000')}\n`);
  ok(old, 'start the old import');
  await w.knex('candidate_imports').where('id', numberOf(old.body.id)).update({ status: 3 });
  oldFailedKey = (await w.knex('candidate_imports').where('id', numberOf(old.body.id)).first('file_key')).file_key;
}, 300_000);

describe('Erasure and the files that name the person', () => {
  it('an import that fails deletes its upload', async () => {
    const started = await uploadImport('fails.csv', `${HEADER}\n${row(EMAIL, '9000')}\n`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = numberOf(started.body.id);
    const { file_key: key } = await w.knex('candidate_imports').where('id', id).first('file_key');
    expect(await stored(key)).toBe(true);
    await runImport(id, w.knex, UNREACHABLE, w.t.config);
    const after = await w.t.http.get(`/api/v1/candidates/imports/${started.body.id}`).set('Authorization', bearer());
    expect(after.body).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(await stored(key)).toBe(false);
    expect(await w.knex('candidate_imports').where('id', id).first('file_key')).toEqual({ file_key: null });
  });

  it('before the erasure, the attachments download and the report names the person', async () => {
    for (const url of [...named, brief]) expect((await download(url)).status, url).toBe(200);
    const before = await report();
    expect(before.status).toBe(200);
    expect(before.text.toLowerCase()).toContain(EMAIL);
    expect(await stored(oldFailedKey)).toBe(true);
    expect(await scanFiles()).not.toEqual([]);
  });

  describe('once an admin has carried out the erasure', () => {
    /** The stored files of the conversation's attachments, in order: the three naming the person, then the brief. */
    let keys: string[];
    beforeAll(async () => {
      keys = (await w
        .knex('chat_messages')
        .where('conversation_id', chat)
        .whereNotNull('attachment_key')
        .orderBy('id')
        .pluck('attachment_key')) as string[];
      expect(keys).toHaveLength(4);
      const admin = w.as('admin');
      const candidate = await w.knex('candidates').where('email', EMAIL).first('id');
      const recorded = await admin.post('/data-rights/erasures', { candidateId: `Candidate:${candidate.id}` });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      const erased = await admin.post(`/data-rights/erasures/${numberOf(recorded.body.id)}/carry-out`, { early: true });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      await runJobs(w.t);
    }, 120_000);

    it('the attachments that named the person answer 404 and are gone from storage; the others stay', async () => {
      for (const url of named) expect((await download(url)).status, url).toBe(404);
      for (const key of keys.slice(0, 3)) expect(await stored(key), key).toBe(false);
      expect((await download(brief)).status).toBe(200);
      // The messages stay; only the brief still carries a file.
      const conversation = await w.as('admin').get(`/conversations/${chat}`);
      expect(conversation.status).toBe(200);
      expect(conversation.body.messages).toHaveLength(5);
      const files = conversation.body.messages.filter((m: { attachment: unknown }) => m.attachment);
      expect(files.map((m: { attachment: { url: string } }) => m.attachment.url)).toEqual([brief]);
    });

    it("the import's report is rewritten without the person's rows; the other rows stay", async () => {
      const after = await report();
      expect(after.status).toBe(200);
      expect(after.text).not.toMatch(new RegExp(MARKERS.join('|'), 'i'));
      const lines = after.text.trim().split('\n');
      expect(lines[0]).toBe('row,email,reasons');
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^4,someone\.else@erase-files\.example\.org,/)]);
    });

    it('the upload a failed import still held is gone', async () => {
      expect(await stored(oldFailedKey)).toBe(false);
    });

    it('no stored file holds the markers', async () => {
      expect(await scanFiles()).toEqual([]);
    });
  });
});
