/**
 * The small page the server itself answers a browser with, where an emailed link lands (the alerts' unsubscribe page,
 * the refusals of a data copy's link): one title, a few paragraphs, in the emails' plain style. Texts put in the body
 * are escaped by the caller (escapeHtml); the title is the caller's own words.
 */
import type { Request } from 'express';

export const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:Arial,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2937"><h1 style="font-size:22px">${title}</h1>${body}</body></html>`;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** True when the request is a browser's (it prefers HTML to JSON); an API caller, or one that names neither, is not. */
export const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';

/** A page that neither runs script nor posts a form: only its inline style. */
export const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
