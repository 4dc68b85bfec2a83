/**
 * The portal's projects screens for admins, in a real browser against the real server: a project
 * created for a company with its owner and advocate, bulk pause and delete, a project started from
 * a search result, and a WhatsApp qualify request sent to one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { call, createProject as createWith, pick, projectsWorld, row } from '../helpers/projectsE2E';

let e2e: E2E;
let jobTitle: { id: number; name: string };
let singapore: { id: number; name: string };
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  ({ jobTitle, singapore } = await projectsWorld(e2e));
});

const signedIn = (...args: Parameters<E2E['signIn']>) => e2e.signIn(...args);
const createProject = (page: Parameters<typeof call>[0], title: string, extra: Record<string, unknown> = {}) =>
  createWith(page, { jobTitle, singapore }, title, extra);

describe('The projects screens for admins', () => {
  it('An admin creates a project for a company with its owner and talent advocate, then pauses and deletes projects in bulk after confirming', async () => {
    const acme = (await e2e.db
      .knex('companies')
      .whereIn('id', e2e.db.knex('company_users').where('email', 'owner@acme.example.com').select('company_id'))
      .first('id', 'company_name')) as {
      id: number;
      company_name: string;
    };
    const advocate = (await e2e.db
      .knex('admins')
      .where({ role: 2, status: 1 })
      .orderBy('id')
      .first('id', e2e.db.knex.raw("trim(first_name || ' ' || last_name) as name"))) as { id: number; name: string };
    const page = await signedIn('admin@example.com', undefined, `/projects?add_project=true`);
    const dialog = page.getByTestId('add-project-dialog');
    const title = `Admin made ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Job title/, jobTitle.name.slice(0, 6), jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', singapore.name);
    await pick(page, /^Company/, acme.company_name.slice(0, 4), acme.company_name);
    await dialog.getByRole('combobox', { name: /^Project owner/ }).click();
    await page.getByRole('option', { name: /owner@acme\.example\.com/ }).click();
    await dialog.getByRole('combobox', { name: /^Talent advocate/ }).click();
    await page.getByRole('option', { name: advocate.name }).click();
    await dialog.getByLabel(/^From/).first().fill('3000');
    await dialog.getByLabel(/^To/).first().fill('5000');
    await dialog.getByLabel(/^Job description text/).fill('Run the analytics of our hiring.');
    await page.getByTestId('create-project').click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
    const owner = await e2e.db.knex('company_users').where('email', 'owner@acme.example.com').first('id');
    await expect(
      e2e.db.knex('projects').where('title', title).first('company_id', 'owner_id', 'advocate_id'),
    ).resolves.toEqual({
      company_id: acme.id,
      owner_id: owner.id,
      advocate_id: advocate.id,
    });

    const other = `Admin other ${run}`;
    await createProject(page, other, { companyId: acme.id });
    await page.goto(`${e2e.baseUrl}/projects?q=${encodeURIComponent(`Admin `)}`);
    for (const name of [title, other])
      await row(page, name)
        .getByRole('checkbox', { name: `Select ${name}` })
        .check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Change status' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Paused' }).click();
    await confirm.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Changed the status of 2 projects').waitFor();
    await expect.poll(() => row(page, title).getByTestId('status-chip').innerText()).toBe('Paused');

    for (const name of [title, other])
      await row(page, name)
        .getByRole('checkbox', { name: `Select ${name}` })
        .check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 2 projects').waitFor();
    await expect.poll(() => row(page, title).count()).toBe(0);
    await expect(e2e.db.knex('projects').whereIn('title', [title, other]).count({ n: '*' })).resolves.toEqual([
      { n: 0 },
    ]);
  });

  it('An admin starts a new project from a search result, and the project holds that candidate', async () => {
    const acme = (await e2e.db
      .knex('companies')
      .whereIn('id', e2e.db.knex('company_users').where('email', 'owner@acme.example.com').select('company_id'))
      .first('company_name')) as {
      company_name: string;
    };
    const page = await signedIn('admin@example.com', undefined, `/search?jt=${jobTitle.id}`);
    const card = page.getByTestId('result-card').first();
    await card.waitFor();
    const guid = await card.getAttribute('data-guid');
    await card.getByTestId('add-to-project').click();
    await page.getByTestId('new-project-with-candidate').click();
    const dialog = page.getByTestId('add-project-dialog');
    const title = `From one result ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Job title/, jobTitle.name.slice(0, 6), jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', singapore.name);
    await pick(page, /^Company/, acme.company_name.slice(0, 4), acme.company_name);
    await dialog.getByRole('combobox', { name: /^Project owner/ }).click();
    await page.getByRole('option', { name: /owner@acme\.example\.com/ }).click();
    await dialog.getByLabel(/^From/).first().fill('4000');
    await dialog.getByLabel(/^To/).first().fill('6000');
    await dialog.getByLabel(/^Job description text/).fill('Join our team.');
    await page.getByTestId('create-project').click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
    const held = await e2e.db
      .knex('project_candidates as pc')
      .join('projects as p', 'p.id', 'pc.project_id')
      .join('candidates as c', 'c.id', 'pc.candidate_id')
      .where('p.title', title)
      .pluck('c.guid');
    expect(held).toEqual([guid]);
  });

  it('An admin sends a WhatsApp qualify request to a search result, and the request is recorded for that candidate', async () => {
    const candidate = (await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true, anonymous: false })
      // A phone marked as WhatsApp: a qualify request goes to no other.
      .whereNotNull('phone')
      .where('phone_whatsapp', true)
      .orderBy('id')
      .offset(41)
      .first('id', 'guid', 'first_name', 'last_name')) as {
      id: number;
      guid: string;
      first_name: string;
      last_name: string;
    };
    const name = encodeURIComponent(`${candidate.first_name} ${candidate.last_name}`);
    const page = await signedIn('admin@example.com', undefined, `/search?ns=${name}`);
    const card = page.locator(`[data-testid="result-card"][data-guid="${candidate.guid}"]`);
    await card.waitFor();
    await card.getByTestId('qualify-request').click();
    const dialog = page.getByRole('dialog', { name: 'WhatsApp qualify request' });
    await dialog.getByLabel('Header').fill(`Quick question ${run}`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('snackbar').innerText()).resolves.toMatch(
      /Qualify request sent to 1 candidate(?![s(])/,
    );
    // Every request of this header, whoever it went to: a failure then says where the one sent went.
    const sent = await e2e.db
      .knex('qualify_requests')
      .where('header', 'like', `Quick question ${run}%`)
      .select('candidate_id', 'header', 'created_at');
    expect(sent, `candidate ${candidate.id}: ${JSON.stringify(sent)}`).toEqual([
      expect.objectContaining({ candidate_id: candidate.id, header: `Quick question ${run}` }),
    ]);
  });
});
