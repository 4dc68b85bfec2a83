/** Reading what the product emailed, from the outbox every email goes through. */
import type { Knex } from 'knex';
import { listOutbox, type OutboxEntry } from '../../backend/services/mail/outbox';

export async function lastMail(knex: Knex, to: string): Promise<OutboxEntry> {
  const [mail] = await listOutbox(knex, to, 1);
  if (!mail) throw new Error(`nothing was emailed to ${to}`);
  return mail;
}

export async function mailsTo(knex: Knex, to: string): Promise<OutboxEntry[]> {
  return listOutbox(knex, to, 100);
}

/** The value of `param` in the first link to `path` in the newest email to `to`. */
export async function linkParam(knex: Knex, to: string, path: string, param: string): Promise<string> {
  const mail = await lastMail(knex, to);
  const url = mail.text.split(/\s+/).find((word) => word.includes(path));
  const value = url ? new URL(url).searchParams.get(param) : null;
  if (!value) throw new Error(`no ${path} link with ${param} in the email to ${to}: ${mail.text}`);
  return value;
}

/** The links of an email's HTML part, in order: each href (its character references read) and the words it reads. */
export function htmlLinks(html: string | null): { href: string; words: string }[] {
  const read = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return [...(html ?? '').matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: read(m[1]),
    words: read(m[2]),
  }));
}
