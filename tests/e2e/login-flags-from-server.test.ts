/**
 * Every flag the server sends the login page (a refused Google or LinkedIn sign-in: REFUSAL_FLAGS, or ssoError) shows
 * its error toast there, the pending invitee's included, in the words the emailed-code sign-in uses for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_FLAGS } from '../../backend/auth/accounts';
import type { Page } from 'playwright-core';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The login page's toast once `flag` reached it, and the address once the page took the flag away. */
async function toastOf(page: Page, flag: string): Promise<string> {
  await followInApp(page, `/auth/login?${flag}=true`);
  const toast = page.getByTestId('snackbar');
  const text = await toast.innerText({ timeout: 10_000 });
  await page.waitForURL(`${e2e.baseUrl}/auth/login`, { timeout: 10_000 });
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
  return text;
}

describe('The login page and the flags the server redirects to it with', () => {
  it('A pending invitee sent back from a Google or LinkedIn sign-in reads about the invitation', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login?userInvitationPending=true`);
    expect(await page.getByTestId('snackbar').innerText({ timeout: 10_000 })).toContain(
      "You have an invitation to join your company: open the link in the invitation email, or ask your team's admin to send it again",
    );
  });

  it('Every refusal flag and the failed round trip show a toast', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').waitFor({ timeout: 60_000 });
    for (const flag of [...Object.values(REFUSAL_FLAGS), 'ssoError']) {
      const text = await toastOf(page, flag);
      expect(text.trim(), flag).not.toBe('');
      // A message, not a catalogue key shown as it is.
      expect(text, flag).not.toMatch(/^\s*[\w]+\.[\w.]+\s*$/);
    }
  });
});
