/**
 * The console's confirmations name what they act on and its lists recover from a failed load:
 * - a company user deleted from their edit page is confirmed with the choice of who takes over their projects
 *   (as on their show page), and the chosen colleague then owns them;
 * - "Erase now" asks in a dialog naming the candidate, and nothing is erased when the admin goes back;
 * - the support inbox's status filter is labelled "Status", and its load error offers Retry, which loads the list;
 * - the alerts page groups its counts by thousands;
 * - a duplicate-queue page that fails to load shows none of the page before it and offers "Try again".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findTwins, refreshKeys } from '../../backend/features/duplicates';
import { seedConversation } from '../helpers/chat';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';

let e2e: E2E;
const stamp = Date.now();

beforeAll(async () => {
  e2e = await startE2E();
});

describe("The console's confirmations and retries", () => {
  it("offers the projects' transfer when a company user is deleted from their edit page", async () => {
    const { knex } = e2e.db;
    const member = await knex('company_users').where('email', 'member@acme.example.com').first('id', 'company_id');
    const owned = (await knex('projects').where('owner_id', member.id).pluck('id')) as number[];
    expect(owned.length).toBeGreaterThan(0);
    const [chosen] = await knex('company_users')
      .insert({
        email: `zoe.zhang.${stamp}@acme.example.com`,
        first_name: 'Zoe',
        last_name: 'Zhang',
        company_id: member.company_id,
        role: 2,
        status: 1,
      })
      .returning('id');

    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/(?!login)/);
    await page.goto(`${e2e.baseUrl}/admin/company-users/User%3A${member.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Transfer their projects to' }).click();
    await page.getByRole('option', { name: /Zoe Zhang/ }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/admin\/company-users(\?|$)/);
    await expect(knex('company_users').where('id', member.id).first('id')).resolves.toBeUndefined();
    await expect(knex('projects').whereIn('id', owned).pluck('owner_id')).resolves.toEqual(owned.map(() => chosen.id));
    await page.close();
  });

  it('names the candidate when asking to erase them now, and erases nobody on Back', async () => {
    const { knex } = e2e.db;
    const [candidate] = await knex('candidates')
      .insert({ first_name: 'Wilhelmina', last_name: 'Quast', email: `w.quast.${stamp}@example.org`, status: 1 })
      .returning('id');
    const due = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    const [request] = await knex('erasure_requests')
      .insert({ candidate_id: candidate.id, status: 1, source: 2, confirmed_at: new Date(), due_at: due })
      .returning('id');

    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, '/admin/erasure-requests');
    const row = page.getByRole('row').filter({ hasText: 'Wilhelmina Quast' });
    await row.getByRole('button', { name: 'Erase now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Erase Wilhelmina Quast?' }).waitFor();
    await dialog.getByText("The candidate's cooling-off period has not ended").waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await knex('erasure_requests').where('id', request.id).first('status')).status).toBe(1);
    expect((await knex('candidates').where('id', candidate.id).first('first_name')).first_name).toBe('Wilhelmina');
    await page.close();
  });

  it('labels the inbox status filter "Status" and retries a failed load', async () => {
    const project = await makeProject(e2e.db.knex, { title: `Inbox: Retry ${stamp}` });
    await seedConversation(e2e.db.knex, project, ['Are you there?']);
    const page = await e2e.signIn('admin@example.com', undefined, null);
    let failures = 1;
    await page.route(/\/api\/v1\/conversations\?/, async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, json: { message: 'Internal server error' } });
      return route.continue();
    });
    await page.goto(`${e2e.baseUrl}/admin/support-chat`);
    const status = page.getByRole('group', { name: 'Status', exact: true });
    await status.getByRole('button', { name: 'Resolved', exact: true }).waitFor();
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load the conversations.' });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: `Open the conversation with Acme about Inbox: Retry ${stamp}` }).waitFor();
    expect(await failed.count()).toBe(0);
    await page.close();
  });

  it("groups the alerts page's counts by thousands", async () => {
    const page = await e2e.signIn('admin@example.com', undefined, null);
    await page.route(/\/api\/v1\/alerts\/companies$/, (route) =>
      route.fulfill({
        json: {
          data: [
            {
              id: 'Company:1',
              companyName: 'Acme',
              subscriptions: 2345,
              emailing: 1000,
              news7: 12345,
              digests7: 6789,
              alertsOn: true,
            },
          ],
        },
      }),
    );
    await page.goto(`${e2e.baseUrl}/admin/alerts`);
    const row = page.getByTestId('alert-company');
    await row.getByRole('cell', { name: '12,345', exact: true }).waitFor();
    await expect(row.getByRole('cell', { name: '2,345 (1,000)', exact: true }).count()).resolves.toBe(1);
    await expect(row.getByRole('cell', { name: '6,789', exact: true }).count()).resolves.toBe(1);
    await page.close();
  });

  it('shows none of the page before a page that failed to load, and loads it on Try again', async () => {
    const { knex } = e2e.db;
    const made: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      for (const last of [`Pairson${i}`, `Pairsonn${i}`]) {
        const [{ id }] = await knex('candidates')
          .insert({
            first_name: 'Dupla',
            last_name: last,
            email: `${last}.${stamp}@example.org`.toLowerCase(),
            phone: `+65 6200 ${String(1000 + i)}`,
          })
          .returning('id');
        made.push(id as number);
      }
    }
    await refreshKeys(knex, made);
    await findTwins(knex, made);

    const page = await e2e.signIn('admin@example.com', undefined, '/admin/duplicates');
    const pairRows = page.getByRole('table', { name: 'Duplicates' }).getByRole('link', { name: 'Review' });
    await pairRows.first().waitFor();
    let failures = 1;
    await page.route(/\/api\/v1\/candidate-duplicates\?page=2&/, async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, json: { message: 'Internal server error' } });
      return route.continue();
    });
    await page.getByRole('button', { name: 'Next page' }).click();
    const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
    await failed.waitFor();
    expect(await pairRows.count()).toBe(0);

    await failed.getByRole('button', { name: 'Try again' }).click();
    await pairRows.first().waitFor();
    expect(await failed.count()).toBe(0);
    await page.close();
  });
});
