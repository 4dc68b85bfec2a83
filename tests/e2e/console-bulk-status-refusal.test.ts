/**
 * A console bulk status change the server refuses is toasted with the refusal's own words, not the generic
 * "Some fields need your attention": an admin deactivating a list that includes themself
 * (status.errors.self), and one changing a pending invitee's status (users.errors.pendingInvitation).
 * Nothing changes: the server applies a bulk change to every row or none.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** Selects the rows showing these emails, and applies the status `label` to them. */
async function bulkStatus(page: Page, emails: string[], label: string) {
  for (const email of emails) await page.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
  await page.getByText(`${emails.length} item${emails.length > 1 ? 's' : ''} selected`).waitFor();
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the status of ${emails.length} selected` });
  await dialog.getByLabel(label, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

describe('Refused console bulk status changes', () => {
  it('An admin deactivating a list that includes themself is told they cannot change their own status', async () => {
    const emails = ['admin@example.com', 'advocate@example.com'];
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/admins?filter=%7B%7D');
    await page.getByRole('row').filter({ hasText: emails[1] }).waitFor();
    await bulkStatus(page, emails, 'Inactive');

    await page.getByText('You cannot change your own status').waitFor();
    await expect(page.getByText('Some fields need your attention').count()).resolves.toBe(0);
    await expect(e2e.db.knex('admins').whereIn('email', emails).pluck('status')).resolves.toEqual([1, 1]);
  });

  it('An admin changing the status of a pending invitee is told the invitation is not accepted yet', async () => {
    // A colleague invited and not yet accepted (pending, status 0).
    const [pending] = await e2e.db
      .knex('company_users')
      .where('email', 'like', '%@globex.example.com')
      .where('status', 1)
      .orderBy('id')
      .limit(1)
      .pluck('email');
    await e2e.db.knex('company_users').where('email', pending).update({ status: 0 });
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/company-users?filter=%7B%7D');
    await page.getByPlaceholder('Search', { exact: true }).fill(pending);
    await page.getByRole('row').filter({ hasText: pending }).waitFor();
    await bulkStatus(page, [pending], 'Active');

    await page.getByText('This user has not accepted the invitation yet').waitFor();
    await expect(page.getByText('Some fields need your attention').count()).resolves.toBe(0);
    await expect(e2e.db.knex('company_users').where('email', pending).first('status')).resolves.toEqual({ status: 0 });
  });
});
