/**
 * An order cancelled as expired, no bank transfer having come within BANK_TRANSFER_LIFETIME_DAYS (the real
 * expire_checkouts job), is told once: its buyer and the company's Owner each get one email naming the order (through
 * the mail outbox) and an `orderExpired` thread about it; running the job again tells nobody again, and an order
 * still within its lifetime tells nobody. Both a card checkout completed with its payment under way (bought by the
 * company's Admin) and an admin's order form (for a Member) are covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { listOutbox } from '../../backend/services/mail/outbox';
import { BANK_TRANSFER_LIFETIME_DAYS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { cardBuyer } from '../helpers/stripe';

const BUYER = 'owner@raas.example.com';
let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let admin: Client;
let owner: string;
let member: { id: number; email: string };

beforeAll(async () => {
  w = await cardBuyer('whsec_test_bank_transfer_expiry_notice');
  raas = client(w.t, await w.t.login(BUYER));
  admin = client(w.t, await w.t.login('admin@example.com'));
  const people = w.t.knex('company_users').where({ company_id: w.companyId, status: 1 });
  owner = (await people.clone().where('role', 0).first('email')).email as string;
  member = await people.clone().where('role', 2).first('id', 'email');
});
afterAll(() => w?.close());

const daysAgo = (days: number) => w.t.knex.raw(`now() - make_interval(days => ?)`, [days]);
async function expireJob() {
  await w.t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
  await runJobs(w.t);
}
/** The expiry emails `to` received about `orderNumber`. */
const expiryMails = async (to: string, orderNumber: string) =>
  (await listOutbox(w.t.knex, to, 500)).filter(
    (m) => m.subject === t('credits.emails.expired.subject', { orderNumber }) && m.text.includes(orderNumber),
  );

/** A card checkout completed with its payment under way since `days` days ago; answers its order number. */
async function awaitingCard(credits: number, days: number): Promise<string> {
  const { res, session } = await w.checkout(credits);
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  const completed = await w.notice('checkout.session.completed', session, {
    payment_status: 'unpaid',
    amount_total,
    currency,
  });
  expect(completed.body).toMatchObject({ awaiting: true });
  const orderNumber = res.body.orderNumber as string;
  await w.t
    .knex('sales_orders')
    .where('order_number', orderNumber)
    .update({ awaiting_payment_since: daysAgo(days), created_at: daysAgo(days) });
  return orderNumber;
}
/** An admin's order form for the Member, made `days` days ago; answers its order number. */
async function memberOrderForm(credits: number, days: number): Promise<string> {
  const made = await admin.post('/credit/sales-order', {
    companyId: `Company:${w.companyId}`,
    userId: `User:${member.id}`,
    noOfCredits: credits,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await w.t
    .knex('sales_orders')
    .where('order_number', made.body.orderNumber)
    .update({ created_at: daysAgo(days) });
  return made.body.orderNumber as string;
}

describe('An order cancelled as expired, no bank transfer having come', () => {
  it('emails its buyer and the Owner once, naming the order, and tells the buyer in the app; a young order tells nobody', async () => {
    const old = await awaitingCard(2, BANK_TRANSFER_LIFETIME_DAYS + 1);
    const young = await awaitingCard(1, BANK_TRANSFER_LIFETIME_DAYS - 1);

    await expireJob();
    await expireJob();

    const [mail] = await expiryMails(BUYER, old);
    expect(await expiryMails(BUYER, old)).toHaveLength(1);
    expect(mail.text).toContain(`within ${BANK_TRANSFER_LIFETIME_DAYS} days`);
    expect(mail.text).toContain('still arrives will be credited');
    expect(await expiryMails(owner, old)).toHaveLength(1);
    expect(await expiryMails(BUYER, young)).toHaveLength(0);
    expect(await expiryMails(owner, young)).toHaveLength(0);

    const threads = ((await raas.get('/notifications?filter=all')).body.data as { kind: string; title: string }[])
      .filter((n) => n.title.includes(old))
      .map((n) => n.kind);
    expect(threads).toEqual(['orderExpired']);
  });

  it('an order form emails the Member it was made for and the Owner once; a young one nobody', async () => {
    const old = await memberOrderForm(3, BANK_TRANSFER_LIFETIME_DAYS + 1);
    const young = await memberOrderForm(4, BANK_TRANSFER_LIFETIME_DAYS - 1);

    await expireJob();
    await expireJob();

    expect(await expiryMails(member.email, old)).toHaveLength(1);
    expect(await expiryMails(owner, old)).toHaveLength(1);
    expect(await expiryMails(BUYER, old)).toHaveLength(0);
    expect(await expiryMails(member.email, young)).toHaveLength(0);
  });
});
