/**
 * What the console reads of an import's end: each likely twin named as the admin may see them, beside the id the
 * profile link takes; and an import stopped by a fault (a checking thread failing in the database) tells a plain
 * sentence, never the fault's message or stack, which stay in the server's log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import { t as text } from '../../i18n';
import type { TestApp } from '../helpers/app';
import { importApp, importFinished, uploadImport } from '../helpers/talentImport';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,phone,_note';
const person = (email: string, first: string, last: string, phone = '', note = '') =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React,${phone},${note}`;

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

describe('An import’s outcome in the console', () => {
  it('names each likely twin, beside the id its profile link takes', async () => {
    const started = await uploadImport(
      t,
      admin,
      'twins.csv',
      `${HEADER}\n${person('mira.first@import.example.com', 'Mira', 'Santos', '+659 555 0101')}\n${person('m.santos@import.example.com', 'M', 'Santos', '+6595550101')}\n`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await importFinished(t, admin, started.body.id);
    expect(done).toMatchObject({ status: 'done', created: 2, likelyDuplicates: 1 });
    const { id } = await t.knex('candidates').where('email', 'mira.first@import.example.com').first('id');
    expect(done.duplicates[0].twins[0]).toMatchObject({ otherId: `Candidate:${id}`, otherName: 'Mira Santos' });
  }, 120_000);

  it('stopped by a checking thread’s fault, tells a plain sentence, not the fault’s message or stack', async () => {
    const seq = (await t.knex.raw("select pg_get_serial_sequence('candidates', 'id') as s")).rows[0].s as string;
    const { last } = (await t.knex.raw(`select last_value::int as last from ${seq}`)).rows[0];
    // No id left to hand out: reserving the new candidates' ids fails in the database, in the checking thread.
    await t.knex.raw(`alter sequence ${seq} maxvalue ${last}`);
    try {
      // Large enough (over 256 KB) to be checked in threads where there are two cores.
      const rows = Array.from({ length: 700 }, (_, i) =>
        person(`fault${i}@import.example.com`, 'Ana', 'Lim', '', 'n'.repeat(400)),
      );
      const started = await uploadImport(t, admin, 'fault.csv', `${HEADER}\n${rows.join('\n')}\n`);
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const failed = await importFinished(t, admin, started.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(text('imports.errors.stopped'));
      expect(failed.error).not.toMatch(/\n\s+at |sequence|nextval/);
    } finally {
      await t.knex.raw(`alter sequence ${seq} no maxvalue`);
    }
  }, 120_000);
});
