/**
 * The console's import screen when the progress of a running import cannot be read: after a failed
 * read an alert says so while the screen keeps trying (with back-off), and it goes once a read
 * succeeds again; the progress bar never sits there frozen without a word.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string) =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React`;

/** Signs in at the console and starts importing a file of one row for `email`; returns once it is polled, queued. */
async function startedImport(email: string) {
  const page = await e2e.newPage();
  await signInAtConsole(e2e, page, 'admin@example.com');
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
  await page.goto(`${e2e.baseUrl}/admin/talent/import`);
  await page.getByRole('region', { name: 'Recent imports' }).waitFor();
  await page.getByLabel('Choose a file (.csv or .jsonl)').setInputFiles({
    name: `${email.split('@')[0]}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER}\n${row(email)}\n`),
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.waitForURL(/\/admin\/talent\/import\?run=/);
  await page.getByText('Waiting for the previous import to finish…').waitFor();
  return page;
}

beforeAll(async () => {
  // No worker: the import stays queued, so the screen keeps polling it.
  e2e = await startE2E();
});

describe('An import whose progress cannot be read', () => {
  it('shows an alert while reads fail, and clears it once a read succeeds', async () => {
    const page = await startedImport('unreadable.one@import.example.com');

    const unreadable = page
      .getByRole('alert')
      .filter({ hasText: 'The progress of this import could not be read. Trying again…' });
    expect(await unreadable.count()).toBe(0);
    let reads = 0;
    const since = Date.now();
    await page.route('**/candidates/imports/*', (r) => {
      reads += 1;
      return r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"errors.internal"}}' });
    });
    await unreadable.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(3_000);
    // Still trying, but backing off (1 s, 2 s, 4 s… apart): far fewer reads than one every 500 ms.
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThanOrEqual(Math.ceil((Date.now() - since) / 1000));

    await page.unroute('**/candidates/imports/*');
    await unreadable.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Waiting for the previous import to finish…').waitFor();
    await page.close();
  });
});
