/** Outside production: the outbox as JSON and as a page, so sign-in codes can be read without SMTP. */
import { Router } from 'express';
import type { Config } from '../../config';
import { listOutbox } from '../../services/mail/outbox';
import { listWhatsapp } from '../interviews';
import { formatDateTime } from '../../../schema/rules/dates';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function devApiRouter(): Router {
  const router = Router();
  router.get('/outbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.json(await listOutbox(req.ctx.knex, to));
  });
  router.get('/whatsapp', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.json(await listWhatsapp(req.ctx.knex, to));
  });
  return router;
}

export function mailboxPage(): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const mails = await listOutbox(req.ctx.knex, undefined, 50);
    const whatsapp = await listWhatsapp(req.ctx.knex, undefined, 20);
    const items = mails
      .map(
        (m) =>
          `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(formatDateTime(m.createdAt) ?? '')}</span></header><pre>${escape(m.text)}</pre></article>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox | ${escape(req.ctx.config.productName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1f2937}main{max-width:820px;margin:0 auto;padding:24px}
article{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;margin:0 0 16px;padding:16px}header{display:flex;flex-direction:column;gap:4px;margin-bottom:8px}
header span{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body><main><h1>Development mailbox</h1><p>Every email the product sent, newest first. Shown only outside production.</p>
${items || '<p>No emails yet. Ask for a sign-in code on the login page and it appears here.</p>'}
${whatsapp.length ? `<h2>WhatsApp messages</h2>${whatsapp.map((w) => `<article><header><strong>WhatsApp · ${escape(w.template)}</strong><span>to ${escape(w.to)} · ${escape(formatDateTime(w.createdAt) ?? '')}</span>${w.error ? `<span>${escape(w.error)}</span>` : ''}</header><pre>${escape(w.preview ?? '')}</pre></article>`).join('')}` : ''}</main></body></html>`);
  });
  return router;
}

/**
 * Whether the development outbox is mounted: outside production. A server on a public https address without
 * NODE_ENV=production would show every sign-in code and link to anyone, so it refuses to start instead.
 */
export function devRoutesMounted(config: Pick<Config, 'env' | 'publicUrl'>): boolean {
  if (config.env === 'development' && /^https:/i.test(config.publicUrl))
    throw new Error(
      `PUBLIC_URL is ${config.publicUrl} but NODE_ENV is not 'production': set NODE_ENV=production on a public server (development shows every email at /dev/mailbox)`,
    );
  return config.env !== 'production';
}
