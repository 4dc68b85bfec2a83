/**
 * Emailed sign-in codes: 6 digits, 10 minutes, 5 tries, stored as an HMAC. A new code
 * cancels the earlier ones. The answer is the same whether or not the account exists, locked
 * after five wrong tries included; the route also bounds checks per address and per IP (rateLimit.ts).
 *
 * Lockout: anyone who knows an address could use up its live code's five tries, and again after each new code, so
 * its owner could never sign in. Tries are therefore counted on two sides, as the rate limits are (rateLimit.ts,
 * the device cookie): a check from a browser with a valid device cookie for the address (deviceCookie.ts: it signed
 * in to the account before) counts in `device_attempts`, any other in `attempts`, and each side locks only itself
 * after five wrong tries. A stranger's guesses lock the code for browsers without the cookie, never for the owner's
 * own; the owner's typos do not use up the shared tries either. A browser without the cookie is answered exactly as
 * before (the cookie is checked with no database read). A code thus has at most ten wrong tries in all, five of them
 * only for a browser that has signed in to the account, against a million codes.
 *
 * Only wrong codes count towards a lock. The address's last code given again once it is used or expired (a double
 * click, a second tab) is answered as any spent code (otp.invalid), and such checks, like the one that signed in, are
 * recorded (`code-right:` in rate_limit_hits) and left out of the checks that lock an address with no live code.
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

/** The key of the checks of `email` that gave its right code (docblock above): not wrong tries. */
const rightCheckKey = (email: string) => `code-right:${email.toLowerCase()}`;

/**
 * The wrong checks of codes for `email` since a code or link was last asked for it: the checks the route counted
 * before each, less those that gave the right code.
 */
async function wrongChecksSinceLastSend(trx: Knex.Transaction, email: string): Promise<number> {
  const sent = await trx('rate_limit_hits').where('key', emailSendKey(email)).max({ at: 'hit_at' }).first();
  const count = async (key: string) => {
    const checks = trx('rate_limit_hits').where('key', key);
    if (sent?.at) checks.where('hit_at', '>', sent.at);
    const [{ n }] = await checks.count({ n: '*' });
    return Number(n);
  };
  return (await count(codeCheckKey(email))) - (await count(rightCheckKey(email)));
}

/** Records a check of the address's right code from a browser without a device cookie (its check was counted). */
async function countRightCheck(trx: Knex.Transaction, email: string, device?: string): Promise<void> {
  if (!device) await trx('rate_limit_hits').insert({ key: rightCheckKey(email) });
}

/**
 * A check when `email` has no live code (none was sent: no such account; or it was used or expired). Its last code
 * given again is spent, not guessed: invalid, and not a wrong try. Any other is locked after as many wrong checks since
 * the last code asked for as a code allows, so the answer does not tell whether the address has an account. A browser
 * with a device cookie for it knows it has one, and its checks count in its own bucket (rateLimit.ts): just wrong.
 */
async function checkWithoutLiveCode(
  trx: Knex.Transaction,
  config: Config,
  email: string,
  code: string,
  device?: string,
): Promise<Outcome> {
  const last = (await trx('email_codes')
    .where({ email, purpose: PURPOSE_LOGIN })
    .orderBy('id', 'desc')
    .first('code_hash')) as Pick<CodeRow, 'code_hash'> | undefined;
  if (last && sameHash(last.code_hash, hmac(config.secret, `${email}:${code}`))) {
    await countRightCheck(trx, email, device);
    return 'invalid';
  }
  return !device && (await wrongChecksSinceLastSend(trx, email)) >= MAX_TRIES ? 'locked' : 'invalid';
}

type CodeRow = { id: number; code_hash: string; attempts: number; device_attempts: number };
type Outcome = 'invalid' | 'locked';

/**
 * Checks `code` against the live code `row`, counting a wrong one on its side: `device_attempts` for a browser with a
 * device cookie for the address, `attempts` for any other. Each side locks after MAX_TRIES of its own wrong tries.
 */
async function tryCode(
  trx: Knex.Transaction,
  config: Config,
  row: CodeRow,
  email: string,
  code: string,
  device?: string,
): Promise<Outcome | 'right'> {
  const column = device ? 'device_attempts' : 'attempts';
  if (row[column] >= MAX_TRIES) return 'locked';
  if (!sameHash(row.code_hash, hmac(config.secret, `${email}:${code}`))) {
    await trx('email_codes').where('id', row.id).increment(column, 1);
    return row[column] + 1 >= MAX_TRIES ? 'locked' : 'invalid';
  }
  await trx('email_codes').where('id', row.id).update({ used_at: trx.fn.now() });
  return 'right';
}

/**
 * Checks a code; a wrong one uses up a try of its side (the browser's device cookie for the address, `device`, or
 * none: docblock above), and the fifth wrong try of a side locks the code for that side.
 */
export async function verifyLoginCode(
  knex: Knex,
  config: Config,
  email: string,
  code: string,
  device?: string,
): Promise<Account> {
  const account = await knex.transaction(async (trx): Promise<Account | Outcome> => {
    const row = (await trx('email_codes')
      .where({ email, purpose: PURPOSE_LOGIN })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .orderBy('id', 'desc')
      .forUpdate()
      .first()) as CodeRow | undefined;
    if (!row) return checkWithoutLiveCode(trx, config, email, code, device);
    const outcome = await tryCode(trx, config, row, email, code, device);
    if (outcome !== 'right') return outcome;
    await countRightCheck(trx, email, device);
    return (await findAccountByEmail(trx, email)) ?? 'invalid';
  });
  if (account === 'invalid') throw new AppError(401, 'otp.invalid');
  if (account === 'locked') throw new AppError(401, 'otp.locked');
  return account;
}
