/**
 * What a first-time user tripped on, proven at 1440×900 and 390×844: a long form asks before
 * throwing away what was typed; snackbars show at the top right in the portal and the console; the
 * guarantee says what it will really cost (nothing during the trial, nothing for a normal company);
 * a normal company sees no plan badge; an order form once made is shown, not offered again; and the
 * reveal dialog promises only what the rule does: an anonymous candidate is revealed on the move,
 * a hidden one stays anonymous and the dialog says so.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/**
 * A page of `email`'s one signed-in context for the file (signIn's `shared`), at a size, on `at`: these tests neither
 * sign out nor filter a console list, and each opens a page of its own.
 */
const signedIn = (email: string, size: { width: number; height: number }, at: string | null) =>
  e2e.signIn(email, size, at, { shared: true });

/** The UTC day `offset` days from today, as 'YYYY-MM-DD' (a Date would be written as the host zone's day). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A project of the company `email` works for, with candidates at `stage` (curated by an admin or not). */
const projectWith = (
  email: string,
  fields: Record<string, unknown>,
  candidates: { id: number }[],
  stage: number,
  curated = true,
  row: Record<string, unknown> = {},
) => boardProject(e2e, email, fields, candidates, stage, curated, row);

const visibleCandidates = (n: number, offset: number) =>
  e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(n)
    .select('id', 'guid', 'first_name', 'last_name');

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

describe.each(SIZES)('At $width×$height', (size) => {
  // Each size works on candidates of its own.
  const k = SIZES.indexOf(size);

  it('The new project form asks before Escape throws away what was typed, and closes at once when nothing was', async () => {
    // On its trial, the company may choose Power whatever its balance.
    await e2e.db
      .knex('companies')
      .whereIn('id', e2e.db.knex('company_users').where('email', 'owner@raas.example.com').select('company_id'))
      .update({ trial_ends_at: day(7) });
    const page = await signedIn('owner@raas.example.com', size, '/projects?add_project=true');
    const dialog = page.getByTestId('add-project-dialog');
    // Untouched, Escape simply closes it.
    await dialog.getByTestId('plan-continue').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Opened again from the menu's link, inside the portal already loaded.
    await followInApp(page, '/projects?add_project=true');
    await dialog.getByTestId('plan-power').click();
    await dialog.getByTestId('plan-continue').click();
    const title = dialog.getByLabel(/^Project name/);
    await title.fill('Data platform lead');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard what you entered?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect(title.inputValue()).resolves.toBe('Data platform lead');

    // Cancel asks too; discarding closes the form.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("A project's settings ask before throwing away a change; a save's snackbar shows at the top right", async () => {
    // A demo project of a normal company, complete as a company fills it in.
    const demo = await e2e.db
      .knex('projects')
      .join('company_users', 'company_users.company_id', 'projects.company_id')
      .where('company_users.email', 'owner@acme.example.com')
      .orderBy('projects.id')
      .offset(k)
      .first('projects.id', 'projects.guid', 'projects.title');
    const page = await signedIn('owner@acme.example.com', size, `/project/${demo.guid}`);
    const settings = page.getByTestId('project-settings');
    const name = settings.getByLabel(/^Project name/);
    const ask = page.getByRole('dialog', { name: 'Discard what you entered?' });
    // Unchanged, Escape simply closes the panel.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => name.inputValue()).toBe(demo.title);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await expect(ask.count()).resolves.toBe(0);

    // Changed, Escape asks; discarding keeps the project as it was.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => name.inputValue()).toBe(demo.title);
    await name.fill(`${demo.title} (renamed)`);
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await settings.waitFor({ state: 'hidden' });
    expect((await e2e.db.knex('projects').where('id', demo.id).first('title')).title).toBe(demo.title);

    // No plan binds a normal company's project: no plan badge.
    await expect(page.getByTestId('project-plan').count()).resolves.toBe(0);
    await expect(page.getByTestId('project-header').innerText()).resolves.not.toContain('Plan');

    // A save's snackbar shows at the top right, leaving the page's own buttons below the top bar free.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => name.inputValue()).toBe(demo.title);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByTestId('snackbar');
    await expect(toast.innerText()).resolves.toContain('Project saved');
    const box = (await toast.boundingBox())!;
    expect(box.y, 'at the top').toBeLessThan(20);
    expect(size.width - (box.x + box.width), 'at the right').toBeLessThan(30);
    if (size.width > 600) expect(box.x, 'not across the page').toBeGreaterThan(size.width / 2);
    await page.getByRole('button', { name: 'Settings' }).click({ trial: true, timeout: 2000 });
    await expect(toast.isVisible()).resolves.toBe(true);
  });

  it('A snackbar shows at the top right in the console too', async () => {
    // A save the server fails: the console says so in a snackbar (a list that fails to load says so inline instead).
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id', 'company_name');
    const page = await signedIn('admin@example.com', size, null);
    await page.route(new RegExp(`/api/v1/companies/Company%3A${company.id}$`), (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: { code: 'errors.internalServerError', message: 'x' } } })
        : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    const name = page.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue(), { timeout: 20_000 }).toBe(company.company_name);
    await name.fill(`${company.company_name} Co`);
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.locator('.MuiSnackbar-root').first();
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.y, 'at the top').toBeLessThan(20);
    expect(size.width - (box.x + box.width), 'at the right').toBeLessThan(30);
  });

  it('During the free trial the guarantee says it costs nothing, and costs nothing; after it, the balance is named', async () => {
    const [trial, after] = await visibleCandidates(2, 30 + 2 * k);
    // A RaaS company sees the second interview once one was scheduled.
    const project = await projectWith(
      'owner@raas.example.com',
      { title: `Guarantee at ${size.width}`, project_type: 2, plan: 2 },
      [trial, after],
      7,
      true,
      { interview_scheduled_at: new Date() },
    );
    const knex = e2e.db.knex;
    const balance = async () =>
      Number(
        (
          await knex('credit_lots')
            .where('company_id', project.companyId)
            .whereNull('deleted_at')
            .sum({ n: 'remaining' })
        )[0].n ?? 0,
      );
    await knex('credit_lots').where('company_id', project.companyId).update({ remaining: 0 });
    await knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    const page = await signedIn('owner@raas.example.com', size, `/project/${project.guid}?tab=7`);
    await row(page, trial.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Offered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guarantee this candidate?' });
    await dialog.getByText(/free trial until/).waitFor();
    await expect(dialog.innerText()).resolves.not.toContain('0.5 credit');
    await dialog.getByRole('button', { name: 'Guarantee free during the trial' }).click();
    await expect
      .poll(async () =>
        knex('project_candidates')
          .where({ project_id: project.id, candidate_id: trial.id })
          .first('stage', knex.raw('guaranteed_at is not null as guaranteed')),
      )
      .toEqual({ stage: 4, guaranteed: true });
    expect(await balance()).toBe(0);

    // The trial over and nothing in the balance: the dialog names the price and the balance before anything is tried.
    await knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(-1) });
    await page.reload();
    await row(page, after.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Offered' }).click();
    await dialog.getByText('Your balance is 0 credits').waitFor();
    await dialog.getByTestId('charge-short').waitFor();
    await dialog.getByRole('button', { name: 'Move without guarantee' }).click();
    await expect
      .poll(async () =>
        knex('project_candidates')
          .where({ project_id: project.id, candidate_id: after.id })
          .first('stage', knex.raw('guaranteed_at is not null as guaranteed')),
      )
      .toEqual({ stage: 4, guaranteed: false });
  });

  it('The reveal dialog reveals an anonymous candidate, and says plainly that a hidden one stays anonymous', async () => {
    const knex = e2e.db.knex;
    // A saved-search project finds both by a job title only they look for: neither was curated by an admin.
    const [jobTitle] = await knex('job_titles')
      .insert({ name: `Zebracorn wrangler ${size.width}` })
      .returning('id');
    const [anonymous, hidden] = await visibleCandidates(2, 40 + 2 * k);
    await knex('candidates')
      .whereIn('id', [anonymous.id, hidden.id])
      .update({ job_title_looking_for: [jobTitle.id] });
    await knex('candidates').where('id', anonymous.id).update({ anonymous: true });
    await knex('candidates').where('id', hidden.id).update({ visibility: false });
    const project = await projectWith(
      'owner@acme.example.com',
      { title: `Reveal at ${size.width}`, current_url: `jt=${jobTitle.id}` },
      [],
      0,
    );
    const page = await signedIn('owner@acme.example.com', size, `/project/${project.guid}`);

    await row(page, anonymous.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Longlist' }).click();
    await page
      .getByRole('dialog', { name: 'Reveal this candidate?' })
      .getByRole('button', { name: 'Reveal and move' })
      .click();

    await row(page, hidden.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Longlist' }).click();
    const stays = page.getByRole('dialog', { name: 'Move this anonymous candidate?' });
    await expect(stays.innerText()).resolves.toContain('does not reveal their name or contact details');
    await expect(stays.innerText()).resolves.not.toMatch(/reveals their name/);
    await stays.getByRole('button', { name: 'Move', exact: true }).click();
    await stays.waitFor({ state: 'hidden' });

    await followInApp(page, `/project/${project.guid}?tab=1`);
    const revealed = row(page, anonymous.guid);
    await revealed.getByText(`${anonymous.first_name} ${anonymous.last_name}`).first().waitFor();
    await expect(row(page, hidden.guid).innerText()).resolves.toContain('Anonymous candidate');
    const rows = await knex('project_candidates')
      .where('project_id', project.id)
      .orderBy('candidate_id')
      .select('candidate_id', 'stage', knex.raw('revealed_at is not null as revealed'));
    expect(rows).toEqual(
      [
        { candidate_id: anonymous.id, stage: 1, revealed: true },
        { candidate_id: hidden.id, stage: 1, revealed: false },
      ].sort((a, b) => a.candidate_id - b.candidate_id),
    );

    // The panel names the revealed candidate too.
    await revealed.getByTestId('result-card').locator('button').first().click();
    await page
      .getByTestId('profile-panel')
      .getByText(`${anonymous.first_name} ${anonymous.last_name}`)
      .first()
      .waitFor();
  });
});

describe('An order form once made', () => {
  it('Shows the order made instead of the same form again, so a second click makes no second order', async () => {
    const knex = e2e.db.knex;
    const count = async () => Number((await knex('sales_orders').count({ n: '*' }))[0].n);
    const before = await count();
    const page = await e2e.signIn('admin@example.com', SIZES[0], '/credits/active-credits?order_form=true', {
      shared: true,
    });
    const dialog = page.getByRole('dialog', { name: 'Generate order form' });
    await dialog.getByRole('combobox', { name: /Company/ }).fill('Northwind');
    await page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Number of credits').fill('4');
    await dialog.getByRole('button', { name: 'Generate order form' }).click();
    const made = page.getByRole('dialog', { name: 'Order form made' });
    await made.getByTestId('order-form-made').waitFor();
    await expect(made.getByRole('button', { name: 'Generate order form' }).count()).resolves.toBe(0);
    expect(await count()).toBe(before + 1);
    await made.getByRole('button', { name: 'Close' }).click();
    await made.waitFor({ state: 'hidden' });
  });
});
