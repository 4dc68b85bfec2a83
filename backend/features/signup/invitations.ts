/**
 * Invitations to join a company. The invited person is a pending company user (status 0) from the
 * start; the emailed link (`/auth/company/invite-signup?cist=<token>`) is valid for 3 days and is
 * stored only as a SHA-256. Sending again makes a new link and voids the old one.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import { tokenShape } from '../../auth/login';
import { newToken, sha256 } from '../../auth/tokens';
import { invitationEmail } from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';
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

/** Creates the pending user and the invitation; `send` false holds the email (company not approved yet). */
export async function createInvitation(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  invite: Invite,
  send: boolean,
  inviterName: string | null,
): Promise<number> {
  const [user] = await trx('company_users')
    .insert({
      company_id: companyId,
      email: invite.email,
      role: invite.role,
      status: 0,
      first_name: invite.firstName ?? null,
      last_name: invite.lastName ?? null,
    })
    .returning('id');
  const [row] = await trx('invitations')
    .insert({ company_user_id: user.id, company_id: companyId, email: invite.email, role: invite.role })
    .returning('*');
  if (send) await sendInvitation(trx, config, row as InvitationRow, inviterName);
  return user.id as number;
}

/** Makes a new link for the invitation and emails it. */
export async function sendInvitation(
  trx: Knex.Transaction,
  config: Config,
  invitation: InvitationRow,
  inviterName: string | null,
): Promise<void> {
  const token = newToken();
  await trx('invitations')
    .where('id', invitation.id)
    .update({
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + INVITE_TTL_DAYS * 86400_000),
      sent_at: trx.fn.now(),
      send_count: trx.raw('send_count + 1'),
      updated_at: trx.fn.now(),
    });
  const { company_name: companyName } = await trx('companies').where('id', invitation.company_id).first('company_name');
  const { first_name: firstName } = await trx('company_users')
    .where('id', invitation.company_user_id)
    .first('first_name');
  const url = `${config.publicUrl}/auth/company/invite-signup?cist=${encodeURIComponent(token)}`;
  await queueEmail(trx, { to: invitation.email, ...invitationEmail(config, companyName, inviterName, url, firstName) });
}

/**
 * Sends the invitations held while the company awaited approval or was on hold. Locked, so two
 * releases at once send each once: the later one finds them sent.
 */
export async function sendHeldInvitations(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  inviterName: string | null,
): Promise<number> {
  const held = (await trx('invitations')
    .where({ company_id: companyId })
    .whereNull('sent_at')
    .whereNull('used_at')
    .orderBy('id')
    .forUpdate()) as InvitationRow[];
  for (const invitation of held) await sendInvitation(trx, config, invitation, inviterName);
  return held.length;
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
