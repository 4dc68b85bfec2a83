/**
 * The recruitment activity log's CSV carries what its screen shows: a candidate who hid their name from
 * companies is marked "(Hidden)" in the file as in the table, so a shared export does not pass the name on bare.
 * An export whose pages cannot be read says so, rather than stopping with no file.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../../schema/lib/csv';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';
import { RANGE, seedDashboardHistory, type DashboardHistory } from '../helpers/dashboards';

let e2e: E2E;
let admin: Page;
let h: DashboardHistory;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.signIn('admin@example.com');
  h = await seedDashboardHistory(e2e.db.knex, async (body) =>
    admin.evaluate(async (b) => {
      const r = await fetch('/api/v1/projects/update/project', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: r.status, body: await r.json() };
    }, body),
  );
}, 120_000);

describe('The recruitment activity log export', () => {
  it('marks a hidden candidate in the CSV as the table does', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?${RANGE}&kind=rejection`);
    const hidden = `${h.names[2]} (Hidden)`;
    await admin.getByTestId('recruitment-log').getByRole('cell', { name: hidden, exact: true }).waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await downloaded(download))
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(csvLine([hidden]));
    expect(lines[1]).not.toMatch(new RegExp(`(^|,)"?${h.names[2]}"?(,|$)`));
  });

  it('says so when a page of the table cannot be read for the export', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?${RANGE}&kind=rejection`);
    await admin.getByTestId('recruitment-log').waitFor();
    await admin.route('**/api/v1/dashboard/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    try {
      await admin.getByRole('button', { name: 'Export CSV' }).click();
      await admin.getByTestId('export-failed').getByText('The CSV could not be made').waitFor();
      await expect(admin.getByRole('button', { name: 'Export CSV' }).isEnabled()).resolves.toBe(true);
    } finally {
      await admin.unroute('**/api/v1/dashboard/**');
    }
  });
});
