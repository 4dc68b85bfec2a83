/**
 * An admin imports candidates from the console: from the talent list to the import screen, a file
 * is uploaded, its import runs in the background worker with a progress bar, and the screen ends
 * with the counts and the rejection report, which downloads and reads as the forms do; rows that
 * look like one person are imported and shown with their twin and a way to the pair's review; the
 * sample file downloads from the screen itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { downloaded, signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let worker: Worker;

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string, salary = '7000') =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,${salary},1:1,TypeScript*; React`;

beforeAll(async () => {
  e2e = await startE2E();
  // The worker the server would run, with the same configuration (the same storage).
  worker = await startWorker(e2e.db.url, e2e.config, 1);
});

afterAll(async () => {
  await worker?.stop();
});

describe('Importing candidates in the console', () => {
  it('An admin imports a file from the talent list and downloads its rejection report', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/companies/);

    await page.goto(`${e2e.baseUrl}/admin/talent`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/admin\/talent\/import$/);
    await expect.poll(() => page.title()).toBe('Import candidates | Talentbase');

    const rows = [
      ...Array.from({ length: 400 }, (_, i) => row(`browser.import${i}@import.example.com`)),
      row('browser.nosalary@import.example.com', ''),
      row('not-an-email'),
    ];
    await page.getByLabel('Choose a file (.csv or .jsonl)').setInputFiles({
      name: 'talent.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\n${rows.join('\n')}\n`),
    });
    await page.getByText('talent.csv').waitFor();
    await page.getByRole('button', { name: 'Start import' }).click();

    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    await page.getByText('402 rows: 400 created, 0 updated, 2 rejected.').waitFor();
    expect(
      await e2e.db
        .knex('candidates')
        .where('email', 'like', 'browser.import%@import.example.com')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: 400 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the rejection report' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('talent.rejected.csv');
    const report = (await downloaded(download)).toString('utf8').trim().split('\n');
    expect(report[0]).toBe('row,email,reasons');
    expect(report.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      '402,browser.nosalary@import.example.com',
      '403,not-an-email',
    ]);
    // Each reason reads as the form would say it, by the field's label, never a message key.
    expect(report[1]).toContain('Expected minimum basic salary: Enter the expected minimum basic salary');
    expect(report[2]).toContain('Email: Enter a valid email address');
    expect(report.join('\n')).not.toMatch(/\w\.errors\.\w/);

    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByRole('button', { name: 'Start import' }).waitFor();
    await page.close();
  });

  it('Rows that look like one person are imported, and the result names the twin and leads to the pair in the duplicate queue', async () => {
    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/companies/);
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    // The same phone written two ways, on rows 2 and 4; row 3 a near miss (one digit apart).
    const lines = [
      `${HEADER},phone`,
      `${row('e2e.twin.first@import.example.com')},+659 555 0101`,
      `${row('e2e.twin.other@import.example.com')},+659 555 0102`,
      `${row('e2e.twin.second@import.example.com')},+6595550101`,
    ];
    await page.getByLabel('Choose a file (.csv or .jsonl)').setInputFiles({
      name: 'twins.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    await page.getByText('3 rows: 3 created, 0 updated, 0 rejected.').waitFor();
    const note = page.getByRole('region', { name: 'Likely duplicates' });
    await note.getByText('1 imported row looks like a profile already held or on an earlier row').waitFor();
    await note.getByText('Row 4 (e2e.twin.second@import.example.com)').waitFor();
    await expect(note.innerText()).resolves.toMatch(
      /Likely duplicate of Ana Lim \(row 2 of this file\): Same phone, \d+%/,
    );
    await expect(note.innerText()).resolves.not.toContain('e2e.twin.other');
    await note.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(/\/admin\/duplicates\/\d+$/);
    await page.getByText('Same person?').first().waitFor();
    await page.close();
  });

  it.each([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])('At $width px the import screen downloads the sample file, the same as the repository holds', async (viewport) => {
    const page = await e2e.newPage();
    await page.setViewportSize(viewport);
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/companies/);
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    const link = page.getByRole('button', { name: 'Download the sample file (.csv)' });
    await link.waitFor();
    await expect(page.locator('main').innerText()).resolves.not.toContain('seeds/import');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('sample-candidates.csv');
    const sample = path.resolve(import.meta.dirname, '../../seeds/import/sample-candidates.csv');
    expect((await downloaded(download)).toString('utf8')).toBe(await readFile(sample, 'utf8'));
  });

  it('A file of another kind is refused on the screen, with the reason', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/companies/);
    await page.goto(`${e2e.baseUrl}/admin/talent/import`);
    await page
      .getByLabel('Choose a file (.csv or .jsonl)')
      .setInputFiles({ name: 'people.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByText('Choose a .csv or .jsonl file').waitFor();
    await page.close();
  });
});
