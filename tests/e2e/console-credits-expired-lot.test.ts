/**
 * A credit lot's page in the console offers no update (nor delete) once the lot expired: its credits left the
 * balance and the ledger refuses to update it (409 credits.errors.lotExpired). A lot still valid, through today,
 * keeps its actions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { formatDate } from '../../schema/rules/dates';
import { settled } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let acme: number;

beforeAll(async () => {
  e2e = await startE2E();
  const row = await e2e.db.knex('company_users').where('email', 'owner@acme.example.com').first('company_id');
  acme = row.company_id;
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const lotPage = (lotId: number | null) => `/admin/credits/${encodeURIComponent(`Credit:${lotId}`)}/show`;

describe("An expired credit lot's page in the console", () => {
  it('offers no Update credits once the lot expired; a valid lot still does', async () => {
    const valid = await e2e.db.knex.transaction((trx) =>
      grantCredits(trx, { companyId: acme, amount: 3, expiryDate: day(440), source: 'admin', actor: 'system' }),
    );
    const expired = await e2e.db.knex.transaction((trx) =>
      grantCredits(trx, { companyId: acme, amount: 5, expiryDate: day(441), source: 'admin', actor: 'system' }),
    );
    const yesterday = day(-1);
    await e2e.db.knex('credit_lots').where('id', expired.lotId).update({ expiry_date: yesterday });

    const page = await e2e.signIn('admin@example.com', undefined, lotPage(valid.lotId));
    await page.getByRole('button', { name: 'Update credits' }).waitFor();

    await page.goto(`${e2e.baseUrl}${lotPage(expired.lotId)}`);
    await page
      .getByText(formatDate(yesterday) as string)
      .first()
      .waitFor();
    // Its actions would come with the company's name and the admin's rights: once everything asked for answered.
    await settled(page, 500);
    expect(await page.getByRole('button', { name: 'Update credits' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete credits' }).count()).toBe(0);
  });
});
