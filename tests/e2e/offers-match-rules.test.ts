/**
 * Screens offer only what the server accepts, in a real browser, reading the same rules the server refuses by:
 *   - an inactive project's board is read-only with a notice (no move, add, favourite, hide, drag or bulk bar), while
 *     its profiles still open (schema/rules/plans.ts isOpen; pipeline writes answer 409 projectInactive);
 *   - a paused project shows "Request interview" and "Send job description" disabled with the reason, in the menu and
 *     the bulk bar (schema/rules/stages.ts sendsRequests; send.ts answers 409 projectInactive);
 *   - a free RaaS project asks the upgrade the move to interviewing asks before the request is written
 *     (requestsNeedUpgrade; send.ts answers 409 upgradeRequired);
 *   - the console offers no Delete of a company's Owner nor of the admin's own record (schema/rules/team.ts);
 *   - an Advocate admin sees the project's talent advocate read-only, in the portal and the console
 *     (appointsAdvocates; project writes answer 403 advocateByGeneral).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);
const card = (page: Page, guid: string) => page.locator(`[data-testid="board-card"][data-guid="${guid}"]`);

/** The UTC day `offset` days from today, as 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Active, visible, named candidates from the end of the list, after `skip`, so files do not share them. */
async function people(count: number, skip: number) {
  return e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(count)
    .select('id', 'guid');
}

beforeAll(async () => {
  e2e = await startE2E();
});

describe('An inactive project', () => {
  it('shows its board read-only with a notice, and its profiles still open', async () => {
    const [person] = await people(1, 11);
    const project = await boardProject(
      e2e,
      'owner@acme.example.com',
      { title: 'Closed offers test', status: 3 },
      [person],
      1,
    );
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=1`);
    await row(page, person.guid).waitFor();
    await expect(page.getByTestId('pipeline-read-only').isVisible()).resolves.toBe(true);
    // Nothing to select, so no bulk bar.
    await expect(row(page, person.guid).getByRole('checkbox').count()).resolves.toBe(0);

    await row(page, person.guid).getByTestId('candidate-menu').click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'View profile' }).waitFor();
    for (const refused of [/^Move to/, /^Reject/, /^Skip to/, /favourites/, /^Hide/, /another project/])
      await expect(menu.getByRole('menuitem', { name: refused }).count()).resolves.toBe(0);
    await menu.getByRole('menuitem', { name: 'View profile' }).click();
    await page.getByTestId('profile-panel').waitFor();

    // The board: its cards are not picked up, and still open the profile.
    await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
    const handle = card(page, person.guid).getByTestId('board-card-handle');
    await handle.waitFor();
    await expect.poll(() => page.locator('[data-testid="board-column"][data-loading]').count()).toBe(0);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 4, { steps: 6 });
    await page.waitForTimeout(1500);
    await expect(page.getByRole('status').filter({ hasText: ' is over ' }).count()).resolves.toBe(0);
    await page.mouse.up();
    // Let go where it was pressed, the press may have been a click already.
    await page
      .getByTestId('profile-panel')
      .waitFor({ timeout: 3000 })
      .catch(() => handle.click());
    await page.getByTestId('profile-panel').waitFor();
  });
});

describe('Interview requests', () => {
  it('are disabled with the reason on a paused project, in the menu and the bulk bar', async () => {
    const [person] = await people(1, 12);
    const project = await boardProject(
      e2e,
      'owner@acme.example.com',
      { title: 'Paused offers test', status: 1 },
      [person],
      1,
    );
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=1`);
    await row(page, person.guid).waitFor();
    await row(page, person.guid).getByTestId('candidate-menu').click();
    const item = page.getByRole('menuitem', { name: /^Request interview/ });
    await item.waitFor();
    await expect(item.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(item.innerText()).resolves.toContain('only while the project is active');
    await expect(
      page.getByRole('menuitem', { name: /^Send job description/ }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await page.keyboard.press('Escape');

    await row(page, person.guid).getByRole('checkbox').check();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar.getByRole('button', { name: 'Request interview' }).isDisabled()).resolves.toBe(true);
    await expect(bar.getByRole('button', { name: 'Send job description' }).isDisabled()).resolves.toBe(true);
  });

  it('ask the upgrade first on a free RaaS project, then open the request', async () => {
    const [person] = await people(1, 13);
    const project = await boardProject(
      e2e,
      'owner@raas.example.com',
      { title: 'Free offers test', project_type: 2, plan: 1, job_description: 'Build things.' },
      [person],
      2,
    );
    // During the free trial the upgrade costs nothing.
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    const page = await e2e.signIn('owner@raas.example.com', undefined, `/project/${project.guid}`);
    await row(page, person.guid).waitFor();
    await row(page, person.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Request interview' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Power to continue' });
    await upgrade.waitFor({ timeout: 10_000 });
    await expect(page.getByRole('dialog', { name: 'Request an interview' }).count()).resolves.toBe(0);
    await upgrade.getByRole('button', { name: /^Upgrade/ }).click();
    await page.getByRole('dialog', { name: 'Request an interview' }).waitFor();
    await expect(e2e.db.knex('projects').where('id', project.id).first('plan')).resolves.toEqual({ plan: 2 });
  });
});

/** The console's record page of `resource` for the row `ref` ('Admin:3'), and its Delete button. */
async function deleteOn(page: Page, path: string) {
  await page.goto(`${e2e.baseUrl}/admin/${path}/show`);
  const button = page.getByRole('button', { name: 'Delete', exact: true });
  await button.waitFor();
  return button;
}

describe('The console', () => {
  it("offers no Delete of a company's Owner nor of the admin's own record, and keeps it for others", async () => {
    const knex = e2e.db.knex;
    const self = await knex('admins').where('email', 'admin@example.com').first('id');
    const other = await knex('admins').where('email', 'advocate@example.com').first('id');
    const acme = await knex('company_users').where({ email: 'owner@acme.example.com' }).first('company_id');
    const owner = await knex('company_users').where({ company_id: acme.company_id, role: 0 }).first('id');
    const member = await knex('company_users').where({ email: 'member@acme.example.com' }).first('id');
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await signInAtConsole(e2e, page, 'admin@example.com');

    const own = await deleteOn(page, `admins/${encodeURIComponent(`Admin:${self.id}`)}`);
    await expect(own.isDisabled()).resolves.toBe(true);
    const ownerDelete = await deleteOn(page, `company-users/${encodeURIComponent(`User:${owner.id}`)}`);
    await expect(ownerDelete.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('delete-refused').count()).resolves.toBe(1);

    await expect(
      (await deleteOn(page, `admins/${encodeURIComponent(`Admin:${other.id}`)}`)).isDisabled(),
    ).resolves.toBe(false);
    await expect(
      (await deleteOn(page, `company-users/${encodeURIComponent(`User:${member.id}`)}`)).isDisabled(),
    ).resolves.toBe(false);
  });
});

describe('An Advocate admin', () => {
  it("sees the project's talent advocate read-only, in the portal's settings and the console's form", async () => {
    const project = await makeProject(e2e.db.knex, {
      title: 'Advocate offers test',
      advocateEmail: 'advocate@example.com',
    });
    const page = await e2e.signIn('advocate@example.com', undefined, `/project/${project.guid}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    const advocate = settings.getByRole('combobox', { name: /^Talent advocate/ });
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe('Advocate offers test');
    await expect(advocate.isEnabled()).resolves.toBe(false);

    const console = await e2e.newPage({ width: 1440, height: 900 });
    await signInAtConsole(e2e, console, 'advocate@example.com');
    await console.goto(`${e2e.baseUrl}/admin/projects/${encodeURIComponent(`Project:${project.id}`)}`);
    const title = console.getByRole('textbox', { name: /^Project name/ });
    await expect.poll(() => title.inputValue()).toBe('Advocate offers test');
    await expect(console.getByLabel(/^Talent advocate/).isEditable()).resolves.toBe(false);
  });
});
