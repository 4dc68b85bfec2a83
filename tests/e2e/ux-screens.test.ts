/**
 * What a new user tripped on, fixed and proven at a desktop size (1440×900): dates read in the one
 * format everywhere, Sort by and Per page sit side by side on Search, the board shows whole names and
 * keeps Placed and Rejected in reach, a success toast leaves the project's Share button free, and the
 * candidate's own profile speaks to them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { STAGES } from '../../schema/rules/pipeline';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const LONG_NAME = { first: 'Maximiliana', last: 'Konstantinopoulou-Vanderbilt' };

let e2e: E2E;
let project: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  [project] = await knex('projects')
    .insert({
      title: 'Board at desktop size: Data engineer',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
    })
    .returning(['id', 'guid']);
  const found = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .limit(3)
    .select('id');
  expect(found.length, 'three visible demo candidates').toBe(3);
  await knex('candidates').where('id', found[0].id).update({ first_name: LONG_NAME.first, last_name: LONG_NAME.last });
  const stages = [STAGES.qualify, STAGES.placed, STAGES.rejected];
  await knex('project_candidates').insert(
    found.map((c, i) => ({
      project_id: project.id,
      candidate_id: c.id,
      company_id: owner.company_id,
      stage: stages[i],
      curated: true,
      last_recruitment_updated_at: new Date(),
    })),
  );
});

/** Whether a box lies wholly inside the window. */
const inWindow = (box: { x: number; y: number; width: number; height: number } | null) =>
  Boolean(
    box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= DESKTOP.width + 1 &&
    box.y + box.height <= DESKTOP.height + 1,
  );

const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);

describe('At 1440×900', () => {
  it("A credit's expiry reads as the same date in the portal's and the console's credits lists", async () => {
    const acme = await e2e.db.knex('company_users').where('email', 'owner@acme.example.com').first('company_id');
    const expiry = `${new Date().getUTCFullYear() + 1}-12-27`;
    await e2e.db.knex.transaction((trx) =>
      grantCredits(trx, {
        companyId: acme.company_id,
        amount: 3,
        expiryDate: expiry,
        source: 'admin',
        actor: 'system',
      }),
    );
    const written = formatDate(expiry) as string;
    expect(written).toBe(`27 Dec ${new Date().getUTCFullYear() + 1}`);

    const page = await e2e.signIn('admin@example.com', DESKTOP, `/credits/active-credits`);
    const lot = page.getByTestId('credit-lot').filter({ hasText: written });
    await lot.first().waitFor();
    await expect(lot.first().innerText()).resolves.not.toContain(expiry);

    await page.goto(`${e2e.baseUrl}/admin/credits?filter=%7B%7D&sort=expiryDate&order=DESC`);
    await page.getByRole('cell', { name: written }).first().waitFor();
    await expect(page.locator('main').innerText()).resolves.not.toContain(expiry);
  });

  it('Search shows Sort by and Per page side by side', async () => {
    const page = await e2e.signIn('owner@acme.example.com', DESKTOP, `/search`);
    const sort = (await page.getByTestId('sort').locator('..').boundingBox())!;
    const perPage = (await page.getByTestId('per-page').locator('..').boundingBox())!;
    expect(Math.abs(sort.y - perPage.y), 'on one line').toBeLessThan(4);
    expect(perPage.x).toBeGreaterThan(sort.x + sort.width - 1);
    expect(sort.width + perPage.width, 'neither across the page').toBeLessThan(DESKTOP.width / 2);
  });

  it('The board shows a long name in full, and Placed and Rejected are in reach under their headers', async () => {
    const page = await e2e.signIn('owner@acme.example.com', DESKTOP, `/project/${project.guid}?view=board`);
    const name = page.getByTestId('board-card-name').filter({ hasText: LONG_NAME.last });
    await name.waitFor();
    await expect(name.innerText()).resolves.toBe(`${LONG_NAME.first} ${LONG_NAME.last}`);
    // Nothing of it is cut off: the text fits its box.
    await expect(name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).resolves.toBe(true);

    // The board is no taller than the window: once it is in view, so is its own horizontal scroll bar.
    const board = page.getByTestId('board');
    await board.scrollIntoViewIfNeeded();
    expect((await board.boundingBox())!.height).toBeLessThanOrEqual(DESKTOP.height);
    for (const stage of [STAGES.placed, STAGES.rejected]) {
      const header = column(page, stage).getByTestId('board-column-header');
      await header.scrollIntoViewIfNeeded();
      expect(inWindow(await header.boundingBox()), `column ${stage}'s header in the window`).toBe(true);
      const card = column(page, stage).getByTestId('board-card').first();
      await card.waitFor();
      // The column's cards scroll inside it, under its header: scrolled to their end, the header is still in view.
      await card.locator('..').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(inWindow(await header.boundingBox()), `column ${stage}'s header stays over its cards`).toBe(true);
    }
    // The page itself never scrolls sideways: only the board does.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1),
    ).resolves.toBe(true);
  });

  it("A success toast leaves the project's Settings and Share buttons free to click", async () => {
    // A demo project, complete as a company fills it in.
    const demo = await e2e.db
      .knex('projects')
      .join('company_users', 'company_users.company_id', 'projects.company_id')
      .where('company_users.email', 'owner@acme.example.com')
      .whereNot('projects.id', project.id)
      .orderBy('projects.id')
      .first('projects.guid', 'projects.title');
    const page = await e2e.signIn('owner@acme.example.com', DESKTOP, `/project/${demo.guid}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(demo.title);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByTestId('snackbar');
    await expect(toast.innerText({ timeout: 10_000 }).catch(async () => settings.innerText())).resolves.toContain(
      'Project saved',
    );
    // Playwright's actionability check refuses a click on a button something else covers.
    await page.getByRole('button', { name: 'Share' }).click({ trial: true, timeout: 2000 });
    await page.getByRole('button', { name: 'Settings' }).click({ trial: true, timeout: 2000 });
    await expect(toast.isVisible()).resolves.toBe(true);
  });

  it('The candidate reads their own profile spoken to, never of "the candidate"', async () => {
    const page = await e2e.signIn('candidate@example.com', DESKTOP, `/candidate/profile`);
    await page.getByRole('heading', { name: 'Your experience' }).waitFor();
    await page.getByText('Where you live and where you would work.').waitFor();
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/the candidate/i);
  });
});
