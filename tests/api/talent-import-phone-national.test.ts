/**
 * A bulk import reads a row's national phone number in that row's current location's country, by the same rule as
 * the profile form (schema/validation/phone.ts), and stores it in E.164; a row whose number cannot be read (no
 * location to read it in) is refused in the report on its phone, asking for the country code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { importApp, importFinished, importPerson, uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

describe('An imported national phone number', () => {
  it('is read in the row’s location country; without one the row is refused on its phone', async () => {
    const rows = [
      importPerson('sg-national@example.com', { phone: '9123 4567' }),
      importPerson('gb-national@example.com', { currentLocation: 'London', phone: '07911 123456' }),
      importPerson('no-country@example.com', { currentLocation: undefined, phone: '9123 4567' }),
    ];
    const content = rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
    const started = await uploadImport(t, admin, 'national-phones.jsonl', content);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await importFinished(t, admin, started.body.id);
    const report = await t.http.get(`/api/v1/candidates/imports/${started.body.id}/report`).set(bearer(admin));
    expect(done, report.text).toMatchObject({ status: 'done', created: 2, rejected: 1 });

    const phones = await t
      .knex('candidates')
      .whereIn('email', ['sg-national@example.com', 'gb-national@example.com'])
      .orderBy('email', 'desc')
      .pluck('phone');
    expect(phones).toEqual(['+6591234567', '+447911123456']);

    const lines = report.text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('no-country@example.com');
    expect(lines[0]).toContain('Phone: Add the country code');
  });
});
