/** The email of a ready copy of a candidate's data. Plain text is the source; the HTML is the same words. */
import type { Config } from '../../../config';
import { html } from '../../../services/mail/templates';
import { inUtc } from '../emails';

export function exportReadyEmail(config: Config, firstName: string | null, link: string, expiresAt: Date) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `The copy of everything ${config.productName} holds about you is ready. Download it here: ${link}`,
    `The link works until ${inUtc(expiresAt)}. After that, ask for a new copy from your profile page (${config.publicUrl}/candidate/profile).`,
    'The file is a ZIP of JSON files and your documents. Keep it safe: it holds your personal data. If you did not ask for it, tell us by replying to this email.',
  ];
  return {
    subject: `Your ${config.productName} data is ready to download`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}
