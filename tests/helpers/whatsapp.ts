/**
 * A local stand-in of the WhatsApp Business Cloud API on loopback: it takes template messages at
 * `POST /{version}/{phoneNumberId}/messages` (Bearer token checked, answering `messages[0].id` as
 * the real API does) and sends webhook callbacks (statuses and replies) signed with
 * `X-Hub-Signature-256` to the product's webhook, as Meta does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { client } from './actors';
import { testApp } from './app';
import { activeCandidates } from './interviews';

export interface SentTemplate {
  path: string;
  authorization?: string;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    template: { name: string; language: { code: string }; components: unknown[] };
  };
  id: string;
}

export interface WhatsappStandIn {
  url: string;
  version: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  sent: SentTemplate[];
  /** Every POST to the messages path, answered or not. */
  posts: number;
  /**
   * One-shot answers: each POST to the messages path takes the first one left (its status and raw body) instead of
   * accepting the message, to play a provider refusing (503) or answering 200 without a message id (`{}`).
   */
  failNext: { status: number; body: string }[];
  /** Where callbacks go: the product's POST /api/v1/whatsapp/webhook. */
  webhookUrl?: string;
  /** Sends a delivery-status callback for a message; a failed one with the provider's `errors` (code and title). */
  status(
    messageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    errors?: { code: number; title: string }[],
  ): Promise<Response>;
  /**
   * Sends a candidate's reply, as text, optionally in reply to (context of) a message; `sent` gives the message's own id
   * and time (a new id and now unless told), to deliver one message twice or late.
   */
  reply(from: string, text: string, contextId?: string, sent?: { id?: string; at?: Date }): Promise<Response>;
  /** Posts any body with the given signature (a forged one, in tests). */
  post(body: string, signature?: string): Promise<Response>;
  close(): Promise<void>;
}

const envelope = (value: Record<string, unknown>) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '1000' }, ...value },
          },
        ],
      },
    ],
  });

export async function startWhatsappStandIn(
  options: { token?: string; appSecret?: string; phoneNumberId?: string; version?: string } = {},
): Promise<WhatsappStandIn> {
  const token = options.token ?? 'EAAG-test-token';
  const appSecret = options.appSecret ?? 'whatsapp-app-secret-for-tests';
  const phoneNumberId = options.phoneNumberId ?? '1000';
  const version = options.version ?? 'v21.0';
  const sent: SentTemplate[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.headers.authorization !== `Bearer ${token}`) {
        res.statusCode = 401;
        return res.end(
          JSON.stringify({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }),
        );
      }
      if (req.method !== 'POST' || req.url !== `/${version}/${phoneNumberId}/messages`) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } }));
      }
      standIn.posts += 1;
      const oneShot = standIn.failNext.shift();
      if (oneShot) {
        res.statusCode = oneShot.status;
        return res.end(oneShot.body);
      }
      let body: SentTemplate['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: 'Invalid JSON', code: 100 } }));
      }
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        !body.template?.name ||
        !/^\d{6,15}$/.test(body.to ?? '')
      ) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: '(#100) Invalid parameter', code: 100 } }));
      }
      const id = `wamid.${randomBytes(12).toString('hex')}`;
      sent.push({ path: req.url, authorization: req.headers.authorization, body, id });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const standIn: WhatsappStandIn = {
    url: `http://127.0.0.1:${port}`,
    version,
    phoneNumberId,
    token,
    appSecret,
    sent,
    posts: 0,
    failNext: [],
    post(body, signature) {
      if (!standIn.webhookUrl) throw new Error('set webhookUrl first');
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (signature !== undefined) headers['X-Hub-Signature-256'] = signature;
      return fetch(standIn.webhookUrl, { method: 'POST', headers, body });
    },
    status(messageId, status, errors) {
      const at = String(Math.floor(Date.now() / 1000));
      const body = envelope({
        statuses: [{ id: messageId, status, timestamp: at, recipient_id: '6500000000', ...(errors ? { errors } : {}) }],
      });
      return standIn.post(body, `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`);
    },
    reply(from, text, contextId, sent = {}) {
      const body = envelope({
        contacts: [{ profile: { name: 'Candidate' }, wa_id: from }],
        messages: [
          {
            from,
            id: sent.id ?? `wamid.${randomBytes(8).toString('hex')}`,
            timestamp: String(Math.floor((sent.at ?? new Date()).getTime() / 1000)),
            type: 'text',
            text: { body: text },
            ...(contextId ? { context: { from: phoneNumberId, id: contextId } } : {}),
          },
        ],
      });
      return standIn.post(body, `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  return standIn;
}

/**
 * The app with WhatsApp pointed at a stand-in, listening on loopback so the stand-in's callbacks reach its webhook:
 * the app, the stand-in, and `close` for the file's end.
 */
export async function whatsappApp() {
  const standIn = await startWhatsappStandIn();
  const t = await testApp();
  t.config.whatsapp = {
    apiUrl: standIn.url,
    apiVersion: standIn.version,
    token: standIn.token,
    phoneNumberId: standIn.phoneNumberId,
    appSecret: standIn.appSecret,
    verifyToken: 'verify-me',
  };
  const server: Server = t.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  standIn.webhookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1/whatsapp/webhook`;
  const close = async () => {
    await new Promise((r) => server.close(r));
    await standIn.close();
    await t.knex.destroy();
  };
  return { t, standIn, close };
}

/**
 * `whatsappApp` with the admin signed in and one active candidate with a phone (the `skip`th on, so files do not
 * share one) moved to Singapore, its phone stored as the national `phone` (no country code) and marked WhatsApp.
 */
export async function nationalPhoneWorld(phone: string, skip: number) {
  const { t, standIn, close } = await whatsappApp();
  const admin = client(t, await t.login('admin@example.com'));
  const [c] = await activeCandidates(t.knex, 1, { withPhone: true, skip });
  const sg = await t.knex('cities').where('code', 'SG').orderBy('id').first('id');
  await t.knex('candidates').where('id', c).update({ phone, phone_whatsapp: true, current_location_id: sg.id });
  return { t, standIn, close, admin, c };
}
