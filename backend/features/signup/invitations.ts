/**
 * Invitations to join a company. The invited person is a pending company user (status 0) from the
 * start; the emailed link (`/auth/company/invite-signup?cist=<token>`) is valid for 3 days and is
 * stored only as a SHA-256. Sending again makes a new link and voids the old one.
 *
 * An address that has an account already (of any kind, in any company) is invited all the same, so
 * that the company cannot tell: the pending row and its invitation are made as for a free address,
 * but the row is a stand-in (`company_users.account_elsewhere_at`, never an account: auth/accounts.ts
 * passes it by), and each sending tells the account's owner that the company tried to invite them
 * instead of sending a link. It is listed, resent and deleted like any pending invitee. Should the
 * account be gone by a later sending, the stand-in becomes a true invitation.
 *
 * Every sending and every completion holds the address to the company's domains as they are then
 * (schema/rules/companyEmail.ts): an invitation the company's domains no longer cover is not sent
 * (held ones stay held) and its link no longer completes.
 */
import type { Knex } from 'knex';
import { companyEmailProblem } from '../../../schema/rules/companyEmail';
import { emailTaken, findAccountByEmail, greetingName, lockEmail } from '../../auth/accounts';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import { tokenShape } from '../../auth/login';
import { newToken, sha256 } from '../../auth/tokens';
import { hiUnproven, invitationEmail, teamInviteAccountExistsNotice } from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';
import { html, plainName } from '../../services/mail/templates';
import type { Invite } from './validation';

export const INVITE_TTL_DAYS = 3;

export interface InvitationRow {
  id: number;
  company_user_id: number;
  company_id: number;
  email: string;
  role: number;
  expires_at: Date | null;
  sent_at: Date | null;
  used_at: Date | null;
}

/** Whether the company has a row (a person or a pending invitee) with this address: invited once is enough. */
export async function inTeam(trx: Knex.Transaction, companyId: number, email: string): Promise<boolean> {
  await lockEmail(trx, email);
  return !!(await trx('company_users').where({ company_id: companyId, email: email.toLowerCase() }).first('id'));
}

/**
 * Creates the pending user and the invitation (a stand-in when the address has an account already);
 * `send` false holds the email (company not approved yet).
 */
export async function createInvitation(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  invite: Invite,
  send: boolean,
  inviterName: string | null,
  /** The company's domains as a change being stored leaves them (an approval that sets them). */
  validDomains?: string[],
): Promise<number> {
  const taken = await emailTaken(trx, invite.email);
  const [user] = await trx('company_users')
    .insert({
      company_id: companyId,
      email: invite.email,
      role: invite.role,
      status: 0,
      first_name: invite.firstName ?? null,
      last_name: invite.lastName ?? null,
      account_elsewhere_at: taken ? trx.fn.now() : null,
    })
    .returning('id');
  const [row] = await trx('invitations')
    .insert({ company_user_id: user.id, company_id: companyId, email: invite.email, role: invite.role })
    .returning('*');
  if (send) await sendInvitation(trx, config, row as InvitationRow, inviterName, validDomains);
  return user.id as number;
}

/** The field error of the invitation's address by the company's domains as they are now (or as a change leaves them). */
export async function domainsProblem(
  trx: Knex | Knex.Transaction,
  invitation: Pick<InvitationRow, 'company_id' | 'email'>,
  validDomains?: string[],
): Promise<string | undefined> {
  const domains =
    validDomains ??
    ((await trx('companies').where('id', invitation.company_id).first('valid_domains')).valid_domains as string[]);
  return companyEmailProblem(invitation.email, domains) ?? undefined;
}

/**
 * The company's refusal of the invitation's address by its domains as they are now (or as a change
 * being stored leaves them), as a field error.
 */
export async function assertInDomains(
  trx: Knex | Knex.Transaction,
  invitation: Pick<InvitationRow, 'company_id' | 'email'>,
  validDomains?: string[],
): Promise<void> {
  const problem = await domainsProblem(trx, invitation, validDomains);
  if (problem) throw badRequest({ email: problem });
}

/**
 * Emails the invitation: a new link, or for a stand-in its notice to the address's owner (no link).
 * Refused with the address's field error when the company's domains no longer cover it.
 */
export async function sendInvitation(
  trx: Knex.Transaction,
  config: Config,
  invitation: InvitationRow,
  inviterName: string | null,
  validDomains?: string[],
): Promise<void> {
  await assertInDomains(trx, invitation, validDomains);
  const { company_name: companyName } = await trx('companies').where('id', invitation.company_id).first('company_name');
  const user = await trx('company_users').where('id', invitation.company_user_id).first('account_elsewhere_at');
  if (user.account_elsewhere_at) await lockEmail(trx, invitation.email);
  const owner = user.account_elsewhere_at ? await findAccountByEmail(trx, invitation.email) : undefined;
  if (user.account_elsewhere_at && !owner)
    await trx('company_users').where('id', invitation.company_user_id).update({ account_elsewhere_at: null });
  const token = newToken();
  await trx('invitations')
    .where('id', invitation.id)
    .update({
      // A stand-in's sending carries no link.
      token_hash: owner ? null : sha256(token),
      expires_at: owner ? null : new Date(Date.now() + INVITE_TTL_DAYS * 86400_000),
      sent_at: trx.fn.now(),
      send_count: trx.raw('send_count + 1'),
      updated_at: trx.fn.now(),
    });
  if (owner) {
    const notice = teamInviteAccountExistsNotice(config, greetingName(owner), companyName);
    await queueEmail(trx, { to: owner.email, ...notice });
    return;
  }
  // The invitee's name as the inviter typed it stays out of the email (invitationEmail).
  const url = `${config.publicUrl}/auth/company/invite-signup?cist=${encodeURIComponent(token)}`;
  await queueEmail(trx, { to: invitation.email, ...invitationEmail(config, companyName, inviterName, url) });
}

/**
 * Sends the invitations held while the company awaited approval or was on hold. Locked, so two
 * releases at once send each once: the later one finds them sent. One whose address the company's
 * domains no longer cover stays held (`validDomains`: the domains as the same change leaves them).
 */
export async function sendHeldInvitations(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  inviterName: string | null,
  validDomains?: string[],
): Promise<number> {
  const held = (await trx('invitations')
    .where({ company_id: companyId })
    .whereNull('sent_at')
    .whereNull('used_at')
    .orderBy('id')
    .forUpdate()) as InvitationRow[];
  const domains =
    validDomains ?? ((await trx('companies').where('id', companyId).first('valid_domains')).valid_domains as string[]);
  const sendable = held.filter((invitation) => !companyEmailProblem(invitation.email, domains));
  for (const invitation of sendable) await sendInvitation(trx, config, invitation, inviterName, domains);
  return sendable.length;
}

export interface LiveInvitation extends InvitationRow {
  company_name: string;
  /** The invitee's names as the inviter typed them, if they did. */
  first_name: string | null;
  last_name: string | null;
}

/**
 * The invitation behind a link, or the spec's refusal: malformed 400, unknown invite.notFound (404),
 * already used invite.used (409), past its 3 days invite.expired (410).
 */
export async function findLiveInvitation(
  knex: Knex | Knex.Transaction,
  raw: unknown,
  lock = false,
): Promise<LiveInvitation> {
  if (raw === undefined || raw === null || raw === '') throw badRequest({ cist: 'cist.errors.required' });
  const token = tokenShape(raw);
  if (!token) throw badRequest({ cist: 'cist.errors.invalid' });
  const q = knex('invitations as i')
    .join('companies as c', 'c.id', 'i.company_id')
    .join('company_users as u', 'u.id', 'i.company_user_id')
    .where('i.token_hash', sha256(token))
    .first('i.*', 'c.company_name', 'u.status as user_status', 'u.first_name', 'u.last_name');
  if (lock) q.forUpdate('i');
  const row = (await q) as (LiveInvitation & { user_status: number }) | undefined;
  if (!row) throw new AppError(404, 'invite.notFound');
  if (row.used_at || row.user_status !== 0) throw new AppError(409, 'invite.used');
  if (!row.expires_at || new Date(row.expires_at).getTime() <= Date.now()) throw new AppError(410, 'invite.expired');
  return row;
}

/**
 * The company a pending invitee's invitation is from, when it was sent and not used yet: the sign-up
 * notice to such an address says so (endpoints.ts), as the sign-in refusal does (auth/accounts.ts).
 */
export async function openInvitationOf(
  knex: Knex | Knex.Transaction,
  account: { kind: string; id: number; status: number },
): Promise<string | undefined> {
  if (account.kind !== 'companyUser' || account.status !== 0) return undefined;
  const row = await knex('invitations as i')
    .join('companies as c', 'c.id', 'i.company_id')
    .where('i.company_user_id', account.id)
    .whereNotNull('i.sent_at')
    .whereNull('i.used_at')
    .first('c.company_name');
  return row?.company_name as string | undefined;
}

/**
 * To an address with an open invitation that someone tried to sign up with: the invitation is the way in. The address
 * is not proven yet (its name is the inviter's typing): it greets no one by name and names the company as plain text.
 */
export function openInvitationNotice(config: Config, typedCompanyName: string) {
  const companyName = plainName(typedCompanyName);
  const lines = [
    hiUnproven(),
    `Someone tried to sign up to ${config.productName} with this email address. It already belongs to your account, so nothing was created or changed.`,
    `You have an invitation to join ${companyName}: open the link in the invitation email, or ask your team's admin to send it again.`,
  ];
  return {
    subject: `Someone tried to sign up to ${config.productName} with your address`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}
