/**
 * A file with nothing to import (a CSV header and no rows under it, only blank lines, only a byte-order mark) is
 * refused at upload, 400 on `file`, rather than run and reported as "0 rows … Every row was imported".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const importsStored = async () => Number((await t.knex('candidate_imports').count({ n: '*' }).first())?.n);

describe('A file without rows', () => {
  it.each([
    ['a header alone', 'header.csv', 'email,firstName,lastName\n'],
    ['a header and blank lines', 'blank-lines.csv', '\ufeffemail,firstName\r\n\r\n\r\n'],
    ['blank lines alone', 'blank.csv', '\n\n\n'],
    ['a byte-order mark alone', 'bom.csv', '\ufeff'],
  ])('as %s is refused at upload', async (_, name, content) => {
    const before = await importsStored();
    const refused = await uploadImport(t, admin, name, content);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.noRows',
      fields: { file: 'imports.errors.noRows' },
    });
    expect(refused.body.error.message).toContain('The file has no rows under its header');
    expect(await importsStored()).toBe(before);
  });

  it('as JSON Lines of blank lines alone is refused at upload', async () => {
    const refused = await uploadImport(t, admin, 'blank.jsonl', '\n  \n\n');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.noLines',
      fields: { file: 'imports.errors.noLines' },
    });
  });

  it('with one row is taken', async () => {
    const taken = await uploadImport(t, admin, 'one.csv', 'email,summary\ncandidate@example.com,One row\n');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
