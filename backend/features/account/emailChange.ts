/**
 * Changing one's email: the new address gets a link (`/auth/confirm-email?code=<code>`) and the
 * change takes effect only when it is opened, so nobody can move an account to an address they do
 * not read. The code is 32 random bytes stored as a SHA-256, valid 24 hours, used once.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { ACCOUNT_TABLES, emailTaken, KIND_OF_SESSION, SESSION_KIND, type Account } from '../../auth/accounts';
import { tokenShape } from '../../auth/login';
import { newToken, sha256 } from '../../auth/tokens';
import { AppError, badRequest } from '../../errors';
import { confirmEmailEmail } from '../mail/accountEmails';
import { queueEmail } from '../mail/outbox';

const PURPOSE_CONFIRM_EMAIL = 3;
export const CONFIRM_EMAIL_TTL_HOURS = 24;

/** Voids earlier requests of the account and emails a confirmation link to `newEmail`. */
export async function requestEmailChange(trx: Knex.Transaction, config: Config, account: Account, newEmail: string): Promise<void> {
  const payload = { kind: SESSION_KIND[account.kind], id: account.id };
  await trx('email_codes')
    .where('purpose', PURPOSE_CONFIRM_EMAIL)
    .whereNull('used_at')
    .whereRaw("(payload->>'kind')::int = ? and (payload->>'id')::int = ?", [payload.kind, payload.id])
    .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() });
  const code = newToken();
  await trx('email_codes').insert({
    email: newEmail,
    purpose: PURPOSE_CONFIRM_EMAIL,
    code_hash: sha256(code),
    expires_at: new Date(Date.now() + CONFIRM_EMAIL_TTL_HOURS * 3600_000),
    payload,
  });
  const url = `${config.publicUrl}/auth/confirm-email?code=${encodeURIComponent(code)}`;
  await queueEmail(trx, { to: newEmail, ...confirmEmailEmail(config, account.firstName, url) });
}

/** Uses up a confirmation code and moves the account to the confirmed address. */
export async function confirmEmailChange(knex: Knex, raw: unknown): Promise<void> {
  if (raw === undefined || raw === null || raw === '') throw badRequest({ code: 'code.errors.required' });
  const code = tokenShape(raw);
  const invalid = () => new AppError(400, 'confirmEmail.invalid');
  if (!code) throw invalid();
  await knex.transaction(async (trx) => {
    const [row] = await trx('email_codes')
      .where({ code_hash: sha256(code), purpose: PURPOSE_CONFIRM_EMAIL })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning(['email', 'payload']);
    const target = row?.payload as { kind?: number; id?: number } | undefined;
    const kind = target?.kind ? KIND_OF_SESSION[target.kind] : undefined;
    if (!row || !kind || !target?.id) throw invalid();
    const table = ACCOUNT_TABLES[kind];
    if (!(await trx(table).where('id', target.id).first('id'))) throw invalid();
    // Someone may have taken the address since it was asked for.
    if (await emailTaken(trx, row.email, { kind, id: target.id })) throw badRequest({ email: 'email.errors.exists' });
    await trx(table).where('id', target.id).update({ email: row.email, updated_at: trx.fn.now() });
  });
}
