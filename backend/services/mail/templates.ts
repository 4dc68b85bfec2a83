/**
 * Email texts. Plain text is the source of truth; the HTML is the same words, lightly formatted, the product's own links
 * (LinkParagraph) as links reading words where the text part writes the full URL.
 */
import { t } from '../../../i18n';
import type { mailLinks } from '../../../i18n/sections/mailLinks';
import type { Config } from '../../config';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How much of a typed name (a company's, an inviter's) an email carries. */
export const TYPED_NAME_MAX = 60;
/** A dot, at sign, colon or slash with a letter, digit or slash after it: where a mail client would see a link. */
const LINK_JOINT = /([.@:/])(?=[\p{L}\p{N}/])/gu;

/**
 * A name someone typed, as an email to an address that has not chosen to hear from them may carry it: one line, at
 * most TYPED_NAME_MAX characters, and with a zero-width space after every dot, at sign, colon or slash before a letter,
 * digit or slash, so that no mail client turns 'evil.com' or 'https://…' into a link (the HTML escapes it as any text).
 * It reads the same; it only stops being a link.
 */
export function plainName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  const capped = line.length > TYPED_NAME_MAX ? `${line.slice(0, TYPED_NAME_MAX - 1).trimEnd()}…` : line;
  return capped.replace(LINK_JOINT, '$1\u200B');
}

/**
 * A paragraph that names one of the product's own links: `text` is the paragraph as the text part reads it, the full
 * URL in it; the HTML part writes, where the text has `url`, a link to it reading `label` (only the link when `alone`).
 * Only an http(s) URL under the configured public URL becomes a link (isOwnUrl); any other stays text. Every word in
 * `text` and `label` is the product's own: typed text (a name, a message, a job title) goes in a plain string
 * paragraph, which the HTML only ever escapes, so no typed text becomes a link.
 */
export interface LinkParagraph {
  text: string;
  url: string;
  label: string;
  alone?: boolean;
}

export type Paragraph = string | LinkParagraph;

/** A paragraph with the product's link `url` in it, shown in the HTML part as a link reading `label` (alone: only it). */
export const linked = (text: string, url: string, label: string, alone = false): LinkParagraph => ({
  text,
  url,
  label,
  ...(alone ? { alone } : {}),
});

/** `linked`, its label the words portal.mailLinks.<key> (i18n/sections/mailLinks.ts), the product's name as {product}. */
export const linkedAs = (config: Config, text: string, url: string, key: keyof typeof mailLinks, alone = false) =>
  linked(text, url, t(`portal.mailLinks.${key}`, { product: config.productName }), alone);

/** "… at <the sign-in page> …": the sign-in page's URL in `text(url)`, a link in the HTML part. */
export function signInAt(config: Config, text: (url: string) => string): LinkParagraph {
  const url = `${config.publicUrl}/auth/login`;
  return linkedAs(config, text(url), url, 'signInPage');
}

/** "… <your profile page> …": a candidate's profile page's URL in `text(url)`, a link in the HTML part. */
export function profilePageAt(config: Config, text: (url: string) => string): LinkParagraph {
  const url = `${config.publicUrl}/candidate/profile`;
  return linkedAs(config, text(url), url, 'profilePage');
}

/** The text part: each paragraph as it reads in plain text, full URLs included. */
export const plainText = (paragraphs: Paragraph[]): string =>
  paragraphs.map((p) => (typeof p === 'string' ? p : p.text)).join('\n\n');

/** Whether `url` is an http(s) address under the configured public base URL: only those become links. */
export function isOwnUrl(config: Pick<Config, 'publicUrl'>, url: string): boolean {
  const base = config.publicUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(base) || !/^https?:\/\//i.test(url)) return false;
  return url === base || ['/', '?', '#'].some((next) => url.startsWith(`${base}${next}`));
}

const LINK_STYLE = 'color:#0b5cad;font-weight:bold;text-decoration:underline';

function paragraphHtml(config: Config, p: Paragraph): string {
  if (typeof p === 'string') return escape(p);
  const at = p.text.indexOf(p.url);
  if (!isOwnUrl(config, p.url) || at < 0) return escape(p.text);
  const anchor = `<a href="${escape(p.url)}" style="${LINK_STYLE}">${escape(p.label)}</a>`;
  if (p.alone) return anchor;
  return `${escape(p.text.slice(0, at))}${anchor}${escape(p.text.slice(at + p.url.length))}`;
}

export function html(config: Config, paragraphs: Paragraph[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${paragraphHtml(config, p)}</p>`).join('');
  return `<div style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937;max-width:560px"><h2 style="color:#0b5cad">${escape(config.productName)}</h2>${body}</div>`;
}

/** An email's subject, text part and HTML part from its paragraphs. */
export const emailOf = (config: Config, subject: string, paragraphs: Paragraph[]) => ({
  subject,
  text: plainText(paragraphs),
  html: html(config, paragraphs),
});

export function loginCodeEmail(config: Config, firstName: string | null, code: string) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `Your ${config.productName} sign-in code is ${code}.`,
    'It expires in 10 minutes. If you did not ask for it, you can ignore this email.',
  ];
  return {
    subject: `${code} is your ${config.productName} sign-in code`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}

/** Someone without a console account asked the admin console for a code: no code, the way to the portal. */
export function consoleNotYoursEmail(config: Config, firstName: string | null) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `Someone asked to sign in to the ${config.productName} admin console with this address. The console is for ${config.productName} staff only, so no sign-in code was sent.`,
    signInAt(config, (url) => `To use ${config.productName}, sign in at ${url}.`),
    'If you did not ask for this, you can ignore this email.',
  ];
  return emailOf(config, `Sign in to ${config.productName} at ${config.publicUrl}/auth/login`, lines);
}
