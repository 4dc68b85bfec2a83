/**
 * The bulk import beside other writers: a candidate the import read, then someone else changed (a pause, an
 * erasure, an admin's edit) before the import wrote, is not overwritten with the import's older copy; the row is
 * reported ("changed while this ran: import again") and the other change stands.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,experiences';
const row = (email: string, salary: number) =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript*; React,`;

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await testApp();
  dir = tempDirUntilFileEnd('talentbase-import-races');
});

const run = async (name: string, lines: string[]) => {
  const file = path.join(dir, name);
  await writeFile(file, `${[HEADER, ...lines].join('\n')}\n`);
  return importCandidates({ file, knex: t.knex, connectionString: t.url });
};

describe('An import beside other writers', () => {
  it('does not overwrite a candidate paused after the import read them; it reports the row instead', async () => {
    const email = 'ana.race@import.example.com';
    expect(await run('first.csv', [row(email, 7000)])).toMatchObject({ created: 1, rejected: 0 });
    const held = await t.knex.transaction();
    try {
      // The candidate pauses their profile; the change is not committed yet.
      await held('candidates')
        .where('email', email)
        .update({ status: 2, self_chosen_status: true, updated_at: held.fn.now() });
      const importing = run('second.csv', [row(email, 9000)]);
      // The import reads the row as it was, then waits for the pause's lock to write.
      await expect
        .poll(
          async () =>
            (
              await t.knex.raw(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update \"candidates\"%'",
              )
            ).rows[0].n,
          { timeout: 20_000 },
        )
        .toBe(1);
      await held.commit();
      const result = await importing;
      expect(result).toMatchObject({ rows: 1, updated: 0, rejected: 1 });
      const report = await readFile(result.reportPath, 'utf8');
      expect(report).toContain('changed while this ran');
    } finally {
      if (!held.isCompleted()) await held.rollback();
    }
    const stored = await t.knex('candidates').where('email', email).first('status', 'expected_salary');
    expect(stored).toEqual({ status: 2, expected_salary: 7000 });
  }, 60_000);
});
