/**
 * An erased person stays out of imports under every spelling of their mailbox, not only the one
 * erased: '+tags', Gmail's ignored dots and googlemail.com, case, Unicode NFD and the Punycode or
 * Unicode form of an IDN domain (the duplicate finder's rules, emailKey). Before, the erasure kept
 * only the hash of the address as written, so 'johndoe@gmail.com' after erasing
 * 'john.doe@gmail.com' was created and sent the set-password mail. Erasures made before the
 * mailbox hash existed (only the hash as written) still match the address in either domain form.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { emailHash } from '../../backend/services/erasedEmails';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { eraseNow } from '../helpers/erasure';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, first = 'Ana', last = 'Lim') =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript`;

let t: TestApp;
let dir: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  dir = tempDirUntilFileEnd('talentbase-erasure-spellings');
  admin = await t.login('admin@example.com');
});

let files = 0;
const run = async (emails: string[]) => {
  const file = path.join(dir, `f${(files += 1)}.csv`);
  await writeFile(file, `${[HEADER, ...emails.map((e, i) => row(e, `P${i}`, `Row${files}`))].join('\n')}\n`);
  return importCandidates({ knex: t.knex, connectionString: t.url, config: t.config, file, threads: 0 });
};
const reportOf = async (result: { reportPath: string }) =>
  (await readFile(result.reportPath, 'utf8')).trim().split('\n').slice(1);
const storedLike = async (pattern: string) =>
  (await t.knex('candidates').whereILike('email', pattern).pluck('email')) as string[];

/** Imports `victim` and erases them as an admin does. */
async function importAndErase(victim: string): Promise<void> {
  expect(await run([victim])).toMatchObject({ created: 1 });
  const { id } = await t.knex('candidates').orderBy('id', 'desc').first('id');
  await eraseNow(t, admin, id);
}

describe('An import after an erasure', () => {
  it('refuses the same Gmail mailbox under a +tag, without dots, as googlemail.com or in capitals', async () => {
    await importAndErase('jo.han.doe@gmail.com');
    const spellings = [
      'johandoe@gmail.com',
      'jo.han.doe+cv@gmail.com',
      'JoHan.Doe@GoogleMail.com',
      'j.o.h.a.n.d.o.e@gmail.com',
    ];
    const result = await run([...spellings, 'jo.han.doe.other@gmail.com']);
    expect(result).toMatchObject({ rows: 5, created: 1, rejected: 4 });
    const report = await reportOf(result);
    expect(report).toHaveLength(4);
    for (const line of report) expect(line).toMatch(/asked to be erased/);
    expect(await storedLike('%doe%@g%mail.com')).toEqual(['jo.han.doe.other@gmail.com']);
    // No set-password (or any) mail went to the erased mailbox.
    for (const email of spellings) expect(await listOutbox(t.knex, email.toLowerCase(), 5), email).toEqual([]);
  });

  it('refuses the same IDN mailbox in its Punycode, Unicode or NFD spelling, with or without a +tag', async () => {
    await importAndErase('anna@xn--mnchen-3ya.de');
    const spellings = ['anna@münchen.de', 'ANNA@MÜNCHEN.DE', 'anna@mu\u0308nchen.de', 'anna+jobs@xn--mnchen-3ya.de'];
    // One file each: the first three are one spelling now, and a file holds an address once.
    for (const email of spellings) {
      const result = await run([email]);
      expect(result, email).toMatchObject({ rows: 1, created: 0, rejected: 1 });
      expect(await reportOf(result)).toEqual([expect.stringMatching(/asked to be erased/)]);
    }
    expect(await storedLike('anna%')).toEqual([]);
  });

  it('keeps two rows per erased address, and still honours an erasure that kept only the hash as written', async () => {
    const before = Number((await t.knex('erased_emails').count({ n: '*' }).first())?.n);
    await importAndErase('kept.rows@erased.example.org');
    expect(Number((await t.knex('erased_emails').count({ n: '*' }).first())?.n)).toBe(before + 2);
    // An erasure made before the mailbox hash: only the address as it was stored, domain in Punycode.
    await t.knex('erased_emails').insert({ email_hash: emailHash(t.config, 'old@xn--bcher-kva.example') });
    const result = await run(['old@bücher.example', 'OLD@XN--BCHER-KVA.EXAMPLE']);
    expect(result).toMatchObject({ created: 0, rejected: 2 });
    expect(await storedLike('old@%')).toEqual([]);
  });
});
