/**
 * The product's days are UTC days whatever the database's time zone. Here the test database's own zone is
 * Asia/Singapore (UTC+8), as a server configured so (or an embedded PostgreSQL made on a host in Singapore) gives
 * every session: the interview-request list's `from`/`to` days are still UTC days, through the app (whose
 * connections are set to UTC) and through a session left in the server's zone; and the search's notice bucket
 * counts from today's UTC date on a session whose date is another.
 */
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_KIND } from '../../schema/rules/pipeline';
import { createApp } from '../../backend/app';
import { NOTICE_BUCKET_SQL } from '../../backend/features/search';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let admin: Client;
let adminToken: string;
let project: TestProject;
/** Requested at 20:00 UTC on the 10th (the 11th in Singapore), and at 20:00 UTC on the 9th (the 10th there). */
let onTheDay: number, dayBefore: number;

beforeAll(async () => {
  t = await testApp({}, { timeZone: 'Asia/Singapore' });
  adminToken = await t.login('admin@example.com');
  admin = client(t, adminToken);
  project = await makeProject(t.knex);
  [onTheDay, dayBefore] = await activeCandidates(t.knex, 2, { skip: 40 });
  await addToProject(t.knex, project, [onTheDay, dayBefore], 1);
  await t.knex('interview_requests').insert(
    [
      [onTheDay, '2026-11-10T20:00:00Z'],
      [dayBefore, '2026-11-09T20:00:00Z'],
    ].map(([candidate, at]) => ({
      project_id: project.id,
      candidate_id: candidate,
      company_id: project.companyId,
      kind: REQUEST_KIND.interview,
      created_at: at,
      updated_at: at,
      expires_at: '2026-11-20T00:00:00Z',
    })),
  );
});
afterAll(() => t?.knex.destroy());

const ref = (id: number) => `Candidate:${id}`;
const candidatesOf = (rows: { candidate: { id: string } }[]) => rows.map((r) => r.candidate.id).sort();

/** Runs `fn` in a transaction in the database's own zone (the session's default), or in `zone`; then rolls it back. */
async function inServerZone<T>(fn: (trx: Knex.Transaction) => Promise<T>, zone?: string): Promise<T> {
  const trx = await t.knex.transaction();
  try {
    if (zone) await trx.raw(`select set_config('timezone', ?, true)`, [zone]);
    else await trx.raw('set local timezone to default');
    return await fn(trx);
  } finally {
    await trx.rollback();
  }
}

describe('Days are UTC days on a database whose zone is Asia/Singapore', () => {
  it('the database hands its sessions Singapore time, the app’s connections UTC', async () => {
    const serverZone = await inServerZone((trx) =>
      trx.raw<{ rows: { tz: string }[] }>("select current_setting('timezone') as tz"),
    );
    expect(serverZone.rows[0].tz).toBe('Asia/Singapore');
    const app = await t.knex.raw<{ rows: { tz: string }[] }>("select current_setting('timezone') as tz");
    expect(app.rows[0].tz).toBe('UTC');
  });

  it('the interview-request list’s from/to day holds the request of 20:00 UTC that day, not the one of the day before', async () => {
    const res = await admin.get(
      `/dashboard/interview-request-list?projectId=Project:${project.id}&from=2026-11-10&to=2026-11-10`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(candidatesOf(res.body.data)).toEqual([ref(onTheDay)]);
    const before = await admin.get(`/dashboard/interview-request-list?projectId=Project:${project.id}&to=2026-11-09`);
    expect(candidatesOf(before.body.data)).toEqual([ref(dayBefore)]);
  });

  it('the list’s days are UTC days through connections someone else opened, left in the server’s zone', async () => {
    // The same app on a pool of plain connections: no session settings of the product's.
    const plain = knexFactory({ client: 'pg', connection: t.url, pool: { min: 0, max: 2 } });
    try {
      const zone = await plain.raw<{ rows: { tz: string }[] }>("select current_setting('timezone') as tz");
      expect(zone.rows[0].tz).toBe('Asia/Singapore');
      const res = await request(createApp({ knex: plain, config: t.config }))
        .get(`/api/v1/dashboard/interview-request-list?projectId=Project:${project.id}&from=2026-11-10&to=2026-11-10`)
        .set('Authorization', `Bearer ${adminToken}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(candidatesOf(res.body.data)).toEqual([ref(onTheDay)]);
    } finally {
      await plain.destroy();
    }
  });

  it('the notice bucket counts from today’s UTC date on a session whose date is another', async () => {
    // A zone whose date differs from UTC's now: 14 hours ahead from 10:00 UTC on, 12 behind before noon.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const bucket = (days: number) =>
      inServerZone(async (trx) => {
        const { rows } = await trx.raw<{ rows: { b: number; today: string }[] }>(
          `select ${NOTICE_BUCKET_SQL} as b, current_date::text as today
             from (select 2 as notice_type, null::int as notice_months,
                          (now() at time zone 'UTC')::date + ?::int as notice_date) d`,
          [days],
        );
        expect(rows[0].today).not.toBe(new Date().toISOString().slice(0, 10));
        return rows[0].b;
      }, zone);
    // 31 days from the UTC day: 2 months (31 / 30.44 rounded up); counted from the zone's date, 30 or 32 days.
    expect(await bucket(31)).toBe(2);
    expect(await bucket(30)).toBe(1);
  });
});
