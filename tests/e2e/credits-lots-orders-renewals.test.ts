/**
 * In a real browser: an admin moves only the expiry of a lot a guarantee left holding a half credit;
 * a RaaS company back from a card checkout reads its order's state from the server (waiting for the
 * bank, paid, failed); a Power project cancelled for the end of its cycle is kept renewing, or
 * cancelled now.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, spendCredits } from '../../backend/features/credits';
import { expiryWindow } from '../../schema/rules/credits';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';
import { call, createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
let raas: { company_id: number; id: number };

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
  raas = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('company_id', 'id');
  await e2e.db.knex('companies').where('id', raas.company_id).update({ trial_ends_at: null });
});

describe('Credits and plans after the audit', () => {
  it('An admin moves only the expiry of a lot holding 36.5 credits', async () => {
    const lot = await e2e.db.knex.transaction(async (trx) => {
      const granted = await grantCredits(trx, {
        companyId: raas.company_id,
        amount: 37,
        source: 'admin',
        actor: 'system',
        expiryDate: expiryWindow().default,
      });
      // Pinned to this lot: every other lot of the company expires later.
      await trx('credit_lots')
        .where('company_id', raas.company_id)
        .whereNot('id', granted.lotId)
        .update({ expiry_date: expiryWindow().max });
      await spendCredits(trx, {
        companyId: raas.company_id,
        amount: 0.5,
        action: 'guaranteeCandidate',
        actor: 'system',
        idempotencyKey: `e2e-half-${Date.now()}`,
      });
      return granted.lotId as number;
    });
    expect(Number((await e2e.db.knex('credit_lots').where('id', lot).first('remaining')).remaining)).toBe(36.5);
    const page = await e2e.signIn('admin@example.com', undefined, '/credits/active-credits');
    await page.getByTestId('credit-lot').filter({ hasText: '36.5' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update credits' });
    await expect(dialog.getByTestId('no-of-credits').inputValue()).resolves.toBe('36.5');
    const later = expiryWindow().max;
    const expiry = dialog.getByRole('textbox', { name: /expir/i });
    await expiry.fill(formatDate(later) as string);
    await expiry.press('Tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /updated/i })
      .waitFor();
    await expect(
      e2e.db
        .knex('credit_lots')
        .where('id', lot)
        .first(e2e.db.knex.raw('remaining::float as remaining'), 'expiry_date'),
    ).resolves.toEqual({ remaining: 36.5, expiry_date: later });
  });

  it("A RaaS company back from a card checkout reads its order's state: waiting for the bank, then paid", async () => {
    const page = await e2e.signIn('owner@raas.example.com', undefined, '/credits/company');
    const bought = await call(page, 'POST', 'credit/instant-purchase/stripe', {
      companyId: `Company:${raas.company_id}`,
      userId: `User:${raas.id}`,
      noOfCredits: 2,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const orderNumber = bought.body.orderNumber as string;
    const session = new URL(bought.body.url as string, e2e.baseUrl).searchParams.get('test_checkout') as string;
    // The checkout completed with its payment under way, as Stripe tells of a bank debit.
    await e2e.db.knex('sales_orders').where('order_number', orderNumber).update({ awaiting_payment_since: new Date() });
    await page.goto(`${e2e.baseUrl}/credits/company?payment=success&order=${orderNumber}`);
    await page.getByTestId('payment-status').getByText('Waiting for your bank to confirm the payment').waitFor();

    expect((await call(page, 'POST', `credit/test-checkout/${session}/pay`)).status).toBe(200);
    await page.reload();
    await page
      .getByTestId('payment-status')
      .getByText(`Payment received: the 2 credits of order ${orderNumber}`)
      .waitFor();

    const other = await call(page, 'POST', 'credit/instant-purchase/stripe', {
      companyId: `Company:${raas.company_id}`,
      userId: `User:${raas.id}`,
      noOfCredits: 1,
    });
    await e2e.db
      .knex('sales_orders')
      .where('order_number', other.body.orderNumber as string)
      .update({ status: 2 });
    await page.goto(`${e2e.baseUrl}/credits/company?payment=success&order=${other.body.orderNumber}`);
    await page
      .getByTestId('payment-status')
      .getByText(/did not go through/)
      .waitFor();
  });

  it('A Power project cancelled for the end of its cycle is kept renewing, or cancelled now', async () => {
    const page = await e2e.signIn('owner@raas.example.com', undefined, '/projects');
    const title = `Keep renewing ${Date.now().toString(36)}`;
    const project = await createProject(page, world, title, { plan: 2 });
    expect((await call(page, 'POST', 'projects/cancel', { projectId: project.id, when: 'cycleEnd' })).status).toBe(200);
    await page.reload();
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByTestId('lifecycle-keepRenewing').click();
    await page
      .getByRole('dialog', { name: 'Keep this project renewing?' })
      .getByRole('button', { name: 'Keep renewing' })
      .click();
    await page.getByText('The project keeps renewing').waitFor();
    await expect(e2e.db.knex('projects').where('title', title).first('status', 'cancel_at_cycle_end')).resolves.toEqual(
      {
        status: 0,
        cancel_at_cycle_end: false,
      },
    );

    // Cancelled for the cycle's end again, then cancelled now.
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByTestId('lifecycle-cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this Power project?' });
    await cancel.getByRole('radio', { name: /At the end of the current cycle/ }).check();
    await cancel.getByRole('button', { name: 'Cancel project' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByTestId('lifecycle-cancelNow').click();
    await page
      .getByRole('dialog', { name: 'Cancel this project now?' })
      .getByRole('button', { name: 'Cancel now' })
      .click();
    await expect.poll(async () => (await e2e.db.knex('projects').where('title', title).first('status')).status).toBe(3);
  });
});
