/**
 * Magic links: 32 random bytes emailed as `<PUBLIC_URL>/auth/magic-link?token=...`, stored only as
 * a SHA-256, valid 15 minutes and consumed atomically by one UPDATE. The link opens a portal page
 * that POSTs the token, because mail scanners prefetch GET links. Opened in a browser that did not ask for it
 * (backend/auth/linkBinding.ts), the link is only read (peekMagicLink) until its holder confirms.
 */
import type { Knex } from 'knex';
import type { Config } from '../config';
import { communitySignupLinkEmail, magicLinkEmail } from '../services/mail/accountEmails';
import { queueEmail } from '../services/mail/outbox';
import { findAccountByEmail, greetingName } from './accounts';
import { newToken, sha256 } from './tokens';

export const MAGIC_LINK_TTL_MINUTES = 15;
const PURPOSE_MAGIC_LINK = 2;

/**
 * A community sign-up waiting for its address to be proven: nothing is reserved until the emailed
 * link is opened, so an address someone typed stays free for its owner.
 */
export interface PendingSignup {
  method: number;
  firstName?: string;
  lastName?: string;
  /** When the sign-up form's terms box was ticked (ISO time), recorded on the account. */
  termsAcceptedAt?: string;
}

interface LinkPayload {
  redirectUrl?: string;
  signup?: PendingSignup;
}

/**
 * Writes a link for `email` and queues its email, in the caller's transaction. `firstName` greets the
 * owner of an account in a sign-in link; a sign-up's link (`signup`) greets no one by name.
 */
export async function issueMagicLink(
  trx: Knex | Knex.Transaction,
  config: Config,
  email: string,
  firstName: string | null,
  redirectUrl?: string,
  ip?: string,
  signup?: PendingSignup,
) {
  const token = newToken();
  const payload: LinkPayload = {};
  if (redirectUrl) payload.redirectUrl = redirectUrl;
  if (signup) payload.signup = signup;
  await trx('email_codes').insert({
    email,
    purpose: PURPOSE_MAGIC_LINK,
    code_hash: sha256(token),
    expires_at: new Date(Date.now() + MAGIC_LINK_TTL_MINUTES * 60_000),
    request_ip: ip?.slice(0, 64) ?? null,
    payload: Object.keys(payload).length ? payload : null,
  });
  const url = `${config.publicUrl}/auth/magic-link?token=${encodeURIComponent(token)}`;
  // A sign-up's link goes to an address not proven yet: it greets no one by the name the form was typed with.
  const message = signup ? communitySignupLinkEmail(config, url) : magicLinkEmail(config, firstName, url);
  await queueEmail(trx, { to: email, ...message });
}

/** Emails a link when an account exists; says nothing either way. */
export async function sendMagicLink(
  knex: Knex,
  config: Config,
  email: string,
  redirectUrl?: string,
  ip?: string,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const account = await findAccountByEmail(trx, email);
    if (account) await issueMagicLink(trx, config, email, greetingName(account), redirectUrl, ip);
  });
}

/** Uses up a link: the email it was sent to, its redirectUrl and pending sign-up, or undefined when used, expired or unknown. */
export async function consumeMagicLink(
  trx: Knex | Knex.Transaction,
  token: string,
): Promise<({ email: string } & LinkPayload) | undefined> {
  const [row] = await trx('email_codes')
    .where({ code_hash: sha256(token), purpose: PURPOSE_MAGIC_LINK })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning(['email', 'payload']);
  if (!row) return undefined;
  const payload = (row.payload ?? {}) as LinkPayload;
  return { email: row.email, redirectUrl: payload.redirectUrl, signup: payload.signup };
}

/** Reads a link without using it up: the email it was sent to, or undefined when used, expired or unknown. */
export async function peekMagicLink(knex: Knex, token: string): Promise<string | undefined> {
  const row = await knex('email_codes')
    .where({ code_hash: sha256(token), purpose: PURPOSE_MAGIC_LINK })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .first('email');
  return row?.email as string | undefined;
}

/** A redirect after sign-in must stay on our site: a path, never another origin. */
export function isSafeRedirect(value: string): boolean {
  return (
    value.length <= 2048 &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    ![...value].some((c) => c.charCodeAt(0) < 32)
  );
}
