/**
 * A local stand-in of the Stripe API on loopback, enough for Checkout: POST /v1/checkout/sessions
 * (form-encoded, answering the same session for a repeated Idempotency-Key),
 * GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire (as Stripe: only an `open` session
 * expires, any other is refused 400 invalid_request_error naming its status; an unknown one 404),
 * GET /v1/payment_intents/:id (its `latest_charge` expanded when
 * asked, `expand[]=latest_charge`) and GET /v1/charges/:id. The real `stripe` SDK is pointed at it
 * with STRIPE_API_URL. `pay(session)` completes a session as the buyer paying would (payment_status
 * 'paid', a payment intent and its charge); `refund(paymentIntent, amount)` refunds that much more
 * of its charge, as support does in Stripe's dashboard, and answers the Charge a `charge.refunded`
 * notice carries; `completeUnpaid(session)` completes it with its payment still under way (a bank debit);
 * `unreachable` set, every connection is dropped unanswered, as a provider that cannot be reached; `failRefund(paymentIntent, amount)` has such a refund fail (or be cancelled): as
 * Stripe does, the charge's amount_refunded is lowered by it again; `cardBuyer` signs any notice as Stripe does, the charge's refunds and disputes included.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { client, type Client } from './actors';
import { testApp } from './app';

export interface StripeStandIn {
  url: string;
  sessions: Map<string, Record<string, unknown>>;
  requests: { method: string; path: string; idempotencyKey?: string; body: URLSearchParams }[];
  /** Charges by id, as Stripe's Charge objects. */
  charges: Map<string, Record<string, unknown>>;
  /** Completes a session as the buyer paying would: paid, complete, with its payment intent and charge. */
  pay(session: string): Record<string, unknown>;
  /** Completes a session with its payment still under way (a bank debit Stripe confirms later): complete, unpaid. */
  completeUnpaid(session: string): Record<string, unknown>;
  /** While true, every connection is dropped unanswered (the SDK raises a connection error). */
  unreachable: boolean;
  /** Refunds `amount` (minor units) more of the payment intent's charge; answers the Charge as it now stands. */
  refund(paymentIntent: string, amount: number): Record<string, unknown>;
  /** A refund of `amount` (minor units) of the payment intent's charge failed: its amount_refunded is lowered again; answers the Charge. */
  failRefund(paymentIntent: string, amount: number): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const charges = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const requests: StripeStandIn['requests'] = [];
  const state = { unreachable: false };
  const server: Server = createServer((req, res) => {
    if (state.unreachable) return req.socket.destroy();
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey, body });
      res.setHeader('Content-Type', 'application/json');
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        res.statusCode = 401;
        return res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        );
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const existing = idempotencyKey && byKey.get(idempotencyKey);
        if (existing) return res.end(JSON.stringify(sessions.get(existing)));
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: body.get('mode'),
          client_reference_id: body.get('client_reference_id'),
          metadata: { orderId: body.get('metadata[orderId]'), orderNumber: body.get('metadata[orderNumber]') },
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          currency: body.get('line_items[0][price_data][currency]'),
          success_url: body.get('success_url'),
          cancel_url: body.get('cancel_url'),
          payment_status: 'unpaid',
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        if (idempotencyKey) byKey.set(idempotencyKey, id);
        return res.end(JSON.stringify(session));
      }
      const url = new URL(req.url ?? '/', 'http://stand.in');
      const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m && sessions.has(m[1])) return res.end(JSON.stringify(sessions.get(m[1])));
      const ex = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
      const expiring = req.method === 'POST' && ex ? sessions.get(ex[1]) : undefined;
      if (expiring && expiring.status !== 'open') {
        res.statusCode = 400;
        const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(expiring.status)}".`;
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
      }
      if (expiring) return res.end(JSON.stringify(Object.assign(expiring, { status: 'expired' })));
      const pi = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pi && intents.has(pi[1])) {
        const intent = intents.get(pi[1])!;
        const expand = [...url.searchParams].some(([k, v]) => k.startsWith('expand') && v === 'latest_charge');
        const latest = intent.latest_charge as string;
        return res.end(JSON.stringify(expand ? { ...intent, latest_charge: charges.get(latest) } : intent));
      }
      const ch = /^\/v1\/charges\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && ch && charges.has(ch[1])) return res.end(JSON.stringify(charges.get(ch[1])));
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get unreachable() {
      return state.unreachable;
    },
    set unreachable(value: boolean) {
      state.unreachable = value;
    },
    sessions,
    charges,
    requests,
    pay: (id: string) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      if (!session.payment_intent) {
        const suffix = randomBytes(8).toString('hex');
        const [intentId, chargeId] = [`pi_test_${suffix}`, `ch_test_${suffix}`];
        const { amount_total: amount, currency } = session;
        charges.set(chargeId, {
          id: chargeId,
          object: 'charge',
          payment_intent: intentId,
          amount,
          amount_captured: amount,
          amount_refunded: 0,
          currency,
          paid: true,
          refunded: false,
          disputed: false,
          status: 'succeeded',
        });
        intents.set(intentId, {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          currency,
          status: 'succeeded',
          latest_charge: chargeId,
        });
        session.payment_intent = intentId;
      }
      Object.assign(session, { payment_status: 'paid', status: 'complete' });
      return session;
    },
    completeUnpaid: (id: string) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      return Object.assign(session, { payment_status: 'unpaid', status: 'complete' });
    },
    refund: (paymentIntent: string, amount: number) => {
      const charge = charges.get(intents.get(paymentIntent)?.latest_charge as string);
      if (!charge) throw new Error(`no charge of ${paymentIntent}`);
      const refunded = Math.min(Number(charge.amount), Number(charge.amount_refunded) + amount);
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
      return { ...charge };
    },
    failRefund: (paymentIntent: string, amount: number) => {
      const charge = charges.get(intents.get(paymentIntent)?.latest_charge as string);
      if (!charge) throw new Error(`no charge of ${paymentIntent}`);
      const refunded = Math.max(0, Number(charge.amount_refunded) - amount);
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
      return { ...charge };
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * A RaaS company's owner buying credits by card against the Stripe stand-in, with notices signed by `webhookSecret`:
 * the app, the stand-in, the buyer and the calls the card-payment tests make.
 */
export async function cardBuyer(webhookSecret: string) {
  const stripe = new Stripe('sk_test_standin', { telemetry: false });
  const standIn = await startStripeStandIn();
  const t = await testApp();
  t.config.credits = {
    ...t.config.credits,
    stripe: { secretKey: 'sk_test_standin', webhookSecret, apiUrl: standIn.url },
  };
  const raas = client(t, await t.login('owner@raas.example.com'));
  const owner = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  /** A payload delivered to the webhook as Stripe delivers it, signed with `secret`. */
  const deliver = (payload: string, secret: string) =>
    t.http
      .post('/api/v1/credit/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripe.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload);
  return {
    t,
    standIn,
    companyId: owner.company_id as number,
    balance: async () => (await raas.get('/credit/balance')).body.balance as number,
    statusOf: async (session: string) =>
      (await t.knex('sales_orders').where('checkout_session_id', session).first('status')).status as number,
    /** A card checkout for `noOfCredits`: the answer and its session id. */
    checkout: async (noOfCredits: number) => {
      const res = await raas.post('/credit/instant-purchase/stripe', {
        companyId: `Company:${owner.company_id}`,
        userId: `User:${owner.id}`,
        noOfCredits,
      });
      if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
      return { res, session: (res.body.url as string).split('/').pop() as string };
    },
    /** A signed notice of `type` about checkout session `session` with the fields given. */
    notice: (type: string, session: string, fields: Record<string, unknown>) => {
      const object = { id: session, object: 'checkout.session', status: 'complete', ...fields };
      const payload = JSON.stringify({
        id: `evt_${type}_${JSON.stringify(object)}`,
        object: 'event',
        type,
        data: { object },
      });
      return deliver(payload, webhookSecret);
    },
    /** Any signed event of `type` about `object`, delivered to the webhook as Stripe delivers it. */
    event: (type: string, object: Record<string, unknown>, secret = webhookSecret) => {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        data: { object },
      });
      return deliver(payload, secret);
    },
    close: async () => {
      await standIn.close();
      await t.knex.destroy();
    },
  };
}

/**
 * An admin (`admin`) grants company `companyId` `credits` credits expiring `days` days from now, as a separate lot;
 * answers the lot's id. Give each grant its own expiry: the same add within two minutes is refused as a repeat.
 */
export async function adminGrantedLot(admin: Client, companyId: number, days: number, credits = 10): Promise<number> {
  const expiryDate = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const grant = await admin.post('/credit', { companyId: `Company:${companyId}`, noOfCredits: credits, expiryDate });
  expect(grant.status, JSON.stringify(grant.body)).toBe(201);
  return Number(String(grant.body.creditDataId).replace(/^\D+:/, ''));
}

export type CardBuyer = Awaited<ReturnType<typeof cardBuyer>>;

/** A card checkout of `credits` paid at the stand-in and noticed as paid: the order, its payment intent and amount. */
export async function paidCardOrder(w: CardBuyer, credits: number) {
  const { res, session } = await w.checkout(credits);
  const held = w.standIn.pay(session) as { amount_total: number; currency: string; payment_intent: string };
  const notice = await w.notice('checkout.session.completed', session, {
    payment_status: 'paid',
    amount_total: held.amount_total,
    currency: held.currency,
  });
  expect(notice.body).toMatchObject({ received: true, credited: true });
  const order = await w.t.knex('sales_orders').where('order_number', res.body.orderNumber).first();
  return { order, paymentIntent: held.payment_intent, amount: held.amount_total, currency: held.currency };
}
export type PaidCardOrder = Awaited<ReturnType<typeof paidCardOrder>>;

/** Stripe's refund.failed about refund `id` of `amount` (minor units) of the order's charge. */
export const refundFailedNotice = (w: CardBuyer, p: PaidCardOrder, id: string, amount: number) =>
  w.event('refund.failed', {
    id,
    object: 'refund',
    amount,
    charge: `ch_${p.paymentIntent.slice(3)}`,
    payment_intent: p.paymentIntent,
    currency: p.currency,
    status: 'failed',
    failure_reason: 'expired_or_canceled_card',
  });
