/**
 * Linking a project to an ATS job on screen, in a real browser: Acme's Owner connects Workable (its
 * stand-in on loopback) on /integrations, sees "No open jobs in Workable" until the first sync has
 * pulled them, then links a project with a shortlisted candidate to "Backend Engineer" in the card's
 * "Linked projects" (saved as it changes, "Saved" said), is told on screen that a second project may
 * not take the same job and whose it is, presses Sync now, and the person reaches the job in
 * Workable. When Workable then refuses the token (rotated there), the card says so and offers
 * "Connect again", whose dialog asks for the new token only and keeps the links.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let ws: WorkableStandIn;
let page: Page;
let email: string;
const OWNER = 'owner@acme.example.com';
const SHORTLIST = 2;

beforeAll(async () => {
  ws = await startWorkableStandIn();
  e2e = await startE2E();
  e2e.config.ats = { ...e2e.config.ats, workableUrl: ws.baseTemplate };
  const knex = e2e.db.knex;
  const project = await makeProject(knex, { title: 'Linked backend hires' });
  await makeProject(knex, { title: 'Second backend hires' });
  const [candidate] = await activeCandidates(knex, 1, { skip: 40 });
  await addToProject(knex, project, [candidate], SHORTLIST);
  email = (await knex('candidates').where('id', candidate).first('email')).email;
  page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, null);
});
afterAll(async () => {
  await ws?.close();
});

const card = () => page.locator('[data-ats="workable"]');
const jobSelect = (project: string) => card().getByRole('combobox', { name: `${project} Job in Workable` });
const row = (project: string) => card().getByTestId('project-link').filter({ hasText: project });
const worker = () => runJobs({ url: e2e.db.url, config: e2e.config });

describe('Linking a project to a job of the ATS', () => {
  it('connects Workable and says there are no open jobs until the first sync has pulled them', async () => {
    await page.goto(`${e2e.baseUrl}/integrations`);
    await page.getByRole('button', { name: 'Connect Workable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Workable' });
    await dialog.getByLabel('Account subdomain').fill('acme');
    await dialog.getByLabel('API access token').fill(ws.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const links = card().getByRole('region', { name: 'Linked projects' });
    await links.getByText('No open jobs in Workable.', { exact: false }).waitFor();
  });

  it('links a project to a job on screen, refuses the same job to a second project, and Sync now sends the person', async () => {
    await worker(); // the first sync, queued by connecting, pulls the open jobs
    await page.reload();
    const select = jobSelect('Linked backend hires');
    await select.waitFor();
    expect(await select.inputValue()).toBe('');
    expect(await axeViolations(page, 'linked projects')).toEqual([]);

    await select.selectOption({ label: 'Backend Engineer' });
    await row('Linked backend hires').getByRole('status').getByText('Saved: linked to Backend Engineer').waitFor();

    await jobSelect('Second backend hires').selectOption({ label: 'Backend Engineer' });
    await row('Second backend hires')
      .getByText('Already linked to the project “Linked backend hires”. Unlink it there first.')
      .waitFor();
    expect(await jobSelect('Second backend hires').inputValue()).toBe('');

    await card().getByRole('button', { name: 'Sync now Workable' }).click();
    await page.getByText('Sync started').first().waitFor();
    await worker();
    expect(ws.candidates.filter((c) => c.job === 'BE01').map((c) => c.candidate.email)).toEqual([email]);
    await card().getByTestId('sync-outcome').getByText('Sent 1 · skipped 0 · failed 0').waitFor({ timeout: 15_000 });
  });

  it('offers "Connect again" once Workable refuses the token, replacing it in place with the links kept', async () => {
    ws.token = 'workable-token-rotated';
    await card().getByRole('button', { name: 'Sync now Workable' }).click();
    await page.getByText('Sync started').first().waitFor();
    await worker();
    await page.reload();
    await card().getByText('Auth error').waitFor();
    await card().getByText('Workable refused the credentials we hold', { exact: false }).waitFor();

    await card().getByRole('button', { name: 'Connect again Workable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the Workable credentials' });
    expect(await dialog.getByLabel('Account subdomain').count()).toBe(0);
    await dialog.getByLabel('API access token').fill('not-it');
    await dialog.getByRole('button', { name: 'Save and connect' }).click();
    await dialog.getByText('API key invalid').waitFor();
    await dialog.getByLabel('API access token').fill(ws.token);
    await dialog.getByRole('button', { name: 'Save and connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Workable connected again. A sync has started.').waitFor();
    await expect.poll(() => card().innerText()).toContain('Connected');
    expect(await jobSelect('Linked backend hires').inputValue()).toBe('BE01');

    // Unlinking from the keyboard: Unlink is a button reached and pressed without a pointer.
    await row('Linked backend hires').getByRole('button', { name: 'Unlink Linked backend hires' }).focus();
    await page.keyboard.press('Enter');
    await row('Linked backend hires').getByRole('status').getByText('Saved: not linked').waitFor();
    expect(await jobSelect('Linked backend hires').inputValue()).toBe('');
  });
});
