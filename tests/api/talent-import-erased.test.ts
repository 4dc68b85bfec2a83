/**
 * The bulk import keeps erased people out, whatever the file and whenever the erasure:
 * - a CSV header that names a column twice is refused before any row is read: the email checks read
 *   the first `email` cell while the write took the last, so `email,…,email` with a harmless first
 *   address brought an erased person back past every check;
 * - JSON Lines keys are used as written: `Email` beside `email` is an unknown column, and a key
 *   repeated in one object is read once, by the checks and the write alike;
 * - a person erased while a long import runs (after it started, before the batch holding them is
 *   read) is refused as having asked to be erased, not created again: each batch asks the erased
 *   list in the transaction that writes it, not a copy read when the import started;
 * - an erasure still under way when a batch is written (the row locked, not committed) is waited
 *   for, and its person refused as erased.
 */
import os from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { emailHash } from '../../backend/services/erasedEmails';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';
import { eraseNow } from '../helpers/erasure';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
// Every row its own person (a shared name would only add likely-duplicate notes to the report).
const row = (email: string, first = 'Ana', last = 'Lim') =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React`;
const json = (values: Record<string, unknown>) =>
  JSON.stringify({
    firstName: 'Mei',
    lastName: 'Tan',
    currentLocation: 'Singapore (SG)',
    preferredLocations: 'Singapore (SG):1',
    jobTitles: 'Software Engineer',
    typeOfEmployment: '1',
    expectedSalary: 7000,
    noticePeriod: '1:1',
    skills: 'TypeScript',
    ...values,
  });

let t: TestApp;
let dir: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  dir = tempDirUntilFileEnd('talentbase-import-erased');
  admin = await t.login('admin@example.com');
});

/** Imports a file with the server's config (its secret keys the erased hashes); the report holds the rejected rows only. */
const run = async (name: string, content: string, batchSize?: number) => {
  const file = path.join(dir, name);
  await writeFile(file, content);
  const options = { knex: t.knex, connectionString: t.url, config: t.config, threads: 0, detectTwins: false };
  return importCandidates({ ...options, file, batchSize });
};
const reportOf = async (result: { reportPath: string }) =>
  (await readFile(result.reportPath, 'utf8')).trim().split('\n').slice(1);
/** How many sessions wait for a lock in a statement starting with `start`. */
const waitingIn = (start: string) => async () =>
  (
    await t.knex.raw(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ? || '%'",
      [start],
    )
  ).rows[0].n as number;
const stored = (email: string) => t.knex('candidates').where('email', email).first('id', 'first_name');

/** Erases the candidate holding `email` as an admin does for a request received elsewhere: recorded, then carried out early. */
async function erase(email: string): Promise<void> {
  const { id } = await stored(email);
  await eraseNow(t, admin, id);
  expect(await stored(email)).toBeUndefined();
}

describe('A CSV header that names a column twice', () => {
  it('fails the whole import up front, naming the column; nothing is written, an erased person least of all', async () => {
    const victim = 'twice.victim@erased.example.org';
    expect(await run('victim.csv', `${HEADER}\n${row(victim, 'Zora', 'Quill')}\n`)).toMatchObject({ created: 1 });
    await erase(victim);

    const harmless = 'twice.harmless@import.example.com';
    // The second `email` column carries the erased address; the first passes every email check.
    await expect(run('twice.csv', `${HEADER},email\n${row(harmless)},${victim}\n`)).rejects.toThrow(
      /column “email” more than once \(columns 1, 11\)/,
    );
    // The same after the only normalising a name gets (trimmed, quoted or not), and for any column.
    await expect(run('spaced.csv', `${HEADER}," email "\n${row(harmless)},${victim}\n`)).rejects.toThrow(
      /column “email” more than once \(columns 1, 11\)/,
    );
    await expect(run('names.csv', `${HEADER},lastName\n${row(harmless)},Other\n`)).rejects.toThrow(
      /column “lastName” more than once \(columns 3, 11\)/,
    );
    for (const email of [harmless, victim]) expect(await stored(email), email).toBeUndefined();
    // Blank names are no columns: trailing empty cells a spreadsheet leaves still import.
    expect(await run('trailing.csv', `${HEADER},,\n${row(harmless)},,\n`)).toMatchObject({ created: 1, rejected: 0 });
  });
});

describe('JSON Lines keys', () => {
  it('are used as written: `Email` beside `email` is an unknown column, and a repeated key is one value for every check', async () => {
    const victim = 'jsonl.victim@erased.example.org';
    expect(
      await run('victim.jsonl', `${json({ email: victim, firstName: 'Ilse', lastName: 'Varga' })}\n`),
    ).toMatchObject({
      created: 1,
    });
    await erase(victim);

    const harmless = 'jsonl.harmless@import.example.com';
    const cased = json({ email: harmless, Email: victim });
    // JSON.stringify writes a key once: the repeated key is spliced in by hand.
    const repeated = `${json({ email: harmless }).slice(0, -1)},"email":"${victim}"}`;
    const result = await run('keys.jsonl', `${cased}\n${repeated}\n`);
    expect(result).toMatchObject({ rows: 2, created: 0, updated: 0, rejected: 2 });
    const [first, second] = await reportOf(result);
    expect(first).toMatch(/^1,jsonl\.harmless@import\.example\.com,.*Email: The import does not know this column/);
    expect(second).toMatch(/^2,jsonl\.victim@erased\.example\.org,.*asked to be erased/);
    for (const email of [harmless, victim]) expect(await stored(email), email).toBeUndefined();
  });
});

describe('An erasure while an import runs', () => {
  it('is honoured by the later batches: the person is refused as erased, not created again', async () => {
    const victim = 'during.victim@erased.example.org';
    const held = ['during.held1@import.example.com', 'during.held2@import.example.com'];
    const heldRow = (email: string, i: number) => row(email, `Held${i}`, 'Row');
    const fillers = Array.from({ length: 8 }, (_, i) => `during.filler${i}@import.example.com`);
    expect(
      await run('before.csv', `${[HEADER, row(victim, 'Zeno', 'Pryce'), ...held.map(heldRow)].join('\n')}\n`),
    ).toMatchObject({ created: 3 });

    // Batches of one row. The first two update candidates another transaction holds, so both writers
    // wait; the batches checked meanwhile are bounded (a few per writer), so the victim's batch, far
    // behind, is read only once the holder lets go: after the erasure has committed.
    const lock = await t.knex.transaction();
    let importing: ReturnType<typeof run> | undefined;
    try {
      await lock('candidates').whereIn('email', held).update({ summary: 'held by the test' });
      const lines = [...held.map(heldRow), ...fillers.map((e, i) => row(e, `Filler${i}`, 'Row')), row(victim)];
      importing = run('during.csv', `${[HEADER, ...lines].join('\n')}\n`, 1);
      await expect
        .poll(waitingIn('update "candidates"'), { timeout: 20_000 })
        .toBe(Math.min(2, os.availableParallelism()));
      // The import started (and, before the fix, read the erased list) before this erasure.
      await erase(victim);
    } finally {
      await lock.rollback();
    }
    if (!importing) throw new Error('the import did not start');
    const result = await importing;
    expect(result).toMatchObject({ rows: 11, created: 8, updated: 2, rejected: 1 });
    const report = await reportOf(result);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatch(/^12,during\.victim@erased\.example\.org,.*asked to be erased/);
    expect(await stored(victim)).toBeUndefined();
  }, 60_000);

  it('under way when a batch is written is waited for, and its person refused as erased', async () => {
    const victim = 'midway.victim@erased.example.org';
    expect(await run('midway-before.csv', `${HEADER}\n${row(victim, 'Odile', 'Brask')}\n`)).toMatchObject({
      created: 1,
    });
    // An erasure as erase.ts makes it, not committed yet: the row locked, its email renamed, the hash added.
    const erasing = await t.knex.transaction();
    let importing: ReturnType<typeof run> | undefined;
    try {
      const { id } = await erasing('candidates').where('email', victim).forUpdate().first('id');
      await erasing('candidates')
        .where('id', id)
        .update({ email: `erased-${id}@erased.invalid`, updated_at: erasing.fn.now() });
      await erasing('erased_emails').insert({ email_hash: emailHash(t.config, victim) });
      // The import reads the candidate as they still are, then waits for the erasure before asking the erased list.
      importing = run('midway.csv', `${HEADER}\n${row(victim)}\n`);
      await expect.poll(waitingIn('select "id" from "candidates"'), { timeout: 20_000 }).toBe(1);
      await erasing.commit();
    } finally {
      if (!erasing.isCompleted()) await erasing.rollback();
    }
    if (!importing) throw new Error('the import did not start');
    const result = await importing;
    expect(result).toMatchObject({ rows: 1, created: 0, updated: 0, rejected: 1 });
    expect(await reportOf(result)).toEqual([
      expect.stringMatching(/^2,midway\.victim@erased\.example\.org,.*asked to be erased/),
    ]);
    expect(await stored(victim)).toBeUndefined();
  }, 60_000);
});
