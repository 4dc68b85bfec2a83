/**
 * An invitee who has not accepted yet and signs in with an emailed code reads, on the login page, that
 * they have an invitation to join their company and how to use it, not that an approval is pending.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const INVITEE = 'invitee.e2e@acme.example.com';

beforeAll(async () => {
  e2e = await startE2E();
  const acme = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
  const [user] = await e2e.db
    .knex('company_users')
    .insert({ company_id: acme.id, email: INVITEE, role: 2, status: 0 })
    .returning('id');
  await e2e.db
    .knex('invitations')
    .insert({ company_user_id: user.id, company_id: acme.id, email: INVITEE, role: 2, sent_at: new Date() });
});

describe('The login page and an invitee who has not accepted yet', () => {
  it('shows the invitation refusal after the code', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill(INVITEE);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(INVITEE));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(
        "You have an invitation to join Acme: open the link in the invitation email, or ask your team's admin to send it again",
      )
      .waitFor();
    expect(await page.getByText('Your account is pending approval').count()).toBe(0);
    expect(page.url()).toBe(`${e2e.baseUrl}/auth/login`);
  });
});
