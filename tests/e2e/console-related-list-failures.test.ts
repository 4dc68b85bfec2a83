/**
 * A related list on a record's screen (a company's users on its edit page) whose read fails, in a real browser: it says
 * the users could not be loaded and why, with Try again, never "No users yet" (the admin would believe there are
 * none); Try again shows the rows. With nothing failing, a company with no users still says "No users yet".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

const SERVER = 'The server ran into a problem. Try again in a moment.';
const OFFLINE = 'The server could not be reached: check your connection, then try again.';
const EMPTY = 'No users yet';

/** Fails the first request for the company's users (a 500, or no answer at all), then lets the next ones through. */
async function failUsersOnce(page: Page, how: 'server' | 'network') {
  let left = 1;
  await page.route(/\/api\/v1\/company-users\?/, (route) => {
    if (route.request().method() !== 'GET' || left-- <= 0) return route.continue();
    return how === 'server'
      ? route.fulfill({ status: 500, json: { error: { code: 'errors.internalServerError' } } })
      : route.abort('failed');
  });
}

/** A company with people, and the name of one of them as its users list shows it. */
async function companyWithUsers() {
  const user = await e2e.db
    .knex('company_users')
    .join('companies', 'companies.id', 'company_users.company_id')
    .whereNotNull('company_users.first_name')
    .first('company_users.company_id', 'company_users.email');
  return { id: user.company_id as number, email: user.email as string };
}

const usersSection = (page: Page) => page.getByRole('region', { name: 'Users' });

describe("A company's users list when its read fails", () => {
  for (const [how, reason] of [
    ['server', SERVER],
    ['network', OFFLINE],
  ] as const) {
    it(`says the users could not be loaded (${how}) with Try again, never "${EMPTY}", then shows them`, async () => {
      const company = await companyWithUsers();
      const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
      await failUsersOnce(page, how);
      await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
      const failed = usersSection(page).getByRole('alert').filter({ hasText: 'Could not load the users' });
      await failed.waitFor({ timeout: 15_000 });
      await failed.getByText(reason).waitFor();
      await expect(page.getByText(EMPTY).count()).resolves.toBe(0);

      await failed.getByRole('button', { name: 'Try again' }).click();
      await usersSection(page).getByText(company.email).waitFor({ timeout: 15_000 });
      await expect(failed.count()).resolves.toBe(0);
      await expect(page.getByText(EMPTY).count()).resolves.toBe(0);
      await page.close();
    }, 60_000);
  }

  it(`still says "${EMPTY}" for a company without users when nothing failed`, async () => {
    const [company] = await e2e.db
      .knex('companies')
      .insert({ company_name: 'Nobody Here Yet', company_type: 4, status: 1 })
      .returning('id');
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    await usersSection(page).getByText(EMPTY).waitFor({ timeout: 15_000 });
    await expect(page.getByText('Could not load the users').count()).resolves.toBe(0);
    await page.close();
  }, 60_000);
});
