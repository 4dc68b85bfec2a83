/**
 * The console's "Recent imports" writes when each import started as every screen writes a date and time
 * ('6 Dec 2026, 9:05 am', schema/rules/dates.ts), whatever the browser's own locale: never the browser's
 * '12/6/2026, 9:05:07 AM' with seconds. Its counts are grouped as the import summary writes them ('1,234 read').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_DATE_SHAPES, formatDateTime } from '../../schema/rules/dates';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const STARTED = '2026-12-06T09:05:07Z';

beforeAll(async () => {
  e2e = await startE2E();
  const admin = await e2e.db.knex('admins').where('email', 'admin@example.com').first('id');
  await e2e.db.knex('candidate_imports').insert({
    file_name: 'dated.csv',
    file_sha256: 'a'.repeat(64),
    total_bytes: 100,
    bytes_read: 100,
    status: 2,
    rows: 1234,
    created: 1200,
    updated: 30,
    rejected: 4,
    started_by_id: admin.id,
    started_at: STARTED,
    finished_at: STARTED,
    created_at: STARTED,
    updated_at: STARTED,
  });
});

afterAll(async () => {
  await e2e?.db.knex('candidate_imports').where('file_name', 'dated.csv').delete();
});

describe('Recent imports in a browser set to US English', () => {
  it('shows when an import started in the product’s date format, without seconds, and its counts grouped', async () => {
    const context = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAtConsole(e2e, page, 'admin@example.com');
      await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
      await page.goto(`${e2e.baseUrl}/admin/talent/import`);
      const recent = page.getByRole('region', { name: 'Recent imports' });
      await recent.getByRole('link', { name: 'dated.csv' }).waitFor();
      const text = await recent.innerText();
      for (const shape of FOREIGN_DATE_SHAPES) expect(text, String(shape)).not.toMatch(shape);
      // The browser's zone is the test's: the product writes the instant as it does everywhere.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(text).toContain(formatDateTime(STARTED, { timeZone: zone }));
      expect(text).toContain('1,234 read · 1,200 created · 30 updated · 4 rejected');
    } finally {
      await context.close();
    }
  });
});
