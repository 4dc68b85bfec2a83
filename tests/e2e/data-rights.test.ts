/**
 * Erasure in a real browser, at a desktop and a phone size: the candidate asks on their profile
 * page, confirms with the emailed code and sees the date; an admin finds the request in the
 * console's queue, holds it with a reason and releases it; the candidate cancels. At the end an
 * admin carries one out early from the queue, and the candidate's row is "Erased candidate".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
let e2e: E2E;
let candidateId: number;
const pages: Page[] = [];

const request = () => e2e.db.knex('erasure_requests').where('candidate_id', candidateId).orderBy('id', 'desc').first();
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
});
afterAll(async () => {
  for (const p of pages) await p.close();
});

/** The console's erasure queue, signed in at a screen size (on a phone the console's menu is folded away). */
async function queue(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.signIn('admin@example.com', viewport, null);
  pages.push(page);
  await page.goto(`${e2e.baseUrl}/admin/erasure-requests`);
  // A phone lists one line per request, which opens the request's page with the same actions.
  if (viewport.width < 600) {
    await page.getByRole('main').getByText('Cooling off').first().click();
    await page.waitForURL(/\/admin\/erasure-requests\/.+\/show$/);
  }
  return page;
}

async function askAndConfirm(page: Page) {
  const card = page.getByRole('region', { name: 'Your data' });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Erase my data' }).click();
  await card.getByText(`We sent a code to ${EMAIL}`).waitFor();
  // A wrong code is refused at the code, and nothing is confirmed.
  await page.getByLabel('Digit 1 of 6').fill('000000');
  await card.getByRole('button', { name: 'Confirm erasure' }).click();
  await card.getByText(/code/i).first().waitFor();
  await expect.poll(async () => (await request())?.status).toBe(0);
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(EMAIL));
  await card.getByRole('button', { name: 'Confirm erasure' }).click();
  await card.getByText(/Your data will be erased on/).waitFor();
  expect((await request()).status).toBe(1);
}

describe.each(SCREENS)('Erasure at $name', ({ name, viewport }) => {
  it('the candidate asks and confirms, an admin holds and releases, the candidate cancels', async () => {
    const me = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    pages.push(me);
    await askAndConfirm(me);
    expect(await fitsWidth(me), `the profile page fits ${name}`).toBe(true);

    const admin = await queue(viewport);
    await admin.getByRole('button', { name: 'Hold' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Hold this erasure request' });
    await dialog.getByRole('button', { name: 'Hold' }).click();
    await dialog
      .getByText(/reason/i)
      .first()
      .waitFor();
    await dialog.getByLabel('Reason for the hold').fill(`An offer is in progress (${name})`);
    await dialog.getByRole('button', { name: 'Hold' }).click();
    await admin.getByText('The request is on hold').waitFor();
    await expect.poll(async () => (await request()).held_reason).toBe(`An offer is in progress (${name})`);
    await admin.getByText(`An offer is in progress (${name})`).first().waitFor();

    await me.reload();
    await me.getByText('Your request is on hold while we check something with you').waitFor();
    // The hold's reason is the admins' own.
    expect(await me.getByText('An offer is in progress').count()).toBe(0);

    await admin.getByRole('button', { name: 'Release' }).first().click();
    await admin.getByText('The hold is released').waitFor();
    await expect.poll(async () => (await request()).status).toBe(1);

    await me.reload();
    await me.getByRole('button', { name: 'Cancel my erasure request' }).click();
    await me.getByText('Your erasure request is cancelled.').waitFor();
    await me.getByRole('button', { name: 'Erase my data' }).waitFor();
    expect((await request()).status).toBe(4);
  });
});

describe('Carrying out', () => {
  it('an admin erases a confirmed request before its date after confirming, and the candidate is gone', async () => {
    const me = await e2e.signIn(EMAIL, SCREENS[0].viewport, '/candidate/profile');
    pages.push(me);
    await askAndConfirm(me);
    const admin = await queue(SCREENS[0].viewport);
    admin.once('dialog', (d) => void d.accept());
    await admin.getByRole('button', { name: 'Erase now' }).first().click();
    await admin.getByText('The candidate is erased').waitFor();
    await expect.poll(async () => (await request()).status).toBe(3);
    expect(await e2e.db.knex('candidates').where('id', candidateId).first('first_name', 'last_name', 'email')).toEqual({
      first_name: 'Erased',
      last_name: 'candidate',
      email: `erased-${candidateId}@erased.invalid`,
    });
  });
});
