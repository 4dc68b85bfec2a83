/**
 * A candidate who keeps typing while their profile saves keeps what they typed: the server's answer predates it, so
 * the form takes the answer and then puts the newer text back, still marked unsaved, on a laptop (1440×900) and a
 * phone (390×844), in a real browser against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
let e2e: E2E;
/** The seeded summary, put back after: other files read this candidate. */
let seeded: unknown;

beforeAll(async () => {
  e2e = await startE2E();
  seeded = (await e2e.db.knex('candidates').where('email', EMAIL).first('summary')).summary;
});
afterAll(async () => {
  await e2e?.db.knex('candidates').where('email', EMAIL).update({ summary: seeded });
});

describe('Typing while the profile saves', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`keeps the newer text, still to be saved, at ${viewport.width}×${viewport.height}`, async () => {
      const page = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
      try {
        await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
        // The save's answer is held back until the newer text is typed.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/v1/candidates/Candidate:*', async (route) => {
          if (route.request().method() === 'PUT') await held;
          await route.continue();
        });
        const summary = page.getByRole('textbox', { name: 'Summary' });
        const sent = `Sent summary ${viewport.width}`;
        const later = `Typed while saving ${viewport.width}`;
        await summary.fill(sent);
        await page.getByRole('button', { name: 'Save changes' }).click();
        await summary.fill(later);
        release();
        await page.getByText('Saved successfully').waitFor();
        const ownId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id as number;
        await expect
          .poll(async () => (await e2e.db.knex('candidates').where('id', ownId).first('summary')).summary)
          .toBe(sent);
        await expect.poll(() => summary.inputValue()).toBe(later);
        await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).isEnabled()).toBe(true);
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect
          .poll(async () => (await e2e.db.knex('candidates').where('id', ownId).first('summary')).summary)
          .toBe(later);
      } finally {
        await page.close();
      }
    });
  }
});
