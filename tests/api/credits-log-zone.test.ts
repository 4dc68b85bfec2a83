/**
 * The credit log reads its `from`/`to` days in the reader's zone when the page names one (`timeZone`, the
 * browser's IANA zone), as the page writes each entry's time in that zone: picked in Singapore, 5 Dec runs from
 * 16:00 UTC on the 4th to 16:00 UTC on the 5th. Without a zone the days stay UTC days; the CSV export reads the
 * same range; a zone the product does not know is a 400 naming `timeZone`, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let companyId: number;

/** Each entry's instant, by a name for the moment it is in Singapore (UTC+8); the note names the moment. */
const LOGGED = {
  lastOf4th: '2026-12-04T15:59:59Z', // 4 Dec 23:59:59 in Singapore
  startOf5th: '2026-12-04T16:00:00Z', // 5 Dec 00:00
  early5th: '2026-12-04T20:00:00Z', // 5 Dec 04:00
  lastOf5th: '2026-12-05T15:59:59Z', // 5 Dec 23:59:59
  startOf6th: '2026-12-05T16:00:00Z', // 6 Dec 00:00
  morning6th: '2026-12-05T23:30:00Z', // 6 Dec 07:30
  midday6th: '2026-12-06T03:00:00Z', // 6 Dec 11:00 (5 Dec 22:00 in New York, 6 Dec in UTC)
} as const;
type Moment = keyof typeof LOGGED;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  const [row] = await t
    .knex('companies')
    .insert({
      company_name: 'Zone Log Test Pte Ltd',
      valid_domains: ['zonelog.example.com'],
      company_type: 4,
      status: 1,
    })
    .returning('id');
  companyId = row.id;
  await t.knex('credit_logs').insert(
    (Object.keys(LOGGED) as Moment[]).map((m, i) => ({
      company_id: companyId,
      action: Object.values(CREDIT_ACTIONS)[0],
      amount: 1,
      balance_after: i + 1,
      by_name: 'Zone Tester',
      note: m,
      created_at: LOGGED[m],
    })),
  );
});
afterAll(() => t?.knex.destroy());

const path = (range: string, timeZone?: string) =>
  `/credit/logs?companyId=Company:${companyId}&${range}` +
  (timeZone === undefined ? '' : `&timeZone=${encodeURIComponent(timeZone)}`);

/** The moments of the entries the log gives for `range` (and the zone, when named). */
async function listed(range: string, timeZone?: string): Promise<Moment[]> {
  const res = await admin.get(path(range, timeZone));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.pagination.dataCount).toBe(res.body.data.length);
  return (res.body.data as { note: Moment }[]).map((r) => r.note).sort();
}

describe('The credit log in the reader’s zone', () => {
  it('lists a day picked in Singapore from its first to its last second there', async () => {
    expect(await listed('from=2026-12-05&to=2026-12-05', 'Asia/Singapore')).toEqual(
      ['early5th', 'lastOf5th', 'startOf5th'].sort(),
    );
  });

  it('keeps each open end at the zone’s day boundary', async () => {
    expect(await listed('from=2026-12-05', 'Asia/Singapore')).toEqual(
      ['early5th', 'lastOf5th', 'midday6th', 'morning6th', 'startOf5th', 'startOf6th'].sort(),
    );
    expect(await listed('to=2026-12-04', 'Asia/Singapore')).toEqual(['lastOf4th']);
  });

  it('reads a zone behind UTC too', async () => {
    // New York is UTC-5 in December: 5 Dec there runs from 05:00 UTC on the 5th to 05:00 UTC on the 6th, so it
    // holds the entry of 03:00 UTC on the 6th, which a UTC day would not.
    expect(await listed('from=2026-12-05&to=2026-12-05', 'America/New_York')).toEqual(
      ['lastOf5th', 'midday6th', 'morning6th', 'startOf6th'].sort(),
    );
    expect(await listed('from=2026-12-04&to=2026-12-04', 'America/New_York')).toEqual(
      ['early5th', 'lastOf4th', 'startOf5th'].sort(),
    );
  });

  it('exports the same range as CSV', async () => {
    const res = await admin.get(`${path('from=2026-12-05&to=2026-12-05', 'Asia/Singapore')}&format=csv`);
    expect(res.status).toBe(200);
    const notes = (Object.keys(LOGGED) as Moment[]).filter((m) => res.text.includes(`,${m}\r\n`)).sort();
    expect(notes).toEqual(['early5th', 'lastOf5th', 'startOf5th'].sort());
  });

  it('keeps UTC days when no zone is named', async () => {
    expect(await listed('from=2026-12-05&to=2026-12-05')).toEqual(['lastOf5th', 'morning6th', 'startOf6th'].sort());
    expect(await listed('from=2026-12-05&to=2026-12-05', 'UTC')).toEqual(
      ['lastOf5th', 'morning6th', 'startOf6th'].sort(),
    );
  });

  it('refuses a zone it does not know with a 400 naming timeZone', async () => {
    for (const zone of ['Mars/Olympus_Mons', "UTC'; select 1; --", 'x'.repeat(65)]) {
      const res = await admin.get(path('from=2026-12-05&to=2026-12-05', zone));
      expect(res.status, `${zone}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['timeZone']);
    }
  });
});
