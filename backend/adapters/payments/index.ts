/**
 * Card payments through Stripe Checkout, behind a small interface: create a hosted checkout for an
 * order, and verify a webhook's signature. With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET the real
 * `stripe` SDK talks to Stripe (or to STRIPE_API_URL, a local stand-in in tests). Without them the
 * product runs in test mode: checkouts open the portal's clearly marked test checkout (on the credits page), whose
 * Pay button has the server sign a `checkout.session.completed` event with the SDK's test-header
 * helper and a local secret, and hand it to the same webhook path Stripe's deliveries take; the same
 * signer (`signTestEvent`) makes any other notice, such as `charge.refunded` or a dispute. In
 * production without the keys card payment is unavailable: the calls answer 409, nothing is faked.
 */
import { randomBytes, createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { t } from '../../../i18n';
import type { Config } from '../../config';

export { minorUnitDigits, toMinorUnits } from './currency';

export interface CheckoutRequest {
  orderId: number;
  orderNumber: string;
  quantity: number;
  /** The order's total in Stripe's minor unit of the currency (`toMinorUnits`: cents, yen, fils). */
  amountMinor: number;
  currency: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentAdapter {
  /** `unavailable`: production without Stripe keys; card payment is refused, never faked. */
  mode: 'stripe' | 'test' | 'unavailable';
  createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The verified event, or throws when the signature does not match the raw body. */
  verifyWebhook(rawBody: Buffer | string, signature: string): Stripe.Event;
  /**
   * Stripe mode: what the provider holds for a checkout (asked when a notice does not state its
   * amount or payment intent).
   */
  retrieveCheckout?(
    id: string,
  ): Promise<{ amountTotal: number | null; currency: string | null; paymentIntent: string | null }>;
  /**
   * Stripe mode: the charge of a payment intent as the provider holds it now (its amount and what
   * is refunded of it so far, in minor units), or null before it is charged; asked when a payment is
   * credited, since a refund may have been made, and its notice come, before the paid notice did.
   */
  chargeOf?(paymentIntent: string): Promise<PaymentCharge | null>;
  /**
   * Stripe mode: expires a checkout session at the provider so nobody can pay it any more (POST
   * /v1/checkout/sessions/:id/expire), and answers the session as the provider then holds it. Stripe
   * expires only an `open` session and refuses any other (already complete, or expired): the session is
   * then read back, so a complete one shows whether it was paid. A provider that cannot be reached throws.
   */
  expireCheckout?(id: string): Promise<HeldCheckout>;
  /** Test mode only: a signed `checkout.session.completed` for a session, as Stripe would send it. */
  signTestCompletion?(session: { id: string; orderId: number; amountMinor: number; currency: string }): SignedNotice;
  /** Test mode only: any event `type` about `object` (a Charge, a Dispute...), signed as Stripe signs it. */
  signTestEvent?(type: string, object: Record<string, unknown>): SignedNotice;
}

/** A checkout session as the provider holds it; `status` null when it holds no such session. */
export interface HeldCheckout {
  id: string;
  /** 'open', 'complete' or 'expired' as Stripe names them. */
  status: string | null;
  paymentStatus: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentIntent: string | null;
}

export interface PaymentCharge {
  id: string;
  amount: number;
  amountRefunded: number;
  currency: string;
}

export interface SignedNotice {
  payload: string;
  signature: string;
}

/** A Checkout Session's payment intent: an id, or the object when expanded. */
export function paymentIntentOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : null;
}

function sdk(secretKey: string, apiUrl?: string): Stripe {
  const base = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

const heldOf = (session: Stripe.Checkout.Session): HeldCheckout => ({
  id: session.id,
  status: session.status,
  paymentStatus: session.payment_status,
  amountTotal: session.amount_total,
  currency: session.currency,
  paymentIntent: paymentIntentOf(session.payment_intent),
});

/** Stripe refused the request as such (a 4xx about it), as opposed to not being reached or failing itself. */
const refused = (err: unknown) => (err as { type?: string }).type === 'StripeInvalidRequestError';

function stripeAdapter(settings: NonNullable<Config['credits']['stripe']>): PaymentAdapter {
  const stripe = sdk(settings.secretKey, settings.apiUrl);
  return {
    mode: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(req.orderId),
          metadata: { orderId: String(req.orderId), orderNumber: req.orderNumber },
          customer_email: req.customerEmail ?? undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amountMinor,
                product_data: {
                  name: t('credits.orderForm.checkoutItem', {
                    quantity: req.quantity,
                    orderNumber: req.orderNumber,
                  }),
                },
              },
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        // One order opens one checkout, however often the button is pressed.
        { idempotencyKey: `checkout-${req.orderNumber}` },
      );
      if (!session.url) throw new Error('Stripe answered without a checkout url');
      return { id: session.id, url: session.url };
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
    async retrieveCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return {
        amountTotal: session.amount_total,
        currency: session.currency,
        paymentIntent: paymentIntentOf(session.payment_intent),
      };
    },
    async expireCheckout(id) {
      try {
        return heldOf(await stripe.checkout.sessions.expire(id));
      } catch (err) {
        // Not open any more (complete or expired): what it is decides what the order becomes.
        if (!refused(err)) throw err;
      }
      try {
        return heldOf(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (refused(err) && (err as { statusCode?: number }).statusCode === 404)
          return { id, status: null, paymentStatus: null, amountTotal: null, currency: null, paymentIntent: null };
        throw err;
      }
    },
    async chargeOf(paymentIntent) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') return null;
      return {
        id: charge.id,
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
        currency: charge.currency,
      };
    },
  };
}

function testAdapter(config: Config): PaymentAdapter {
  // The SDK's webhook helpers need no network; the key is never used to call Stripe.
  const stripe = new Stripe('sk_test_local_mode', { maxNetworkRetries: 0, telemetry: false });
  const secret = `whsec_${createHmac('sha256', config.secret).update('local-test-checkout').digest('hex')}`;
  function signTestEvent(type: string, object: Record<string, unknown>): SignedNotice {
    const payload = JSON.stringify({
      id: `evt_test_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }
  return {
    mode: 'test',
    async createCheckout() {
      const id = `cs_test_local_${randomBytes(12).toString('hex')}`;
      // Relative: the test checkout is a page of this same server, whatever address it is reached at.
      return { id, url: `/credits/company?test_checkout=${id}` };
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    },
    signTestEvent,
    signTestCompletion(session) {
      return signTestEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: String(session.orderId),
        metadata: { orderId: String(session.orderId) },
        payment_status: 'paid',
        status: 'complete',
        amount_total: session.amountMinor,
        currency: session.currency.toLowerCase(),
        // Stable per session, as Stripe's is: the refunds of this payment name it.
        payment_intent: `pi_test_local_${createHmac('sha256', secret).update(session.id).digest('hex').slice(0, 24)}`,
      });
    },
  };
}

/** Production without keys: no checkout opens and no notice is believed (the order form still works). */
function unavailableAdapter(): PaymentAdapter {
  return {
    mode: 'unavailable',
    async createCheckout() {
      throw new Error('card payment is not configured');
    },
    verifyWebhook() {
      throw new Error('card payment is not configured');
    },
  };
}

export function paymentsFor(config: Config): PaymentAdapter {
  if (config.credits.stripe) return stripeAdapter(config.credits.stripe);
  // The local test checkout credits orders for free: it exists only outside production.
  return config.env === 'production' ? unavailableAdapter() : testAdapter(config);
}
