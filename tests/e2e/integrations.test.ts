/**
 * /integrations in a real browser: a company Admin sees the 19 kinds, connects Workable with a
 * subdomain and API key (a wrong key answered "API key invalid" first), and connects Lever by
 * signing in on the Lever stand-in and coming back; then removes one after a confirmation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { startLeverStandIn, type LeverStandIn } from '../helpers/ats/lever';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';

let e2e: E2E;
let ws: WorkableStandIn;
let lv: LeverStandIn;
let page: Page;

beforeAll(async () => {
  ws = await startWorkableStandIn();
  lv = await startLeverStandIn();
  e2e = await startE2E();
  e2e.config.publicUrl = e2e.baseUrl;
  e2e.config.ats = {
    ...e2e.config.ats,
    workableUrl: ws.baseTemplate,
    lever: { apiUrl: lv.apiUrl, authUrl: lv.authUrl, clientId: lv.clientId, clientSecret: lv.clientSecret },
  };
  page = await e2e.signIn('owner@acme.example.com', undefined, null);
});
afterAll(async () => {
  await ws?.close();
  await lv?.close();
});

const row = (ats: string) => page.locator(`tr[data-ats="${ats}"]`);

describe('Integrations page', () => {
  it('lists the 19 kinds alphabetically with Other last, none connected', async () => {
    await page.goto(`${e2e.baseUrl}/integrations`);
    await expect.poll(() => page.title()).toBe('Integrations | Talentbase');
    await row('workable').waitFor();
    const names = await page.locator('tbody tr th').allInnerTexts();
    expect(names).toHaveLength(19);
    expect(names.at(-1)).toBe('Other');
    expect(names.slice(0, 3)).toEqual(['Ashby', 'BambooHR', 'Breezy HR']);
    await expect(row('workable').innerText()).resolves.toContain('Not connected');
  });

  it('connects Workable with a subdomain and an API key, after refusing a wrong key', async () => {
    await page.getByRole('button', { name: 'Connect Workable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Workable' });
    await dialog.getByLabel('Account subdomain').fill('acme');
    await dialog.getByLabel('API key').fill('wrong-key');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText('API key invalid').waitFor();
    await dialog.getByLabel('API key').fill(ws.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row('workable').innerText()).toContain('Connected');
    await expect(row('workable').innerText()).resolves.toContain('Never');
    expect(await page.content()).not.toContain(ws.token);
  });

  it('connects Lever by signing in and coming back', async () => {
    await page.getByRole('button', { name: 'Connect Lever' }).click();
    await page
      .getByRole('dialog', { name: 'Connect Lever' })
      .getByRole('button', { name: 'Sign in with Lever' })
      .click();
    await page.waitForURL(/\/integrations\?lever=connected$/);
    await page.getByText('Lever connected. The first sync has started.').waitFor();
    await expect.poll(() => row('lever').innerText()).toContain('Connected');
    expect((await e2e.db.knex('integrations').where('kind', 'lever').first('status')).status).toBe(1);
  });

  it('starts a sync, shows the empty run log, and removes Workable after a confirmation', async () => {
    await page.getByRole('button', { name: 'Sync now Workable' }).click();
    await page.getByText('Sync started').waitFor();
    await page.getByRole('button', { name: 'Run log Workable' }).click();
    await page.getByRole('dialog', { name: 'Workable run log' }).getByText('No sync has run yet.').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Remove Workable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Workable?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row('workable').innerText()).toContain('Not connected');
    expect(await e2e.db.knex('integrations').where('kind', 'workable').first()).toBeUndefined();
  });
});
