/**
 * The console's progress of an import always adds up: however its batches are checked, settled and
 * written side by side (a later batch settled while an earlier one still writes, batches ending out
 * of order), every state of the import's row that the console can read has created + updated +
 * rejected = rows checked, while it runs and at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import type { TestApp } from '../helpers/app';
import { importApp, importFinished, uploadImport } from '../helpers/talentImport';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
/** A last name of letters only, different for every n, so no two rows look like twins. */
const nameOf = (n: number) => {
  let s = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
  return `Q${s}`;
};
const good = (n: number) =>
  `counts.good${n}@import.example.com,Ana,${nameOf(n)},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript`;
// No expected salary: rejected as it is checked, so a batch of these settles without a write.
const bad = (n: number) =>
  `counts.bad${n}@import.example.com,Ana,${nameOf(n)},Singapore (SG),Singapore (SG):1,Software Engineer,1,,1:1,TypeScript`;

/** The console's batch size: the import job uses importCandidates' defaults. */
const BATCH = 2000;

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

describe('Import progress counts', () => {
  it('keeps created + updated + rejected equal to the rows checked at every sample while it runs and at the end', async () => {
    // Four batches: the first writes all but five rows; the second, all rejected, settles while
    // the first still writes; the third writes; the fourth is all rejected again.
    let n = 0;
    const lines = [
      ...Array.from({ length: BATCH - 5 }, () => good(n++)),
      ...Array.from({ length: 5 }, () => bad(n++)),
      ...Array.from({ length: BATCH }, () => bad(n++)),
      ...Array.from({ length: BATCH }, () => good(n++)),
      ...Array.from({ length: BATCH }, () => bad(n++)),
    ];
    const started = await uploadImport(t, admin, 'counts.csv', `${HEADER}\n${lines.join('\n')}\n`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = Number(String(started.body.id).split(':')[1]);

    // The import's row, read every few milliseconds until the import ends.
    type Sample = { status: number; rows: number; created: number; updated: number; rejected: number };
    const samples: Sample[] = [];
    const until = Date.now() + 25_000;
    for (;;) {
      const row = (await t.knex('candidate_imports').where({ id }).first()) as Sample;
      samples.push({
        status: row.status,
        rows: row.rows,
        created: row.created,
        updated: row.updated,
        rejected: row.rejected,
      });
      if (row.status >= 2 || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const done = await importFinished(t, admin, started.body.id);
    expect(done).toMatchObject({
      status: 'done',
      rows: 4 * BATCH,
      created: 2 * BATCH - 5,
      updated: 0,
      rejected: 2 * BATCH + 5,
    });

    const running = samples.filter((s) => s.rows > 0 && s.rows < 4 * BATCH);
    expect(running.length, 'progress was seen while the import ran').toBeGreaterThan(0);
    // Each state that does not add up, once (the same one is read many times over).
    const off = [
      ...new Set(samples.filter((s) => s.created + s.updated + s.rejected !== s.rows).map((s) => JSON.stringify(s))),
    ];
    expect(off, `states whose counts do not add up to the rows checked (of ${samples.length} samples)`).toEqual([]);
    expect(done.created + done.updated + done.rejected).toBe(done.rows);
  }, 30_000);
});
