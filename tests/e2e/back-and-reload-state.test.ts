/**
 * Back and Reload keep what the page showed. A candidate's profile panel is in the address: Back closes it and keeps
 * the search page or the project's tab under it, a reload opens it again and its close button leaves no entry that
 * opens it on Back. The admin credit log keeps its search (and page and filters) in the address across a reload.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const panelOpen = (page: Page) => page.getByTestId('profile-panel').getByRole('heading').first().isVisible();
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describe('Back and Reload keep the state shown', () => {
  it('On search, Back with a profile open closes it and stays on page 2; a reload reopens it; Close leaves no entry', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/search?sort=recentlyAdded');
    await page.getByTestId('result-card').first().waitFor();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('p') === '2');
    const seventh = page.getByTestId('result-card').nth(6);
    await seventh.waitFor();
    await seventh.getByRole('button').first().click();
    await page.getByTestId('profile-panel').getByRole('heading').first().waitFor();
    await page.waitForURL((url) => url.searchParams.has('candidate'));

    await page.reload();
    await page.getByTestId('profile-panel').getByRole('heading').first().waitFor();
    expect(param(page, 'p')).toBe('2');

    await page.goBack();
    await expect.poll(() => panelOpen(page)).toBe(false);
    expect(param(page, 'p')).toBe('2');
    expect(param(page, 'candidate')).toBeNull();
    // Many candidates share a day added, so their order is not fixed: page 2 shows a page of cards again.
    await seventh.waitFor();

    // Opened again and closed by its button: the address is page 2's again, and Back leaves page 2 for page 1.
    await seventh.getByRole('button').first().click();
    await page.waitForURL((url) => url.searchParams.has('candidate'));
    await page.getByTestId('profile-panel').getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('candidate') && url.searchParams.get('p') === '2');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('p'));
    await expect.poll(() => panelOpen(page)).toBe(false);
  });

  it("On a project's Longlist, Back with a profile open closes it and stays on the Longlist", async () => {
    const knex = e2e.db.knex;
    const [longlisted, suggested] = await knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .whereNotNull('first_name')
      .orderBy('id')
      .limit(2)
      .select('id', 'guid', knex.raw(`first_name || ' ' || last_name as name`));
    const project = await boardProject(
      e2e,
      'owner@acme.example.com',
      { title: 'Back closes the panel' },
      [longlisted],
      1,
    );
    await knex('project_candidates').insert({
      project_id: project.id,
      candidate_id: suggested.id,
      company_id: project.companyId,
      stage: 0,
      curated: true,
      last_recruitment_updated_at: new Date(),
    });
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}`);
    await page.locator(`[data-testid="pipeline-row"][data-guid="${suggested.guid}"]`).waitFor();
    await page.getByTestId('tab-1').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === '1');
    const row = page.locator(`[data-testid="pipeline-row"][data-guid="${longlisted.guid}"]`);
    await row.getByRole('button', { name: longlisted.name }).first().click();
    await page.getByTestId('profile-panel').getByRole('heading', { name: longlisted.name }).waitFor();

    await page.goBack();
    await expect.poll(() => panelOpen(page)).toBe(false);
    expect(param(page, 'tab')).toBe('1');
    await row.waitFor();
  });

  it('The credit log keeps its search in the field and the address across a reload', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/credits/log');
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('acme');
    await page.waitForURL((url) => url.searchParams.get('q') === 'acme');
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('acme');
    expect(param(page, 'q')).toBe('acme');
  });
});
