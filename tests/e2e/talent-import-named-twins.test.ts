/**
 * The console's import result names each likely twin and links the name to that talent profile, and a file over the
 * column limit is refused on the screen with the file's own sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let worker: Worker;

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,phone';
const person = (email: string, first: string, last: string, phone: string) =>
  `${email},${first},${last},Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript*; React,${phone}`;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
});

afterAll(async () => {
  await worker?.stop();
});

describe('The import result in the console', () => {
  it('names the likely twin, and the name leads to their talent profile', async () => {
    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/companies/);
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    const lines = [
      HEADER,
      person('named.twin.first@import.example.com', 'Priya', 'Raman', '+659 555 0199'),
      person('named.twin.second@import.example.com', 'P', 'Raman', '+6595550199'),
    ];
    await page.getByLabel('Choose a file (.csv or .jsonl)').setInputFiles({
      name: 'named-twins.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    const first = await e2e.db.knex('candidates').where('email', 'named.twin.first@import.example.com').first('id');
    const note = page.getByRole('region', { name: 'Likely duplicates' });
    await expect(note.innerText()).resolves.toMatch(
      /Likely duplicate of Priya Raman \(row 2 of this file\): Same phone/,
    );
    await expect(note.innerText()).resolves.not.toContain(`Candidate:${first.id as number}`);
    await note.getByRole('link', { name: 'Priya Raman' }).click();
    await page.waitForURL(new RegExp(`/admin/talent/${encodeURIComponent(`Candidate:${first.id as number}`)}`));
    await page.close();
  }, 120_000);

  it('refuses a file of more than 200 columns on the screen, with the file’s own sentence', async () => {
    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/companies/);
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    const wide = Array.from({ length: 201 }, (_, i) => `_note${i}`).join(',');
    await page
      .getByLabel('Choose a file (.csv or .jsonl)')
      .setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(`${wide}\n`) });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByText('The file has more than 200 columns.', { exact: false }).waitFor();
    await page.close();
  }, 120_000);
});
