/**
 * Changing one's email: the new address gets a link (`/auth/confirm-email?code=<code>`) and the
 * change takes effect only when the signed-in owner of the account opens it, so nobody can move an
 * account to an address they do not read, and a link alone moves nothing. Asking for an address
 * another account uses answers the same; that account's owner is told instead. The change ends the
 * person's other sessions. The code is 32 random bytes stored as a SHA-256, valid 24 hours, used once.
 * A company user's new address must be one their company may sign in with (schema/rules/companyEmail.ts),
 * when asked for and again when confirmed: sign-in is passwordless, and an address outside the company's
 * domains would keep a leaver's access after their work mailbox closes.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { entity } from '../../../schema';
import { companyEmailProblem } from '../../../schema/rules/companyEmail';
import {
  ACCOUNT_TABLES,
  emailTaken,
  findAccountByEmail,
  greetingName,
  SESSION_KIND,
  type Account,
  type AccountKind,
} from '../../auth/accounts';
import { tokenShape } from '../../auth/login';
import { newToken, sha256 } from '../../auth/tokens';
import { AppError, badRequest } from '../../errors';
import { accountEmailInUseNotice, confirmEmailEmail, emailChangedNotice } from '../../services/mail/accountEmails';
import { writeOwnDetails } from '../talent';
import { endSessions } from '../../crud/writes';
import { queueEmail } from '../../services/mail/outbox';

const PURPOSE_CONFIRM_EMAIL = 3;
const ENTITY_OF_KIND: Record<AccountKind, string> = {
  admin: 'admin',
  companyUser: 'companyUser',
  candidate: 'candidate',
  community: 'communityUser',
};
export const CONFIRM_EMAIL_TTL_HOURS = 24;

/** Refuses, as a field error on `email`, an address a company user's company does not sign in with. */
export async function assertCompanyEmail(knex: Knex, account: Account, email: string): Promise<void> {
  if (account.kind !== 'companyUser') return;
  const company = (await knex('companies').where('id', account.companyId).first('valid_domains')) as
    { valid_domains: string[] | null } | undefined;
  const problem = companyEmailProblem(email, company?.valid_domains);
  if (problem) throw badRequest({ email: problem });
}

/** Voids earlier requests of the account and emails a confirmation link to `newEmail` (or a notice to its owner). */
export async function requestEmailChange(
  trx: Knex.Transaction,
  config: Config,
  account: Account,
  newEmail: string,
): Promise<void> {
  const payload = { kind: SESSION_KIND[account.kind], id: account.id };
  await trx('email_codes')
    .where('purpose', PURPOSE_CONFIRM_EMAIL)
    .whereNull('used_at')
    .whereRaw("(payload->>'kind')::int = ? and (payload->>'id')::int = ?", [payload.kind, payload.id])
    .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() });
  const owner = await findAccountByEmail(trx, newEmail);
  if (owner) {
    await queueEmail(trx, { to: newEmail, ...accountEmailInUseNotice(config, greetingName(owner)) });
    return;
  }
  const code = newToken();
  await trx('email_codes').insert({
    email: newEmail,
    purpose: PURPOSE_CONFIRM_EMAIL,
    code_hash: sha256(code),
    expires_at: new Date(Date.now() + CONFIRM_EMAIL_TTL_HOURS * 3600_000),
    payload,
  });
  const url = `${config.publicUrl}/auth/confirm-email?code=${encodeURIComponent(code)}`;
  await queueEmail(trx, { to: newEmail, ...confirmEmailEmail(config, url) });
}

/** Uses up a confirmation code of the signed-in `account` and moves it to the confirmed address; its other sessions end. */
export async function confirmEmailChange(
  knex: Knex,
  config: Config,
  raw: unknown,
  account: Account,
  sessionId?: number,
): Promise<void> {
  if (raw === undefined || raw === null || raw === '') throw badRequest({ code: 'code.errors.required' });
  const code = tokenShape(raw);
  const invalid = () => new AppError(400, 'confirmEmail.invalid');
  if (!code) throw invalid();
  await knex.transaction(async (trx) => {
    const [row] = await trx('email_codes')
      .where({ code_hash: sha256(code), purpose: PURPOSE_CONFIRM_EMAIL })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      // Someone else's code is not used up by trying it.
      .whereRaw("(payload->>'kind')::int = ? and (payload->>'id')::int = ?", [SESSION_KIND[account.kind], account.id])
      .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning(['email']);
    if (!row) throw invalid();
    // The company's domains may have changed since the address was asked for.
    await assertCompanyEmail(trx, account, row.email);
    const table = ACCOUNT_TABLES[account.kind];
    // Someone may have taken the address since it was asked for.
    if (await emailTaken(trx, row.email, { kind: account.kind, id: account.id }))
      throw badRequest({ email: 'email.errors.exists' });
    // A candidate's address is one of their match keys: it moves through the candidates' one write path.
    if (account.kind === 'candidate') await writeOwnDetails(trx, config, account.id, { email: row.email });
    else await trx(table).where('id', account.id).update({ email: row.email, updated_at: trx.fn.now() });
    await endSessions(trx, entity(ENTITY_OF_KIND[account.kind]), [account.id], sessionId);
    // Told at the address it left: a session taken by someone else must not move the account away unseen.
    await queueEmail(trx, { to: account.email, ...emailChangedNotice(config, account.firstName, row.email) });
  });
}
