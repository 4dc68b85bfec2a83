/**
 * The credit log's CSV holds at most 100,000 rows, newest first. A log of more is never cut silently: the file ends
 * in a row saying it holds the first 100,000 of how many, in the dashboards' words (portal.dashboard.exportCut), so
 * the reader knows to narrow the dates or filters. A log of exactly 100,000 rows has no such row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, t as text } from '../../i18n';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

const CAP = 100_000;

let t: TestApp;
let admin: Client;
let companyId: number;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  const [row] = await t
    .knex('companies')
    .insert({
      company_name: 'Long Log Test Pte Ltd',
      valid_domains: ['longlog.example.com'],
      company_type: 4,
      status: 1,
    })
    .returning('id');
  companyId = row.id;
  // 100,001 entries, one a minute: entry n is n minutes after the first, its note 'entry n'.
  await t.knex.raw(
    `insert into credit_logs (company_id, action, amount, balance_after, by_name, note, created_at)
     select ?, ?, 1, n, 'Log Filler', 'entry ' || n, timestamp '2025-01-01' + n * interval '1 minute'
     from generate_series(1, ?) as n`,
    [companyId, Object.values(CREDIT_ACTIONS)[0], CAP + 1],
  );
}, 120_000);
afterAll(() => t?.knex.destroy());

/** The company's log as CSV: its lines, without the header and the empty one after the last line end. */
async function csvLines(): Promise<string[]> {
  const res = await admin.get(`/credit/logs?format=csv&companyId=Company:${companyId}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const lines = res.text.split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.slice(1);
}

describe("The credit log's CSV past 100,000 rows", () => {
  it('holds the newest 100,000 and ends in a row saying the file is cut short', async () => {
    const lines = await csvLines();
    expect(lines).toHaveLength(CAP + 1);
    const note = text('portal.dashboard.exportCut', { n: formatCount(CAP), total: formatCount(CAP + 1) });
    expect(note).toContain('100,001');
    expect(lines.at(-1)).toBe(`"${note}"`);
    expect(lines[0]).toContain(',entry 100001');
    expect(lines.at(-2)).toContain(',entry 2');
    expect(lines.some((l) => l.endsWith(',entry 1'))).toBe(false);
  }, 120_000);

  it('has no such row when the log holds exactly 100,000', async () => {
    await t.knex('credit_logs').where({ company_id: companyId, note: 'entry 1' }).delete();
    const lines = await csvLines();
    expect(lines).toHaveLength(CAP);
    expect(lines.at(-1)).toContain(',entry 2');
  }, 120_000);
});
