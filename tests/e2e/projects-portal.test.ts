/**
 * The portal's projects screens for companies, in a real browser against the real server: a company
 * admin creates a project with a job description file and finds it in the list; the list filters by
 * status and text; sharing a project lets a member see it (and only it); a RaaS company chooses the
 * project type first; a search is saved as a project with its filters.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';
import { pick, projectsWorld, row } from '../helpers/projectsE2E';

let e2e: E2E;
let jobTitle: { id: number; name: string };
let singapore: { id: number; name: string };
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  ({ jobTitle, singapore } = await projectsWorld(e2e));
});

/**
 * A page in the file's one signed-in context for that person: the projects screens keep nothing in the browser's
 * storage, so the tests share the sign-in and the cached front end.
 */
const signedIn = (...[email, viewport, at]: Parameters<E2E['signIn']>) =>
  e2e.signIn(email, viewport, at, { shared: true });

/** A call through the page's own context (its session cookie), whether or not the page has opened the portal yet. */
async function call(page: Page, method: string, path: string, data?: unknown) {
  const res = await page.request.fetch(`${e2e.baseUrl}/api/v1/${path}`, {
    method,
    data,
    headers: { origin: e2e.baseUrl, Accept: 'application/json' },
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** A project created through the API as the page's user, before the screen under test opens. */
async function createProject(page: Page, title: string, extra: Record<string, unknown> = {}) {
  const res = await call(page, 'POST', 'projects/create', {
    ...extra,
    title,
    jobTitleId: jobTitle.id,
    countries: [singapore.id],
    headcount: 1,
    salaryMin: 5000,
    salaryMax: 8000,
    salaryCurrency: 'SGD',
    jobDescription: 'Build and run our hiring platform.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; guid: string };
}

describe('The projects screens', () => {
  it('A company admin creates a project with a job description file and sees it in the list', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/projects`);
    await page.getByTestId('add-project').click();
    const dialog = page.getByTestId('add-project-dialog');
    await dialog.getByRole('heading', { name: 'New project' }).waitFor();

    // Submitting empty names every missing field.
    await page.getByTestId('create-project').click();
    await dialog.getByText('Enter the project name').waitFor();
    await expect(dialog.getByText('Choose a job title').count()).resolves.toBe(1);
    await expect(dialog.getByText('Add the job description: paste the text or attach a file').count()).resolves.toBe(1);

    const title = `Platform engineer ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Job title/, jobTitle.name.slice(0, 6), jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', singapore.name);
    // The owner defaults to the signed-in user.
    await expect(dialog.getByRole('combobox', { name: /^Project owner/ }).inputValue()).resolves.toContain(
      'owner@acme.example.com',
    );
    await dialog.getByLabel(/^From/).first().fill('9000');
    await dialog.getByLabel(/^To/).first().fill('7000');
    await page.getByTestId('create-project').click();
    await dialog.getByText('The salary "to" must be at least the salary "from"').waitFor();
    await dialog.getByLabel(/^To/).first().fill('12000');
    await page.getByTestId('jd-file-input').setInputFiles({
      name: 'platform-engineer.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfOf(['Platform engineer', 'Build and run our hiring platform in Singapore.']),
    });
    await dialog.getByTestId('jd-file-chip').waitFor();
    await page.getByTestId('create-project').click();

    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
    const guid = page.url().split('/').pop() as string;
    const stored = await e2e.db
      .knex('projects')
      .where('guid', guid)
      .first('title', 'jd_file_name', 'salary_min', 'salary_max');
    expect(stored).toMatchObject({ title, jd_file_name: 'platform-engineer.pdf', salary_min: 9000, salary_max: 12000 });

    await page.goto(`${e2e.baseUrl}/projects`);
    await row(page, title).waitFor();
    await expect(row(page, title).innerText()).resolves.toContain(jobTitle.name);
    await expect(row(page, title).getByTestId('status-chip').innerText()).resolves.toBe('Active');

    // The settings panel edits the same fields.
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(title);
    await expect(settings.getByRole('combobox', { name: /^Project owner/ }).isEnabled()).resolves.toBe(true);
    await expect(settings.getByText('platform-engineer.pdf').count()).resolves.toBe(1);
    await settings.getByLabel(/^Project name/).fill(`${title} (lead)`);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    await row(page, `${title} (lead)`).waitFor();
  });

  it('A job description file the server cannot read is reported, and the project created is kept', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/projects?add_project=true`);
    const dialog = page.getByTestId('add-project-dialog');
    const title = `Unreadable file ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Job title/, jobTitle.name.slice(0, 6), jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', singapore.name);
    await dialog.getByLabel(/^From/).first().fill('1000');
    await dialog.getByLabel(/^To/).first().fill('2000');
    await page.getByTestId('jd-file-input').setInputFiles({
      name: 'not-really.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('this is not a PDF at all'),
    });
    await page.getByTestId('create-project').click();
    await dialog.getByTestId('add-project-error').waitFor();
    await expect(dialog.getByTestId('add-project-error').innerText()).resolves.toContain(
      'The project is created, but its job description file was not uploaded',
    );
    await expect(e2e.db.knex('projects').where('title', title).count({ n: '*' })).resolves.toEqual([{ n: 1 }]);
    await dialog.getByRole('button', { name: 'Open the project' }).click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
  });

  it('The list filters by status from the counts and the filter, and by text', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, null);
    const active = `Filter active ${run}`;
    const paused = `Filter paused ${run}`;
    await createProject(page, active);
    const p = await createProject(page, paused);
    const moved = await call(page, 'PUT', 'projects/update/project', { projectId: p.id, status: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    await page.goto(`${e2e.baseUrl}/projects`);
    await page.getByTestId('projects-search').fill(run);
    await page.waitForURL((url) => url.searchParams.get('q') === run);
    await row(page, active).waitFor();
    await row(page, paused).waitFor();

    await page.getByTestId('stats-Paused').click();
    await page.waitForURL((url) => url.searchParams.get('status') === '1');
    await expect.poll(() => row(page, active).count()).toBe(0);
    await row(page, paused).waitFor();
    await expect(row(page, paused).getByTestId('status-chip').innerText()).resolves.toBe('Paused');

    // Clicking the card again clears the status; the text narrows to one project.
    await page.getByTestId('stats-Paused').click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await page.getByTestId('projects-search').fill(active);
    await page.waitForURL((url) => url.searchParams.get('q') === active);
    await expect.poll(() => row(page, paused).count()).toBe(0);
    await row(page, active).waitFor();

    await page.getByTestId('projects-search').fill(`nothing like this ${run}`);
    await page.getByText('No projects match').waitFor();
  });

  it('A company admin shares a project with a member, who then sees it and not an unshared one', async () => {
    const owner = await signedIn('owner@acme.example.com', undefined, null);
    const shared = `Shared with Marcus ${run}`;
    const unshared = `Not shared ${run}`;
    const sharedProject = await createProject(owner, shared);
    const unsharedProject = await createProject(owner, unshared);
    await owner.goto(`${e2e.baseUrl}/projects?q=${run}`);
    await row(owner, shared).getByTestId('project-actions').click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const panel = owner.getByTestId('project-sharing');
    await panel.getByText('Admins always have access.').waitFor();
    await panel.locator('[data-user-email="owner@acme.example.com"]').getByText('Owner', { exact: true }).waitFor();
    await owner.getByRole('combobox', { name: 'Add a colleague' }).fill('Marcus');
    await owner.getByRole('option', { name: /member@acme\.example\.com/ }).click();
    await panel.getByTestId('share-add').click();
    await panel
      .locator('[data-user-email="member@acme.example.com"]')
      .getByRole('button', { name: /^Remove access of / })
      .waitFor();

    const member = await signedIn('member@acme.example.com', { width: 390, height: 844 }, `/projects?q=${run}`);
    await row(member, shared).waitFor();
    await expect(row(member, unshared).count()).resolves.toBe(0);
    // The row fits a phone: nothing scrolls sideways.
    const overflow = await member.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The member edits it, but its owner is fixed for them: only the company's Owners and Admins and the owner change it.
    await row(member, shared).getByTestId('project-actions').click();
    // Sharing is for the owner and the company's Owners and Admins: the member's menu does not offer it.
    await member.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await member.getByRole('menuitem', { name: 'Share' }).count()).toBe(0);
    await member.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = member.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(shared);
    await expect(settings.getByRole('combobox', { name: /^Project owner/ }).isDisabled()).resolves.toBe(true);
    await settings.getByText(/^Only the company's Owners and Admins can change it/).waitFor();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'hidden' });

    // The shared-project page shows the project to the member, and only that one.
    await followInApp(member, `/shared-project/${sharedProject.guid}`);
    await member.getByTestId('shared-project').getByRole('heading', { name: shared }).waitFor();
    await expect(member.getByTestId('open-shared-project').getAttribute('href')).resolves.toBe(
      `/project/${sharedProject.guid}`,
    );
    await followInApp(member, `/shared-project/${unsharedProject.guid}`);
    await member.getByText('This project is not shared with you').waitFor();
    await expect(member.getByText(unshared).count()).resolves.toBe(0);

    // Removing the member's access asks first; cancelling keeps it, confirming removes it.
    const memberRow = panel.locator('[data-user-email="member@acme.example.com"]');
    await memberRow.getByRole('button', { name: /^Remove access of / }).click();
    const confirm = owner.getByRole('dialog', { name: 'Remove access?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await memberRow.getByRole('button', { name: /^Remove access of / }).click();
    await confirm.getByRole('button', { name: 'Remove access' }).click();
    await memberRow.waitFor({ state: 'detached' });
  });

  it('A RaaS company admin chooses the project type first, seeing the balance and what each plan costs', async () => {
    const page = await signedIn('owner@raas.example.com', undefined, null);
    // The company's free slot is free: any open free project of its is closed first.
    const raas = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('company_id');
    await e2e.db
      .knex('projects')
      .where({ company_id: raas.company_id, plan: 1 })
      .whereNot('status', 3)
      .update({ status: 3 });
    await page.goto(`${e2e.baseUrl}/projects?add_project=true`);
    const dialog = page.getByTestId('add-project-dialog');
    await dialog.getByRole('heading', { name: 'Choose the project type' }).waitFor();
    await dialog.getByTestId('raas-balance').waitFor();
    await expect(dialog.getByTestId('raas-balance').innerText()).resolves.toMatch(/Your credit balance: \d/);
    await expect(dialog.getByTestId('plan-power').innerText()).resolves.toContain('1 credit per 30 days');
    await dialog.getByTestId('plan-power').click();
    await expect(dialog.getByTestId('plan-power').getAttribute('aria-checked')).resolves.toBe('true');
    await dialog.getByTestId('plan-continue').click();
    await dialog.getByRole('heading', { name: 'New project' }).waitFor();
    await expect(dialog.getByLabel(/^Project name/).count()).resolves.toBe(1);
    // The free plan asks for its confirmation.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByTestId('plan-free').click();
    await dialog.getByTestId('plan-continue').click();
    await dialog.getByText('I understand a free project has one slot').waitFor();
    // Closing the modal leaves the menu's flag behind.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${e2e.baseUrl}/projects`);

    // A free project is upgraded to Power from its settings, then cancelled for the end of its cycle.
    const title = `RaaS free ${run}`;
    await createProject(page, title, { plan: 1, freeProjectConfirmed: true });
    await page.reload();
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    // A copy of this open free project would need the free slot it holds: not offered, and the panel says why.
    await page
      .getByTestId('lifecycle-copy-blocked')
      .getByText(/needs your free slot/)
      .waitFor();
    expect(await page.getByTestId('lifecycle-duplicate').count()).toBe(0);
    await page.getByTestId('lifecycle-upgrade').click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Power?' })
      .getByRole('button', { name: /^Upgrade to Power/ })
      .click();
    await page.getByText('Project upgraded to Power').waitFor();
    await expect(e2e.db.knex('projects').where('title', title).first('plan')).resolves.toEqual({ plan: 2 });
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    // A Power copy is charged, and its confirmation says so before anything is taken.
    await page.getByTestId('lifecycle-duplicate').click();
    const copy = page.getByRole('dialog', { name: 'Duplicate this project?' });
    await copy.getByText(/1 credit is charged for its first 30-day cycle/).waitFor();
    await copy.getByRole('button', { name: 'Cancel' }).click();
    await copy.waitFor({ state: 'hidden' });
    await page.getByTestId('lifecycle-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this Power project?' });
    await cancel.getByRole('radio', { name: /At the end of the current cycle/ }).check();
    await cancel.getByRole('button', { name: 'Cancel project' }).click();
    await page.getByText('Project cancelled').waitFor();

    await expect(e2e.db.knex('projects').where('title', title).first('status', 'cancel_at_cycle_end')).resolves.toEqual(
      {
        status: 0,
        cancel_at_cycle_end: true,
      },
    );

    // A status change made while fields are edited keeps the edits in the panel, to be saved or discarded.
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(title);
    await settings.getByLabel(/^Project name/).fill(`${title} renamed`);
    await page.getByTestId('lifecycle-pause').click();
    await page.getByRole('dialog', { name: 'Pause this project?' }).getByRole('button', { name: 'Pause' }).click();
    await settings.getByText('Status: Paused').waitFor();
    await expect(settings.getByLabel(/^Project name/).inputValue()).resolves.toBe(`${title} renamed`);
    await settings.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Discard what you entered?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await settings.waitFor({ state: 'hidden' });
  });

  it('A RaaS company whose free slot is taken finds Free disabled with the reason, and the form stays calm until it is submitted', async () => {
    const page = await signedIn('owner@raas.example.com', undefined, null);
    const raas = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('company_id');
    await e2e.db
      .knex('projects')
      .where({ company_id: raas.company_id, plan: 1 })
      .whereNot('status', 3)
      .update({ status: 3 });
    await createProject(page, `RaaS slot ${run}`, { plan: 1, freeProjectConfirmed: true });
    await e2e.db
      .knex('companies')
      .where('id', raas.company_id)
      .update({ trial_ends_at: e2e.db.knex.raw("current_date + interval '10 days'") });

    await page.goto(`${e2e.baseUrl}/projects?add_project=true`);
    const dialog = page.getByTestId('add-project-dialog');
    const free = dialog.getByTestId('plan-free');
    await free.getByTestId('plan-blocked-reason').waitFor();
    await expect(free.innerText()).resolves.toContain('Your free project slot is taken by another open project');
    await expect(free.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByTestId('plan-power').getAttribute('aria-checked')).resolves.toBe('true');
    await dialog.getByTestId('plan-continue').click();
    await dialog.getByRole('heading', { name: 'New project' }).waitFor();
    // Nothing typed yet: no field is red.
    await expect(dialog.locator('.Mui-error').count()).resolves.toBe(0);
    await dialog.getByTestId('create-project').click();
    await expect.poll(() => dialog.locator('.Mui-error').count()).toBeGreaterThan(0);
  });

  it('A company user saves a search as a project, prefilled from the search, its query kept as the filters', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/search?jt=${jobTitle.id}`);
    await page.getByTestId('results').waitFor();
    await page.getByTestId('save-as-project').click();
    const dialog = page.getByTestId('add-project-dialog');
    await dialog.getByRole('heading', { name: 'New project' }).waitFor();
    await expect(dialog.getByRole('combobox', { name: /^Job title/ }).inputValue()).resolves.toBe(jobTitle.name);
    const title = `Saved search ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Hiring countries/, 'Singa', singapore.name);
    await dialog.getByLabel(/^From/).first().fill('4000');
    await dialog.getByLabel(/^To/).first().fill('6000');
    await dialog.getByLabel(/^Job description text/).fill('Join our team.');
    await page.getByTestId('create-project').click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
    const stored = await e2e.db.knex('projects').where('title', title).first('id', 'current_url');
    expect(stored?.current_url).toBe(`jt=${jobTitle.id}`);

    // A result goes into that project from the open-projects list.
    await followInApp(page, `/search?jt=${jobTitle.id}`);
    await page.getByTestId('result-card').first().getByTestId('add-to-project').click();
    const list = page.getByTestId('add-to-project-dialog');
    const item = list.locator(`[data-project-title="${title}"]`);
    await item.getByRole('button', { name: `Add ${title}` }).click();
    await page.getByText(`Added to ${title}`).waitFor();
    await item.getByText('Already in this project').waitFor();
    await expect(e2e.db.knex('project_candidates').where('project_id', stored?.id).count({ n: '*' })).resolves.toEqual([
      { n: 1 },
    ]);

    // The project's card and its Suggested tab name and count the same candidates.
    await followInApp(page, `/projects?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId('project-row').filter({ hasText: title });
    const onCard = card.locator('[data-stage="open"]');
    await expect(onCard.innerText()).resolves.toMatch(/^Suggested \d+$/);
    const suggested = Number((await onCard.innerText()).replace(/\D/g, ''));
    expect(suggested).toBeGreaterThan(0);
    await followInApp(page, `/project/${(await e2e.db.knex('projects').where('id', stored?.id).first('guid')).guid}`);
    await expect(page.getByTestId('tab-0').innerText()).resolves.toMatch(/Suggested/);
    await expect.poll(async () => Number(await page.getByTestId('count-0').innerText())).toBe(suggested);
  });
});
