/** The email of a ready copy of a candidate's data. Plain text is the source; the HTML is the same words. */
import type { Config } from '../../../config';
import { emailOf, linkedAs, profilePageAt } from '../../../services/mail/templates';
import { inUtc } from '../emails';

export function exportReadyEmail(config: Config, firstName: string | null, link: string, expiresAt: Date) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    linkedAs(
      config,
      `The copy of everything ${config.productName} holds about you is ready. Download it here: ${link}`,
      link,
      'download',
    ),
    profilePageAt(
      config,
      (url) =>
        `The link works until ${inUtc(expiresAt)}. After that, ask for a new copy from your profile page (${url}).`,
    ),
    'The file is a ZIP of JSON files and your documents. Keep it safe: it holds your personal data. If you did not ask for it, tell us by replying to this email.',
  ];
  return emailOf(config, `Your ${config.productName} data is ready to download`, lines);
}
