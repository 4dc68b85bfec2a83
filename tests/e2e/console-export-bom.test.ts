/**
 * A console list's Export writes a UTF-8 file that begins with the byte-order mark, so a spreadsheet
 * (Excel) reads "Zoë Nguyễn" as written instead of as Windows-1252, as the credit log's and the
 * dashboards' files already do. Industries, a lookup whose list is a name and its aliases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

const NAME = 'Zoë Nguyễn Consulting';

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.db.knex('industries').insert({ name: NAME });
});

describe('Console export encoding', () => {
  it('The exported file starts with the UTF-8 byte-order mark and holds a non-ASCII name intact', async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await page.goto(`${e2e.baseUrl}/admin/industries?filter=${encodeURIComponent(JSON.stringify({ q: 'Zoë' }))}`);
    await page.getByText(NAME, { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('industries.csv');
    const bytes = await downloaded(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toContain('Name');
    expect(lines.slice(1).some((line) => line.includes(NAME))).toBe(true);
  });
});
