/** Email texts. Plain text is the source of truth; the HTML is the same words, lightly formatted. */
import type { Config } from '../../config';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
