/**
 * A CSV column with no name in the header but values under it is refused at upload, 400 on `file`, naming the column
 * by its position, as a column the import does not know is: before, every row was refused for it with a reason that
 * named no field. Unnamed columns without values (the trailing empty cells spreadsheets write) pass, and a JSON line's
 * blank key is refused on the row, in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { importApp, importFinished, uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

const importsStored = async () => Number((await t.knex('candidate_imports').count({ n: '*' }).first())?.n);

describe('A column with no name', () => {
  it('holding values is refused at upload, named by its position', async () => {
    const before = await importsStored();
    const refused = await uploadImport(
      t,
      admin,
      'unnamed.csv',
      'email,firstName, ,lastName,\nann@unnamed.example.com,Ann,,Lee,\nbo@unnamed.example.com,Bo,oops,Tan,\n',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.unnamedColumns',
      fields: { file: 'imports.errors.unnamedColumns' },
    });
    expect(refused.body.error.message).toMatch(/^Column 3 has no name/);
    expect(await importsStored()).toBe(before);

    const two = await uploadImport(t, admin, 'unnamed2.csv', 'email,,firstName,\nann@unnamed.example.com,x,Ann,y\n');
    expect(two.status).toBe(400);
    expect(two.body.error.message).toMatch(/^Columns 2, 4 have no name/);
  });

  it('left empty (a spreadsheet’s trailing cells) is taken', async () => {
    const email = 'candidate@example.com';
    const started = await uploadImport(t, admin, 'trailing.csv', `email,summary,,\n${email},Trailing cells,,\n`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await importFinished(t, admin, started.body.id)).toMatchObject({ status: 'done', updated: 1, rejected: 0 });
  }, 120_000);

  it('as a JSON line’s blank key is refused on the row, in words', async () => {
    const started = await uploadImport(
      t,
      admin,
      'blank-key.jsonl',
      `${JSON.stringify({ email: 'candidate@example.com', '': 'stray' })}\n`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await importFinished(t, admin, started.body.id)).toMatchObject({ status: 'done', rejected: 1 });
    const report = await t.http.get(`/api/v1/candidates/imports/${started.body.id}/report`).set(bearer(admin));
    const [, line] = report.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(line).toBe('1,candidate@example.com,Row: A value has no column name');
  }, 120_000);
});
