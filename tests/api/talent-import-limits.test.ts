/**
 * What one import file may hold: a file of more rows or columns than the import takes is refused at upload with the
 * file's own message, before anything is stored or written; a JSON line of too many keys is a rejected row; and a
 * rejected row's reasons are cut to a bounded length in the report, however much the row got wrong.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, skills = 'TypeScript*; React') =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,${skills}`;

let t: TestApp;
let admin: string;
let dir: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  dir = tempDirUntilFileEnd('talentbase-import-limits');
});

const upload = (name: string, content: string | Buffer) =>
  t.http
    .post('/api/v1/candidates/imports')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', Buffer.from(content), name);

const importsStored = async () => (await t.knex('candidate_imports').count({ n: '*' }).first())?.n;

describe('A file over the limits', () => {
  it('of more than 1,000,000 rows is refused at upload, with the file’s own message, and nothing is stored', async () => {
    const rows = Buffer.alloc(2 * 1_000_001, 'x\n');
    const refused = await upload('huge.csv', Buffer.concat([Buffer.from('email\n'), rows]));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.tooManyRows',
      fields: { file: 'imports.errors.tooManyRows' },
    });
    expect(refused.body.error.message).toContain('1,000,000 rows');
    expect(await importsStored()).toBe(0);
  }, 120_000);

  it('of more than 200 columns is refused at upload, as a JSON line of more than 200 keys is a rejected row', async () => {
    const before = await importsStored();
    const wide = Array.from({ length: 200 }, (_, i) => `_note${i}`);
    const refused = await upload('wide.csv', `${HEADER},${wide.join(',')}\n${row('wide@import.example.com')}\n`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ file: 'imports.errors.tooManyColumns' });
    expect(refused.body.error.message).toBe(text('imports.errors.tooManyColumns'));
    expect(await importsStored()).toBe(before);

    // The import itself refuses such a file before writing any row (npm run import meets it there).
    const file = path.join(dir, 'wide.csv');
    await writeFile(file, `${HEADER},${wide.join(',')}\n${row('wide@import.example.com')}\n`);
    await expect(importCandidates({ file, knex: t.knex, connectionString: t.url })).rejects.toThrow(
      text('imports.errors.tooManyColumns'),
    );
    expect(await t.knex('candidates').where('email', 'wide@import.example.com').first('id')).toBeUndefined();

    const jsonl = path.join(dir, 'wide.jsonl');
    const base = {
      email: 'json.ok@import.example.com',
      firstName: 'Ana',
      lastName: 'Lim',
      currentLocation: 'Singapore (SG)',
      preferredLocations: ['Singapore (SG):1'],
      jobTitles: ['Software Engineer'],
      typeOfEmployment: [1],
      expectedSalary: 7000,
      noticePeriod: '1:1',
      skills: ['TypeScript*'],
    };
    const notes = Object.fromEntries(wide.map((n) => [n, 'x']));
    await writeFile(
      jsonl,
      `${JSON.stringify(base)}\n${JSON.stringify({ ...base, email: 'json.wide@import.example.com', ...notes })}\n`,
    );
    const result = await importCandidates({ file: jsonl, knex: t.knex, connectionString: t.url });
    expect(result).toMatchObject({ created: 1, rejected: 1 });
    expect(await readFile(result.reportPath, 'utf8')).toContain('2,,Row: more than 200 columns');
  }, 120_000);
});

describe('The rejection report', () => {
  it('cuts a row’s reasons to 1,000 characters, ending in an ellipsis', async () => {
    const unknown = Array.from({ length: 400 }, (_, i) => `Unheard Skill Number ${i}`).join('; ');
    const file = path.join(dir, 'reasons.csv');
    await writeFile(
      file,
      `${HEADER}\n${row('many.wrong@import.example.com', unknown)}\n${row('fine@import.example.com')}\n`,
    );
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url });
    expect(result).toMatchObject({ created: 1, rejected: 1 });
    const [, line] = (await readFile(result.reportPath, 'utf8')).trim().split('\n');
    const reason = line.slice('2,many.wrong@import.example.com,'.length).replace(/^"|"$/g, '');
    expect(reason.startsWith('Skills: ')).toBe(true);
    expect(reason.length).toBe(1_000);
    expect(reason.endsWith('…')).toBe(true);
  }, 120_000);
});
