/**
 * The one outbox every email goes through. The row and its send_email job are written in the
 * transaction of the change that causes them, so a rolled-back change sends nothing.
 */
import type { Knex } from 'knex';
import { queueJob, queueJobs } from '../queue';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the email, e.g. a calendar invitation (text content). */
  attachments?: Attachment[];
  /**
   * Extra message headers by name, carried to the mail server as they are: a digest's one-click
   * unsubscribe (`List-Unsubscribe`, `List-Unsubscribe-Post`, RFC 8058).
   */
  headers?: Record<string, string>;
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: string;
}

const outboxRow = (email: Email) => ({
  to: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html ?? null,
  attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
  headers: email.headers && Object.keys(email.headers).length ? JSON.stringify(email.headers) : null,
});

export async function queueEmail(trx: Knex | Knex.Transaction, email: Email): Promise<number> {
  const [row] = await trx('outbox_emails').insert(outboxRow(email)).returning('id');
  await queueJob(trx, 'send_email', { id: row.id as number }, { maxAttempts: 10 });
  return row.id as number;
}

/** Many emails in two statements, whatever their number: their rows, then a send_email job each. */
export async function queueEmails(trx: Knex | Knex.Transaction, emails: Email[]): Promise<void> {
  if (!emails.length) return;
  const rows = (await trx('outbox_emails').insert(emails.map(outboxRow)).returning('id')) as { id: number }[];
  await queueJobs(
    trx,
    'send_email',
    rows.map((r) => ({ id: r.id })),
    { maxAttempts: 10 },
  );
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  createdAt: string;
}

export async function listOutbox(knex: Knex, to?: string, limit = 100): Promise<OutboxEntry[]> {
  const q = knex('outbox_emails')
    .select('to', 'subject', 'text', 'html', 'headers', 'created_at')
    .orderBy('id', 'desc')
    .limit(limit);
  if (to) q.where('to', to.toLowerCase());
  const rows = await q;
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    headers: (r.headers as Record<string, string> | null) ?? {},
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
