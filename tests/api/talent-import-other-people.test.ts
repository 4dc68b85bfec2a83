/**
 * The bulk import beside the people who own their emails: an admin created while an import runs keeps their address,
 * and the import's row for it is reported, never written as a second account; the `owner` column names an admin by
 * their email however the file spells it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, salary = 7000) =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript*; React`;

let t: TestApp;
let dir: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  dir = tempDirUntilFileEnd('talentbase-import-people');
  admin = await t.login('admin@example.com');
});

const run = async (name: string, header: string, lines: string[]) => {
  const file = path.join(dir, name);
  await writeFile(file, `${[header, ...lines].join('\n')}\n`);
  return importCandidates({ file, knex: t.knex, connectionString: t.url, threads: 0 });
};

/** Accounts of every kind that use `email`. */
async function accountsOf(email: string): Promise<string[]> {
  const kinds: string[] = [];
  for (const table of ['admins', 'company_users', 'candidates', 'community_users'])
    if (await t.knex(table).where('email', email).first('id')) kinds.push(table);
  return kinds;
}

describe('An admin created while an import runs', () => {
  it('keeps their address: the import reports the row for it and writes no candidate with it', async () => {
    const known = 'known.one@import.example.com';
    const taken = 'late.admin@import.example.com';
    expect(await run('first.csv', HEADER, [row(known)])).toMatchObject({ created: 1, rejected: 0 });

    const held = await t.knex.transaction();
    try {
      // Someone is changing the known candidate: the import's batch waits for that row before it writes.
      await held('candidates').where('email', known).forUpdate().select('id');
      const importing = run('second.csv', HEADER, [row(known, 9000), row(taken)]);
      await expect
        .poll(
          async () =>
            (
              await t.knex.raw(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for key share%'",
              )
            ).rows[0].n,
          { timeout: 20_000 },
        )
        .toBe(1);
      // Meanwhile, after the import started, an admin is created with an address of the file.
      const created = await t.http
        .post('/api/v1/admins')
        .set('Authorization', `Bearer ${admin}`)
        .send({ firstName: 'Late', lastName: 'Admin', email: taken, role: 1, status: 1 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await held.commit();

      const result = await importing;
      expect(result).toMatchObject({ rows: 2, updated: 1, created: 0, rejected: 1 });
      const report = (await readFile(result.reportPath, 'utf8')).trim().split('\n');
      expect(report.slice(1)).toEqual([`3,${taken},Email: Email already exists`]);
    } finally {
      if (!held.isCompleted()) await held.rollback();
    }
    expect(await accountsOf(taken)).toEqual(['admins']);
  }, 60_000);
});

describe('The owner column', () => {
  it('names an admin by their email in any case and with spaces around it', async () => {
    const { id } = await t.knex('admins').where('email', 'admin@example.com').first('id');
    const result = await run('owners.csv', `${HEADER},owner`, [
      `${row('owned.upper@import.example.com')},ADMIN@Example.COM`,
      `${row('owned.spaced@import.example.com')},"  admin@example.com "`,
      `${row('owned.nobody@import.example.com')},nobody@example.com`,
    ]);
    expect(result).toMatchObject({ created: 2, rejected: 1 });
    const owners = await t
      .knex('candidates')
      .whereIn('email', ['owned.upper@import.example.com', 'owned.spaced@import.example.com'])
      .pluck('owner_id');
    expect(owners).toEqual([id, id]);
    const report = await readFile(result.reportPath, 'utf8');
    expect(report).toContain("no match for 'nobody@example.com'");
  });
});
