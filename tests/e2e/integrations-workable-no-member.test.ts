/**
 * Connecting Workable as someone its account has no active member for, in a real browser: the
 * company Owner (owner@acme.example.com) tries to connect while Workable's member of that email is
 * deactivated, and the access token's field says which email Workable has no member for, so they
 * know whom to invite there; nothing is connected.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';

let e2e: E2E;
let ws: WorkableStandIn;
let page: Page;
const OWNER = 'owner@acme.example.com';

beforeAll(async () => {
  ws = await startWorkableStandIn();
  e2e = await startE2E();
  e2e.config.ats = { ...e2e.config.ats, workableUrl: ws.baseTemplate };
  page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, null);
});
afterAll(async () => {
  await ws?.close();
});

/** The helper text MUI ties to a field (its aria-describedby). */
const described = (field: Locator) =>
  field.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');

describe('Connecting Workable without a member of one’s email', () => {
  it('names the email Workable has no active member for at the access token field', async () => {
    ws.members.find((m) => m.email === OWNER)!.active = false;
    await page.goto(`${e2e.baseUrl}/integrations`);
    await page.getByRole('button', { name: 'Connect Workable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Workable' });
    await dialog.getByLabel('Account subdomain').fill('acme');
    const token = dialog.getByLabel('API access token');
    await token.fill(ws.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => token.getAttribute('aria-invalid')).toBe('true');
    expect(await described(token)).toBe(
      `No active member of this account has the email ${OWNER}. Ask an admin of the account to invite you, or connect as a member of it.`,
    );
    expect(await dialog.isVisible()).toBe(true);
    expect(await e2e.db.knex('integrations').where('kind', 'workable').first()).toBeUndefined();
  });
});
