/**
 * Mail delivery: SMTP through nodemailer when SMTP_URL is set, otherwise messages stay in the
 * outbox table, readable at /dev/mailbox outside production.
 */
import nodemailer from 'nodemailer';
import type { Email } from '../../services/mail/outbox';

export interface MailAdapter {
  /** 'sent' when handed to a mail server, 'stored' when kept in the outbox only. */
  send(email: Email): Promise<'sent' | 'stored'>;
}

export function createMailAdapter(smtpUrl: string | undefined, from: string): MailAdapter {
  if (!smtpUrl) return { send: async () => 'stored' };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments,
        headers: email.headers,
      });
      return 'sent';
    },
  };
}
