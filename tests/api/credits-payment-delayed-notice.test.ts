/**
 * A card payment the bank confirms later (Stripe's checkout completed with its payment under way) tells its buyer in
 * the app: a `paymentDelayed` thread, one per order, linked to the credits page with the order, raised with the
 * order's awaiting state (a repeated notice adds nothing). It follows the buyer's preference, offered on their
 * settings: "in the app" sends no email, "in the app and by email" one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { cardBuyer } from '../helpers/stripe';

const BUYER = 'owner@raas.example.com';
let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_payment_delayed_notice');
  raas = client(w.t, await w.t.login(BUYER));
});
afterAll(() => w?.close());

interface Thread {
  kind: string;
  title: string;
  link: string;
  events: number;
  unread: boolean;
}

/** The checkout of `credits`, completed by Stripe with its payment still under way; answers the order number. */
async function delayedCheckout(credits: number): Promise<string> {
  const { res, session } = await w.checkout(credits);
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  const notice = () =>
    w.notice('checkout.session.completed', session, { payment_status: 'unpaid', amount_total, currency });
  expect((await notice()).body).toMatchObject({ received: true, credited: false, awaiting: true });
  // Stripe may deliver it again: nothing more is told.
  expect((await notice()).body).toMatchObject({ received: true, credited: false, awaiting: false });
  return res.body.orderNumber as string;
}
const threadsOf = async (orderNumber: string) =>
  ((await raas.get('/notifications?filter=all')).body.data as Thread[]).filter((n) => n.title.includes(orderNumber));
const mailsAbout = async (orderNumber: string) =>
  (await listOutbox(w.t.knex, BUYER, 200)).filter((m) => `${m.subject}\n${m.text}`.includes(orderNumber));
const prefer = async (channel: 'inApp' | 'email') =>
  expect((await raas.put('/notification-preferences', { kind: 'paymentDelayed', channel })).status).toBe(200);

describe('A delayed card payment', () => {
  it("is offered on the buyer's settings, read in the app until they choose", async () => {
    const prefs = (await raas.get('/notification-preferences')).body.data as { kind: string; channel: string }[];
    expect(prefs.find((p) => p.kind === 'paymentDelayed')).toMatchObject({ channel: 'inApp' });
  });

  it('gives the buyer one thread linked to the credits page with the order, and no email in the app', async () => {
    await prefer('inApp');
    const orderNumber = await delayedCheckout(3);
    const threads = await threadsOf(orderNumber);
    expect(threads).toEqual([
      expect.objectContaining({
        kind: 'paymentDelayed',
        link: `/credits/company?order=${orderNumber}`,
        events: 1,
        unread: true,
      }),
    ]);
    expect(threads[0].title).toContain('3 credits');
    expect(await mailsAbout(orderNumber)).toEqual([]);
  });

  it('emails the buyer once who chose "in the app and by email"', async () => {
    await prefer('email');
    const orderNumber = await delayedCheckout(2);
    expect(await threadsOf(orderNumber)).toHaveLength(1);
    const mails = await mailsAbout(orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/credits/company?order=${orderNumber}`);
  });
});
