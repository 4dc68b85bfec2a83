/**
 * /integrations in a real browser, on a laptop (1440×900) and a phone (390×844): a company Owner
 * sees the four kinds that connect for real first, each marked "Live sync", and the fifteen others
 * under "Record which ATS you use", with nothing wider than the screen; each dialog asks for what
 * its vendor needs (Greenhouse a client id and secret, Workable a subdomain and API access token,
 * each with a link to where the vendor shows it), an environment only for a kind that connects,
 * "Other" a name. Workable connects with a subdomain and access token (a wrong one answered first),
 * Lever by signing in on its stand-in; a connected card tells the last sync's outcome with each
 * record not sent and why, and follows "Sync now" until the new run has finished.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { startLeverStandIn, type LeverStandIn } from '../helpers/ats/lever';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';

let e2e: E2E;
let ws: WorkableStandIn;
let lv: LeverStandIn;
/** One sign-in for the file (sign-in codes are rate-limited), in a page that lives until the file ends. */
let signedIn: Page;
const OWNER = 'owner@acme.example.com';
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [LAPTOP, PHONE] as const;

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
  signedIn = await e2e.signIn(OWNER, LAPTOP, null);
});
afterAll(async () => {
  await ws?.close();
  await lv?.close();
});

const live = (page: Page) => page.getByRole('region', { name: 'Connect your ATS' });
const recorded = (page: Page) => page.getByRole('region', { name: 'Record which ATS you use' });
const kind = (page: Page, ats: string) => page.locator(`[data-ats="${ats}"]`);
/** The page opened afresh on /integrations at `viewport`. */
const open = async (viewport: { width: number; height: number }) => {
  await signedIn.setViewportSize(viewport);
  await signedIn.goto(`${e2e.baseUrl}/integrations`);
  await kind(signedIn, 'workable').waitFor();
  return signedIn;
};
/** Whether anything on the page is wider than the screen. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('Integrations page', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`;

    it(`puts the four that connect first, marked, the others under "Record which ATS you use", nothing sideways (${size})`, async () => {
      const page = await open(viewport);
      await expect.poll(() => page.title()).toBe('Integrations | Talentbase');
      const cards = live(page).locator('[data-ats]');
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-ats')))).toEqual([
        'ashby',
        'greenhouse',
        'lever',
        'workable',
      ]);
      for (const text of await cards.allInnerTexts()) {
        expect(text).toContain('Live sync');
        expect(text).toContain('Not connected');
      }
      const rows = recorded(page).locator('[data-ats]');
      const names = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-ats')));
      expect(names).toHaveLength(15);
      expect(names.slice(0, 2)).toEqual(['bamboohr', 'breezy']);
      expect(names.at(-1)).toBe('other');
      expect(await recorded(page).innerText()).not.toContain('Live sync');
      // The live section comes first on the page.
      const [liveTop, recordTop] = await Promise.all([live(page).boundingBox(), recorded(page).boundingBox()]);
      expect(liveTop!.y).toBeLessThan(recordTop!.y);
      // Every action is on screen: no column pushed off to the side.
      expect(await sideways(page)).toBe(false);
      for (const button of await page.getByRole('button', { name: /^(Connect|Set as our ATS)/ }).all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await axeViolations(page, `integrations ${size}`)).toEqual([]);
    });

    it(`asks each vendor for what it needs, an environment only where it applies, and "Other" for a name (${size})`, async () => {
      const page = await open(viewport);
      await page.getByRole('button', { name: 'Connect Greenhouse' }).click();
      const greenhouse = page.getByRole('dialog', { name: 'Connect Greenhouse' });
      await greenhouse.getByLabel('Client id').waitFor();
      await greenhouse.getByLabel('Client secret').waitFor();
      expect(await greenhouse.getByLabel('API key').count()).toBe(0);
      expect(await greenhouse.innerText()).not.toMatch(/paste an api key/i);
      const link = greenhouse.getByRole('link', { name: 'Where Greenhouse shows it' });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/support\.greenhouse\.io\//);
      expect(await greenhouse.getByRole('combobox', { name: 'Environment' }).count()).toBe(1);
      await greenhouse.getByRole('button', { name: 'Connect' }).click();
      await greenhouse.getByText('Enter the client id').waitFor();
      await greenhouse.getByText('Enter the client secret').waitFor();
      expect(await sideways(page)).toBe(false);
      expect(await axeViolations(page, `greenhouse dialog ${size}`)).toEqual([]);
      await greenhouse.getByRole('button', { name: 'Cancel' }).click();
      await greenhouse.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Connect Workable' }).click();
      const workable = page.getByRole('dialog', { name: 'Connect Workable' });
      await workable.getByLabel('Account subdomain').waitFor();
      await workable.getByLabel('API access token').waitFor();
      expect(await workable.getByRole('link', { name: 'Where Workable shows it' }).getAttribute('href')).toMatch(
        /^https:\/\/workable\.readme\.io\//,
      );
      await workable.getByRole('button', { name: 'Cancel' }).click();
      await workable.waitFor({ state: 'hidden' });

      // A kind only recorded has no environment and nothing to paste.
      await page.getByRole('button', { name: 'Set as our ATS: BambooHR' }).click();
      const bamboo = page.getByRole('dialog', { name: 'Record BambooHR as your ATS' });
      await bamboo.waitFor();
      expect(await bamboo.getByRole('combobox', { name: 'Environment' }).count()).toBe(0);
      expect(await bamboo.getByRole('textbox').count()).toBe(0);
      await bamboo.getByRole('button', { name: 'Cancel' }).click();
      await bamboo.waitFor({ state: 'hidden' });

      // "Other" asks for the name of the system, which becomes the company's ATS.
      await page.getByRole('button', { name: 'Set as our ATS: Other' }).click();
      const other = page.getByRole('dialog', { name: 'Record Other as your ATS' });
      expect(await other.getByRole('combobox', { name: 'Environment' }).count()).toBe(0);
      await other.getByRole('button', { name: 'Set as our ATS' }).click();
      await other.getByText('Enter the name of your ATS').waitFor();
      await other.getByLabel('Name of your ATS').fill('Homegrown Tracker');
      await other.getByRole('button', { name: 'Set as our ATS' }).click();
      await other.waitFor({ state: 'hidden' });
      await expect.poll(() => kind(page, 'other').innerText()).toContain('Other: Homegrown Tracker');
      const owner = await e2e.db.knex('company_users').where('email', OWNER).first('company_id');
      expect((await e2e.db.knex('companies').where('id', owner.company_id).first('ats')).ats).toBe('Homegrown Tracker');
      expect(
        (await e2e.db.knex('integrations').where('kind', 'other').first('settings', 'status')) as unknown,
      ).toMatchObject({ settings: { name: 'Homegrown Tracker' }, status: 2 });
      await page.getByRole('button', { name: 'Remove Other' }).click();
      await page
        .getByRole('dialog', { name: 'Remove Homegrown Tracker?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect.poll(() => kind(page, 'other').innerText()).not.toContain('Homegrown Tracker');
    });
  }

  it('connects Workable with a subdomain and an API access token, after refusing a wrong one', async () => {
    const page = await open(LAPTOP);
    await page.getByRole('button', { name: 'Connect Workable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Workable' });
    await dialog.getByLabel('Account subdomain').fill('acme');
    await dialog.getByLabel('API access token').fill('wrong-key');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText('API key invalid').waitFor();
    await dialog.getByLabel('API access token').fill(ws.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => kind(page, 'workable').innerText()).toContain('Connected');
    await expect(kind(page, 'workable').innerText()).resolves.toContain('Last synced: Never');
    expect(await page.content()).not.toContain(ws.token);
  });

  it('connects Lever by signing in and coming back', async () => {
    const page = await open(LAPTOP);
    await page.getByRole('button', { name: 'Connect Lever' }).click();
    await page
      .getByRole('dialog', { name: 'Connect Lever' })
      .getByRole('button', { name: 'Sign in with Lever' })
      .click();
    await page.waitForURL(/\/integrations\?lever=connected$/);
    await page.getByText('Lever connected. The first sync has started.').waitFor();
    await expect.poll(() => kind(page, 'lever').innerText()).toContain('Connected');
    expect((await e2e.db.knex('integrations').where('kind', 'lever').first('status')).status).toBe(1);
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`;
    it(`tells the last sync's outcome with each record not sent and why, and follows Sync now to its end (${size})`, async () => {
      const knex = e2e.db.knex;
      const workable = await knex('integrations').where('kind', 'workable').first('id');
      // The worker took the first sync queued when Workable was connected.
      await knex.raw('select graphile_worker.remove_job(?)', [`integration_sync:${workable.id}`]);
      // What the worker wrote of the last sync: two candidates sent, one refused by Workable.
      await knex('integration_runs').insert({
        integration_id: workable.id,
        trigger: 2,
        status: 2,
        created: 1,
        updated: 1,
        failed: 1,
        entries: JSON.stringify([
          { project: 'Backend hire', candidate: 'Ada Lovelace', outcome: 'created' },
          {
            project: 'Backend hire',
            candidate: 'Grace Hopper',
            outcome: 'failed',
            reason: 'Workable: email is invalid',
          },
        ]),
        started_at: new Date(Date.now() - 60_000),
        finished_at: new Date(Date.now() - 50_000),
      });
      const page = await open(viewport);
      const card = kind(page, 'workable');
      const outcome = card.getByTestId('sync-outcome');
      await outcome.getByText('Sent 2 · skipped 0 · failed 1').waitFor();
      await outcome.getByText('Grace Hopper · Backend hire').waitFor();
      await outcome.getByText('Workable: email is invalid').waitFor();
      expect(await sideways(page)).toBe(false);

      await card.getByRole('button', { name: 'Sync now Workable' }).click();
      await page.getByText('Sync started').waitFor();
      await outcome.getByText('Sync waiting to start…').waitFor();
      expect(await card.getByRole('button', { name: 'Sync now Workable' }).isDisabled()).toBe(true);
      const job = await knex('graphile_worker.jobs').where('key', `integration_sync:${workable.id}`).first('id');
      expect(job).toBeTruthy();
      // The worker takes the job and finishes a clean run.
      await knex.raw('select graphile_worker.remove_job(?)', [`integration_sync:${workable.id}`]);
      await knex('integration_runs').insert({
        integration_id: workable.id,
        trigger: 1,
        status: 2,
        created: 3,
        entries: JSON.stringify([]),
        started_at: new Date(),
        finished_at: new Date(),
      });
      await outcome.getByText('Sent 3 · skipped 0 · failed 0').waitFor({ timeout: 15_000 });
      await outcome.getByText('Sync waiting to start…').waitFor({ state: 'detached' });
      expect(await outcome.getByText('Not sent').count()).toBe(0);
      await expect.poll(() => card.getByRole('button', { name: 'Sync now Workable' }).isEnabled()).toBe(true);

      await card.getByRole('button', { name: 'Run log Workable' }).click();
      const log = page.getByRole('dialog', { name: 'Workable run log' });
      await log.getByText('Grace Hopper · Backend hire').first().waitFor();
      expect(await sideways(page)).toBe(false);
      expect(await axeViolations(page, `run log ${size}`)).toEqual([]);
      await log.getByRole('button', { name: 'Close' }).click();
      await log.waitFor({ state: 'hidden' });
    });
  }

  it('removes Workable after a confirmation', async () => {
    const page = await open(LAPTOP);
    await page.getByRole('button', { name: 'Remove Workable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Workable?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => kind(page, 'workable').innerText()).toContain('Not connected');
    expect(await e2e.db.knex('integrations').where('kind', 'workable').first()).toBeUndefined();
  });
});
