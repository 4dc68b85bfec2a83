/**
 * The card after "Connect again", in a real browser on a laptop (1440×900) and a phone (390×844): Workable (its
 * stand-in on loopback) refused the token we held, the card says the last sync stopped on refused credentials; Acme's
 * Owner gives the new token, the card follows the sync that queued ("Sync waiting to start…") and, once the worker
 * has run it, says how it went, no longer that the ATS refused our credentials, without the page being reloaded.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let ws: WorkableStandIn;
const OWNER = 'owner@acme.example.com';
const REFUSED = 'The ATS refused our credentials';

beforeAll(async () => {
  ws = await startWorkableStandIn();
  e2e = await startE2E();
  e2e.config.ats = { ...e2e.config.ats, workableUrl: ws.baseTemplate };
});
afterAll(async () => {
  await ws?.close();
});

const card = (page: Page) => page.locator('[data-ats="workable"]');
const worker = () => runJobs({ url: e2e.db.url, config: e2e.config });

describe('The last sync after connecting again', () => {
  for (const [n, viewport] of [
    [0, { width: 1440, height: 900 }],
    [1, { width: 390, height: 844 }],
  ] as const) {
    it(`stops saying the credentials were refused once the new ones have synced (${viewport.width}×${viewport.height})`, async () => {
      const page = await e2e.signIn(OWNER, viewport, null);
      await page.goto(`${e2e.baseUrl}/integrations`);
      if (n === 0) {
        await page.getByRole('button', { name: 'Connect Workable' }).click();
        const connect = page.getByRole('dialog', { name: 'Connect Workable' });
        await connect.getByLabel('Account subdomain').fill('acme');
        await connect.getByLabel('API access token').fill(ws.token);
        await connect.getByRole('button', { name: 'Connect' }).click();
        await connect.waitFor({ state: 'hidden' });
        await worker();
      }

      // Workable's token is rotated there: the next sync is refused.
      ws.token = `workable-token-rotated-${n}`;
      await card(page).getByRole('button', { name: 'Sync now Workable' }).click();
      await page.getByText('Sync started').first().waitFor();
      await worker();
      await page.reload();
      await card(page).getByText('Auth error').waitFor();
      await card(page).getByTestId('sync-outcome').getByText(REFUSED, { exact: false }).waitFor();

      await card(page).getByRole('button', { name: 'Connect again Workable' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace the Workable credentials' });
      await dialog.getByLabel('API access token').fill(ws.token);
      await dialog.getByRole('button', { name: 'Save and connect' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Workable connected again. A sync has started.').waitFor();
      await expect.poll(() => card(page).innerText()).toContain('Connected');
      // The sync the new credentials queued is followed, not frozen as waiting.
      await card(page).getByTestId('sync-outcome').getByText('Sync waiting to start…').waitFor();

      await worker();
      const outcome = card(page).getByTestId('sync-outcome');
      await expect
        .poll(() => outcome.innerText(), { timeout: 15_000 })
        .not.toMatch(new RegExp(`${REFUSED}|Sync waiting to start`));
      expect(await outcome.innerText()).toContain('Sent 0 · skipped 0 · failed 0');
      expect(await card(page).innerText()).not.toContain('Auth error');
    }, 90_000);
  }
});
