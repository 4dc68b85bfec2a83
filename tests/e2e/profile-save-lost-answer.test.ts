/**
 * A candidate's profile save whose answer is lost after the server wrote it (the connection dropped, a proxy gave up)
 * is not reported as failed, nor its repeat as someone else's change, on a laptop and a phone, in a real browser
 * against the real server: the page reads the stored profile and, finding what was sent, says "Saved successfully".
 * When even that read gets no answer, the page says the connection dropped (not that the server failed), and the
 * repeat, refused with 409 because the first save was written, is found to be the candidate's own and is "Saved".
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
/** The candidate's own profile (its id written `Candidate%3A12` in the address), not its insights or CV. */
const PROFILE = /\/api\/v1\/candidates\/Candidate(?::|%3A)\d+$/;
let e2e: E2E;
let ownId: number;
/** The seeded summary, put back after: other files read this candidate. */
let seeded: unknown;

beforeAll(async () => {
  e2e = await startE2E();
  ({ id: ownId, summary: seeded } = await e2e.db.knex('candidates').where('email', EMAIL).first('id', 'summary'));
});
afterAll(async () => {
  await e2e?.db.knex('candidates').where('email', EMAIL).update({ summary: seeded });
});

const storedSummary = async () => (await e2e.db.knex('candidates').where('id', ownId).first('summary')).summary;

/**
 * The next `count` answers of `method` calls to the profile are lost once the server has handled the call; `lost`
 * says how many were, `stop` ends it.
 */
async function loseAnswers(page: Page, method: string, count: number) {
  let left = count;
  const handler = async (route: Route) => {
    if (route.request().method() !== method || left === 0) return route.fallback();
    left -= 1;
    await route.fetch();
    await route.abort('connectionreset');
  };
  await page.route(PROFILE, handler);
  return { lost: () => count - left, stop: () => page.unroute(PROFILE, handler) };
}

async function openProfile(viewport: { width: number; height: number }) {
  const page = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
  await page.getByText('All changes saved').waitFor();
  return page;
}

describe.each([
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
])('A profile save whose answer is lost, at $name', ({ name, viewport }) => {
  it('says it saved when the server wrote it', async () => {
    const page = await openProfile(viewport);
    const put = await loseAnswers(page, 'PUT', 1);
    const text = `Saved though the answer was lost ${name}`;
    await page.getByRole('textbox', { name: 'Summary' }).fill(text);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved successfully').waitFor();
    expect(put.lost()).toBe(1);
    expect(await storedSummary()).toBe(text);
    await page.getByText('All changes saved').waitFor();
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('says the connection dropped when it cannot tell, and takes the repeat refused as changed for its own', async () => {
    const page = await openProfile(viewport);
    // The save's answer and the read that would tell are both lost.
    const put = await loseAnswers(page, 'PUT', 1);
    const check = await loseAnswers(page, 'GET', 1);
    const text = `Saved, then sent again ${name}`;
    await page.getByRole('textbox', { name: 'Summary' }).fill(text);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/You seem to be offline or the connection dropped/).waitFor();
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect([put.lost(), check.lost()]).toEqual([1, 1]);
    expect(await storedSummary()).toBe(text);
    await put.stop();
    await check.stop();

    // Sent again: the server refuses it as changed meanwhile (by the first save), which the page finds was its own.
    const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/candidates/'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await refused).status()).toBe(409);
    await page.getByText('Saved successfully').waitFor();
    await page.getByText('All changes saved').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await storedSummary()).toBe(text);
  });
});
