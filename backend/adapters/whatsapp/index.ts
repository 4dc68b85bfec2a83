/**
 * WhatsApp through the WhatsApp Business Cloud API, behind a small interface: send a template
 * message (`POST {base}/{version}/{phoneNumberId}/messages` with a Bearer token, answering
 * `messages[0].id`), verify a webhook delivery (`X-Hub-Signature-256`: the HMAC-SHA256 of the raw
 * body with the app secret, compared in constant time) and answer the webhook verification
 * (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`). Without a token and phone number id
 * the adapter stores messages (they show in the development mailbox) and still verifies webhooks,
 * with a secret derived from APP_SECRET. In production without them WhatsApp is `unavailable`, as
 * card payment is without Stripe's keys: nothing is faked, qualify requests are refused (409
 * `whatsapp.errors.unavailable`), interview requests go by email alone and a queued message fails
 * with the reason (whatsappOutbox.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

export interface TemplateMessage {
  /** E.164 phone number, with or without the plus. */
  to: string;
  template: string;
  language: string;
  /** The template's components as the Cloud API takes them (header and body parameters). */
  components: unknown[];
}

export interface WhatsappAdapter {
  /** `local`: stored for the development mailbox; `unavailable`: production without credentials, nothing sent. */
  mode: 'cloud' | 'local' | 'unavailable';
  /**
   * 'stored' when no credentials are configured; otherwise the provider's message id, or 'unconfirmed' when the
   * provider may have taken the message without saying so (a 2xx without a message id or an unreadable one, a
   * timeout after the request went out): sending it again could deliver (and pay for) it twice. A refusal (a non-2xx
   * answer) or a connection never made throws a WhatsappError: nothing was sent, so trying again is safe.
   */
  send(
    message: TemplateMessage,
  ): Promise<{ outcome: 'sent'; id: string } | { outcome: 'stored' } | { outcome: 'unconfirmed'; reason: string }>;
  /** Whether the signature header matches the raw body. */
  verifySignature(rawBody: Buffer | string | undefined, header: string | undefined): boolean;
  /** The challenge to echo, or undefined when the verification request is not ours. */
  verifyChallenge(query: { mode?: string; token?: string; challenge?: string }): string | undefined;
  /** The app secret webhooks are signed with (tests and the local stand-in sign with it). */
  appSecret: string;
  verifyToken: string;
}

/** Why nothing goes by WhatsApp in production without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID. */
export const WHATSAPP_UNAVAILABLE =
  'Not sent: WhatsApp is not configured on this server (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID)';

/** A refusal: `status` is the provider's HTTP status, 0 when it was never reached. */
export class WhatsappError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
  }

  /**
   * Whether asking again cannot help: a 4xx other than 408 (timeout) and 429 (rate limit), such as a template the
   * provider does not know (400/404) or a token expired or not allowed (401/403). A 5xx, 408, 429 or no answer is
   * transient.
   */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Error codes of a connection that was never made: the request did not leave. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function notConnected(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === 'string' && NOT_CONNECTED.has(cause.code);
}

function errorText(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: unknown } };
  const code = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
  return `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}${code}`;
}

export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Production without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID: nothing may go (nor pretend to go) by WhatsApp. */
export const whatsappUnavailable = (config: Pick<Config, 'env' | 'whatsapp'>): boolean =>
  config.env === 'production' && !(config.whatsapp.token && config.whatsapp.phoneNumberId);

export function whatsappFor(config: Config): WhatsappAdapter {
  const settings = config.whatsapp;
  const appSecret =
    settings.appSecret ?? createHmac('sha256', config.secret).update('whatsapp-app-secret').digest('hex');
  const verifyToken =
    settings.verifyToken ??
    createHmac('sha256', config.secret).update('whatsapp-verify-token').digest('hex').slice(0, 32);
  const credentials =
    settings.token && settings.phoneNumberId
      ? { token: settings.token, phoneNumberId: settings.phoneNumberId }
      : undefined;
  return {
    mode: credentials ? 'cloud' : whatsappUnavailable(config) ? 'unavailable' : 'local',
    appSecret,
    verifyToken,
    async send(message) {
      if (!credentials && whatsappUnavailable(config)) throw new WhatsappError(WHATSAPP_UNAVAILABLE, 0);
      if (!credentials) return { outcome: 'stored' };
      const url = `${settings.apiUrl}/${settings.apiVersion}/${encodeURIComponent(credentials.phoneNumberId)}/messages`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${credentials.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: { name: message.template, language: { code: message.language }, components: message.components },
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        // No connection made (refused, unknown host): the provider never saw the message.
        if (notConnected(err)) throw new WhatsappError(`WhatsApp not reached: ${errorText(err)}`, 0);
        // A timeout or a connection lost once the request may have gone out: the provider may have taken it.
        return { outcome: 'unconfirmed', reason: `No answer from WhatsApp: ${errorText(err)}` };
      }
      let body: { messages?: { id?: string }[]; error?: { message?: string } } | undefined;
      try {
        body = (await res.json()) as typeof body;
      } catch {
        body = undefined;
      }
      if (!res.ok) throw new WhatsappError(body?.error?.message ?? `WhatsApp answered ${res.status}`, res.status);
      const id = body?.messages?.[0]?.id;
      if (typeof id !== 'string' || !id)
        return { outcome: 'unconfirmed', reason: `WhatsApp answered ${res.status} without a message id` };
      return { outcome: 'sent', id };
    },
    verifySignature(rawBody, header) {
      if (!rawBody || !header || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
      return sameText(signBody(appSecret, rawBody), header);
    },
    verifyChallenge({ mode, token, challenge }) {
      if (mode !== 'subscribe' || !token || !challenge || !sameText(token, verifyToken)) return undefined;
      return challenge;
    },
  };
}

/** What a webhook delivery tells: message statuses and the candidates' replies (text or a quick-reply button). */
export interface WebhookEvents {
  /** `error`: the first of a failed status's `errors[]` (its code and title), when it gives one. */
  statuses: { id: string; status: string; error?: { code?: number; title?: string } }[];
  /** `id` and `sentAt` (the provider's clock, in seconds) when the delivery gives them. */
  replies: { from: string; text: string; contextId?: string; payload?: string; id?: string; sentAt?: Date }[];
}

/** Reads the Cloud API's webhook payload (`entry[].changes[].value.{messages,statuses}`); unknown shapes give nothing. */
export function readWebhook(body: unknown): WebhookEvents {
  const events: WebhookEvents = { statuses: [], replies: [] };
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return events;
  for (const entry of entries.slice(0, 50)) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes.slice(0, 50)) {
      const value = (change as { value?: Record<string, unknown> })?.value;
      if (!value || typeof value !== 'object') continue;
      for (const s of Array.isArray(value.statuses) ? value.statuses.slice(0, 100) : []) {
        const { id, status, errors } = (s ?? {}) as { id?: unknown; status?: unknown; errors?: unknown };
        if (typeof id !== 'string' || typeof status !== 'string') continue;
        const first = (Array.isArray(errors) ? errors[0] : undefined) as
          { code?: unknown; title?: unknown } | undefined;
        const error = first && {
          code: typeof first.code === 'number' ? first.code : undefined,
          title: typeof first.title === 'string' ? first.title.slice(0, 300) : undefined,
        };
        events.statuses.push(error ? { id, status, error } : { id, status });
      }
      for (const m of Array.isArray(value.messages) ? value.messages.slice(0, 100) : []) {
        const msg = (m ?? {}) as Record<string, unknown>;
        if (typeof msg.from !== 'string') continue;
        const context = msg.context as { id?: unknown } | undefined;
        const button = msg.button as { text?: unknown; payload?: unknown } | undefined;
        const interactive = (msg.interactive as { button_reply?: { title?: unknown; id?: unknown } } | undefined)
          ?.button_reply;
        const text =
          (msg.text as { body?: unknown } | undefined)?.body ??
          button?.text ??
          interactive?.title ??
          (typeof button?.payload === 'string' ? button.payload : undefined);
        if (typeof text !== 'string') continue;
        const payload =
          typeof button?.payload === 'string'
            ? button.payload
            : typeof interactive?.id === 'string'
              ? interactive.id
              : undefined;
        const seconds =
          typeof msg.timestamp === 'string' && /^\d{1,12}$/.test(msg.timestamp) ? Number(msg.timestamp) : NaN;
        events.replies.push({
          from: msg.from,
          text: text.slice(0, 4000),
          contextId: typeof context?.id === 'string' ? context.id : undefined,
          payload,
          id: typeof msg.id === 'string' ? msg.id.slice(0, 200) : undefined,
          sentAt: Number.isFinite(seconds) ? new Date(seconds * 1000) : undefined,
        });
      }
    }
  }
  return events;
}
