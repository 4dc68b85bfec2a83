/**
 * Emailed sign-in codes: 6 digits, 10 minutes, 5 tries, stored as an HMAC. A new code
 * cancels the earlier ones. The answer is the same whether or not the account exists, locked
 * after five wrong tries included; the route also bounds checks per address and per IP (rateLimit.ts).
 */
import type { Knex } from 'knex';
import { AppError } from '../errors';
import { queueEmail } from '../services/mail/outbox';
import { consoleNotYoursEmail, loginCodeEmail } from '../services/mail/templates';
import type { Config } from '../config';
import { findAccountByEmail, greetingName, type Account } from './accounts';
import { codeCheckKey, emailSendKey } from './rateLimit';
import { hmac, newCode, sameHash } from './tokens';

export const CODE_TTL_MINUTES = 10;
export const MAX_TRIES = 5;
const PURPOSE_LOGIN = 1;

/** Where a code is asked from: the console signs in platform admins only. */
export type SignInApp = 'portal' | 'console';

/**
 * Emails a sign-in code to an account's address. Asked from the console, a person who cannot use
 * it gets no code but an email pointing to the portal; the caller answers alike in every case.
 */
export async function sendLoginCode(
  knex: Knex,
  config: Config,
  email: string,
  ip?: string,
  app: SignInApp = 'portal',
): Promise<void> {
  await knex.transaction(async (trx) => {
    const account = await findAccountByEmail(trx, email);
    if (!account) return;
    if (app === 'console' && account.kind !== 'admin') {
      await queueEmail(trx, { to: email, ...consoleNotYoursEmail(config, greetingName(account)) });
      return;
    }
    await trx('email_codes')
      .where({ email, purpose: PURPOSE_LOGIN })
      .whereNull('used_at')
      .update({ used_at: trx.fn.now() });
    const code = newCode();
    await trx('email_codes').insert({
      email,
      purpose: PURPOSE_LOGIN,
      code_hash: hmac(config.secret, `${email}:${code}`),
      expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      request_ip: ip?.slice(0, 64) ?? null,
    });
    await queueEmail(trx, { to: email, ...loginCodeEmail(config, greetingName(account), code) });
  });
}

/** The checks of codes for `email` (counted by the route before each) since a code or link was last asked for it. */
async function checksSinceLastSend(trx: Knex.Transaction, email: string): Promise<number> {
  const sent = await trx('rate_limit_hits').where('key', emailSendKey(email)).max({ at: 'hit_at' }).first();
  const checks = trx('rate_limit_hits').where('key', codeCheckKey(email));
  if (sent?.at) checks.where('hit_at', '>', sent.at);
  const [{ n }] = await checks.count({ n: '*' });
  return Number(n);
}

/** Checks a code; a wrong one uses up a try, and the fifth wrong try locks the code. */
export async function verifyLoginCode(knex: Knex, config: Config, email: string, code: string): Promise<Account> {
  const account = await knex.transaction(async (trx) => {
    const row = await trx('email_codes')
      .where({ email, purpose: PURPOSE_LOGIN })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .orderBy('id', 'desc')
      .forUpdate()
      .first();
    // No live code (none was sent: no such account; or it expired): locked after as many checks since the last code
    // asked for as a code allows, so the answer does not tell whether the address has an account.
    if (!row) return (await checksSinceLastSend(trx, email)) >= MAX_TRIES ? ('locked' as const) : ('invalid' as const);
    if (row.attempts >= MAX_TRIES) return 'locked' as const;
    if (!sameHash(row.code_hash, hmac(config.secret, `${email}:${code}`))) {
      await trx('email_codes').where('id', row.id).increment('attempts', 1);
      return row.attempts + 1 >= MAX_TRIES ? ('locked' as const) : ('invalid' as const);
    }
    await trx('email_codes').where('id', row.id).update({ used_at: trx.fn.now() });
    return (await findAccountByEmail(trx, email)) ?? ('invalid' as const);
  });
  if (account === 'invalid') throw new AppError(401, 'otp.invalid');
  if (account === 'locked') throw new AppError(401, 'otp.locked');
  return account;
}
