/** Email texts. Plain text is the source of truth; the HTML is the same words, lightly formatted. */
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

export function html(config: Config, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  return `<div style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937;max-width:560px"><h2 style="color:#0b5cad">${escape(config.productName)}</h2>${body}</div>`;
}

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
    `To use ${config.productName}, sign in at ${config.publicUrl}/auth/login.`,
    'If you did not ask for this, you can ignore this email.',
  ];
  return {
    subject: `Sign in to ${config.productName} at ${config.publicUrl}/auth/login`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}
