/** send_email: delivers one outbox row. Safe to run twice: a delivered row is left alone. */
import type { Task } from 'graphile-worker';
import type { MailAdapter } from '../../adapters/mail';
import type { Attachment } from '../../services/mail/outbox';
import { assertTaskPayload } from '../payload';

export function sendEmailTask(mail: MailAdapter): Task {
  return async (payload, helpers) => {
    assertTaskPayload('send_email', payload);
    const { rows } = await helpers.query<{
      id: number;
      to: string;
      subject: string;
      text: string;
      html: string | null;
      status: number;
      attachments: Attachment[] | null;
      headers: Record<string, string> | null;
    }>('select id, "to", subject, text, html, status, attachments, headers from outbox_emails where id = $1', [
      payload.id,
    ]);
    const email = rows[0];
    // Sent, stored, or emptied by retention: nothing to send.
    if (!email || email.status === 1 || email.status === 2 || (!email.text && !email.html)) return;
    const outcome = await mail.send({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      attachments: email.attachments ?? undefined,
      headers: email.headers ?? undefined,
    });
    await helpers.query('update outbox_emails set status = $2, sent_at = now(), updated_at = now() where id = $1', [
      email.id,
      outcome === 'sent' ? 1 : 2,
    ]);
  };
}
