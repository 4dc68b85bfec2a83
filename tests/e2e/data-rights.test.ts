/**
 * Erasure in a real browser, at a desktop and a phone size: the candidate asks on their profile
 * page, confirms with the emailed code and sees the date; an admin finds the request in the
 * console's queue, holds it with a reason and releases it; the candidate cancels. At the end, at
 * both sizes, a candidate asks and confirms again, an admin carries the request out early from the
 * queue (on a phone, from the request's own page), and the candidate's row is "Erased candidate".
 * Before that, at both sizes: the candidate prepares a copy of their data, watches its progress and
 * downloads the ZIP, and an admin produces one from the candidate's console page; the candidate asks
 * for two corrections, an admin applies one and declines the other with a reason, which the
 * candidate reads on their page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';
import { runJobs } from '../helpers/jobs';

const EMAIL = 'candidate@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
let e2e: E2E;
let candidateId: number;
const pages: Page[] = [];

const request = (id = candidateId) =>
  e2e.db.knex('erasure_requests').where('candidate_id', id).orderBy('id', 'desc').first();
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
  // This file signs the same two people in more often than the production limit allows in its window.
  e2e.config.rateLimit.perEmail = 20;
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

async function askAndConfirm(page: Page, email = EMAIL, id = candidateId) {
  const card = page.getByRole('region', { name: 'Your data' });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Erase my data' }).click();
  await card.getByText(`We sent a code to ${email}`).waitFor();
  // A wrong code is refused at the code, and nothing is confirmed.
  await page.getByLabel('Digit 1 of 6').fill('000000');
  await card.getByRole('button', { name: 'Confirm erasure' }).click();
  await card.getByText(/code/i).first().waitFor();
  await expect.poll(async () => (await request(id))?.status).toBe(0);
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await card.getByRole('button', { name: 'Confirm erasure' }).click();
  await card.getByText(/Your data will be erased on/).waitFor();
  expect((await request(id)).status).toBe(1);
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

describe.each(SCREENS)('A copy and a correction at $name', ({ name, viewport }) => {
  it('the candidate downloads a copy and asks for corrections; an admin produces a copy, applies one and declines one', async () => {
    const me = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    pages.push(me);
    const copy = me.getByRole('region', { name: 'Download what we hold about you' });
    await copy.scrollIntoViewIfNeeded();
    await copy.getByRole('button', { name: /Prepare a (new )?copy/ }).click();
    await copy.getByText(/Preparing your copy: \d+%/).waitFor();
    await copy.getByRole('progressbar').waitFor();
    // The job runs as the worker would; the page reads the progress again by itself.
    await runJobs({ url: e2e.db.url, config: e2e.config });
    await copy.getByText(/Your copy is ready\. The link we emailed you works until/).waitFor();
    const [zip] = await Promise.all([
      me.waitForEvent('download'),
      copy.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const files = unzipSync(new Uint8Array(await downloaded(zip)));
    expect(JSON.parse(strFromU8(files['profile.json'])).email).toBe(EMAIL);

    const fix = me.getByRole('region', { name: 'Ask for a correction' });
    await fix.scrollIntoViewIfNeeded();
    // Without a field or a reason the request is refused at the fields.
    await fix.getByRole('button', { name: 'Send the request' }).click();
    await expect.poll(() => fix.getByLabel('Why').getAttribute('aria-invalid')).toBe('true');
    const ask = async (field: string, value: string, note: string) => {
      await fix.getByRole('combobox', { name: 'Field' }).click();
      await me.getByRole('option', { name: field, exact: true }).click();
      await fix.getByLabel('What it should say').fill(value);
      await fix.getByLabel('Why').fill(note);
      await fix.getByRole('button', { name: 'Send the request' }).click();
      await fix.getByText(`${field}: ${value}`).waitFor();
    };
    await ask('Looking for', `A payments team (${name})`, 'Out of date');
    await ask('Reason for leaving', `Team disbanded (${name})`, 'I was not let go for cause');
    expect(await fitsWidth(me), `the profile page fits ${name}`).toBe(true);

    const admin = await e2e.signIn('admin@example.com', viewport, null);
    pages.push(admin);
    await admin.goto(`${e2e.baseUrl}/admin/talent/Candidate%3A${candidateId}`);
    await admin.getByRole('button', { name: 'Export their data' }).click();
    await admin.getByText('The export is being prepared').waitFor();
    const made = await e2e.db.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();
    expect(made).toMatchObject({ source: 2, status: 0 });
    await runJobs({ url: e2e.db.url, config: e2e.config });

    // The queue lists both; each is answered on its own page, where the list opens on a phone.
    await admin.goto(`${e2e.baseUrl}/admin/data-corrections`);
    // A phone lists one line per request, named by its field's label; a desktop's table shows the proposed values.
    const phone = viewport.width < 600;
    await admin
      .getByRole('main')
      .getByText(phone ? 'Reason for leaving' : `Team disbanded (${name})`)
      .first()
      .waitFor();
    await admin
      .getByRole('main')
      .getByText(phone ? 'Looking for' : `A payments team (${name})`)
      .first()
      .waitFor();
    const answer = async (field: string, action: 'Apply' | 'Decline') => {
      const row = await e2e.db
        .knex('data_corrections')
        .where({ candidate_id: candidateId, field })
        .orderBy('id', 'desc')
        .first();
      await admin.goto(`${e2e.baseUrl}/admin/data-corrections/${encodeURIComponent(`DataCorrection:${row.id}`)}/show`);
      await admin.getByRole('button', { name: action }).first().click();
      return admin.getByRole('dialog', { name: `${action} this correction` });
    };
    const applying = await answer('reasonForLeaving', 'Apply');
    await expect.poll(() => applying.getByLabel('Value to write').inputValue()).toBe(`Team disbanded (${name})`);
    await applying.getByRole('button', { name: 'Apply' }).click();
    await admin.getByText('The correction is applied').waitFor();
    await expect
      .poll(
        async () =>
          (await e2e.db.knex('candidates').where('id', candidateId).first('reason_for_leaving')).reason_for_leaving,
      )
      .toBe(`Team disbanded (${name})`);
    const declining = await answer('lookingFor', 'Decline');
    await declining.getByRole('button', { name: 'Decline' }).click();
    await expect
      .poll(() => declining.getByLabel('Reason, shown to the candidate').getAttribute('aria-invalid'))
      .toBe('true');
    await declining.getByLabel('Reason, shown to the candidate').fill(`You told us so on the phone (${name})`);
    await declining.getByRole('button', { name: 'Decline' }).click();
    await admin.getByText('The correction is declined').waitFor();

    await me.reload();
    await fix.scrollIntoViewIfNeeded();
    await fix.getByText(`Our answer: You told us so on the phone (${name})`).waitFor();
    expect(await fix.getByText('Applied', { exact: true }).count()).toBeGreaterThan(0);
  });
});

/** The phone first: its queue opens the one request cooling off, which the desktop's then joins. */
describe.each([...SCREENS].reverse())('Carrying out at $name', ({ viewport }) => {
  it('an admin erases a confirmed request before its date after confirming, and the candidate is gone', async () => {
    const phone = viewport.width < 600;
    // At the phone size another candidate asks, since the first erasure ends the other's account.
    const who = phone
      ? await e2e.db
          .knex('candidates')
          .where({ status: 1 })
          .whereNot('email', EMAIL)
          .whereNotExists(e2e.db.knex('erasure_requests').whereRaw('candidate_id = candidates.id'))
          .orderBy('id')
          .first('id', 'email')
      : { id: candidateId, email: EMAIL };
    const me = await e2e.signIn(who.email, viewport, '/candidate/profile');
    pages.push(me);
    await askAndConfirm(me, who.email, who.id);
    const admin = await queue(viewport);
    await admin.getByRole('button', { name: 'Erase now' }).first().click();
    // The confirmation names the candidate; its own "Erase now" carries the erasure out.
    await admin.getByRole('dialog').getByRole('button', { name: 'Erase now' }).click();
    await admin.getByText('The candidate is erased').waitFor();
    await expect.poll(async () => (await request(who.id)).status).toBe(3);
    expect(await e2e.db.knex('candidates').where('id', who.id).first('first_name', 'last_name', 'email')).toEqual({
      first_name: 'Erased',
      last_name: 'candidate',
      email: `erased-${who.id}@erased.invalid`,
    });
    expect(await fitsWidth(admin)).toBe(true);
  });
});
