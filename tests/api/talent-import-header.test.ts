/**
 * A CSV whose header names a column the import does not know is refused at upload, naming the column and the one it
 * was likely meant to be, before anything is stored: a spreadsheet's "Email, First Name" no longer runs a whole file
 * whose every row is rejected. Columns starting with '_' are notes and pass; the known header imports as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const upload = (content: string) =>
  t.http
    .post('/api/v1/candidates/imports')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', Buffer.from(content), 'people.csv');
const importsStored = async () => Number((await t.knex('candidate_imports').count({ n: '*' }).first())?.n);

describe('An import file’s header', () => {
  it('with a spreadsheet’s column names is refused at upload, naming each column and what it likely means', async () => {
    const before = await importsStored();
    const refused = await upload('Email,First Name,LastName,Favourite Colour\nbob@header.example.com,Bob,Tan,Blue\n');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.unknownColumns',
      fields: { file: 'imports.errors.unknownColumns' },
    });
    const message = refused.body.error.message as string;
    expect(message).toContain('"Email" (did you mean "email"?)');
    expect(message).toContain('"First Name" (did you mean "firstName"?)');
    expect(message).toContain('"LastName" (did you mean "lastName"?)');
    expect(message).toContain('"Favourite Colour"');
    expect(message).toContain('these columns');
    expect(await importsStored()).toBe(before);
  });

  it('with known columns and notes is taken', async () => {
    const taken = await upload('email,firstName,_source\nnote@header.example.com,Nora,Referral\n');
    expect(taken.status, JSON.stringify(taken.body)).toBeLessThan(300);
  });
});
