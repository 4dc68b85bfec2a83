/**
 * The console's import screen keeps a running import: its id is in the address, so a reload shows the same
 * run (its progress or its outcome and report) again, and the screen lists the recent imports, each opening
 * there with its counts, after the admin left and came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let worker: Worker;

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, salary = '7000') =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript*; React`;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
});

afterAll(async () => {
  await worker?.stop();
});

describe('Coming back to an import in the console', () => {
  it('A reload shows the run again, and the run is listed under Recent imports after leaving', async () => {
    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    await page.getByRole('region', { name: 'Recent imports' }).waitFor();
    await page.getByLabel('Choose a file (.csv or .jsonl)').setInputFiles({
      name: 'resume.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\n${[row('resume.one@import.example.com'), row('not-an-email')].join('\n')}\n`),
    });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.waitForURL(/\/admin\/talent\/import\?run=/);

    await page.reload();
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    await page.getByText('2 rows: 1 created, 0 updated, 1 rejected.').waitFor();
    await page.getByRole('link', { name: 'Download the rejection report' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start import' }).count()).toBe(0);

    await page.goto(`${e2e.baseUrl}/admin/talent`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/admin\/talent\/import$/);
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await recent.getByText('2 read · 1 created · 0 updated · 1 rejected').waitFor();
    await recent.getByText('Finished').waitFor();
    await recent.getByRole('link', { name: 'Download the report' }).waitFor();
    await recent.getByRole('link', { name: 'resume.csv' }).click();
    await page.waitForURL(/\/admin\/talent\/import\?run=/);
    await page.getByText('2 rows: 1 created, 0 updated, 1 rejected.').waitFor();
    await page.getByRole('link', { name: 'Download the rejection report' }).waitFor();
    await page.close();
  });
});
