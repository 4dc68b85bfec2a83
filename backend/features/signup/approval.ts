/**
 * Approval of self-signed-up companies. When an admin first makes a company Active (1), from Pending
 * (0) or from Inactive (2) after it was not approved, the 30-day free trial starts (or runs to the date the admin's
 * same save sets: that date is stored and is the one the approval email states), the owner is told,
 * the colleagues step 3 named become pending company users and are invited, and the held invitations
 * go out; Pending to Inactive (2) tells the owner it was not approved and forgets the colleagues it
 * named. Runs inside the write's transaction.
 *
 * Pending is also a hold (projects/hold.ts): a company that was approved before is released, not
 * approved, when it is active again. Its trial date stays as it is (a trial that ended does not start
 * again) and nobody is told of it; held to Inactive is a suspension, not a rejection, and tells nobody
 * either. Approved before means companies.approved_at is set: by the first approval, or by a create
 * that makes the company active at once (the console's), which is its approval.
 * Whenever a company becomes active again, the invitations made while it was held go out, each once
 * (sending one marks it sent).
 *
 * The company's row is locked (FOR NO KEY UPDATE, as the status change's own update would: rows naming the company
 * are still added meanwhile) before anything is decided, and the decision is taken on the row as it is then: of two admins approving the same company at once, the second waits for the
 * first and finds it approved, so the owner is told once and the trial date is set once.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Check } from '../../crud/writes';
import { companyApprovedEmail, companyRejectedEmail } from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';
import { html } from '../../services/mail/templates';
import { MANAGING_SUB_ROLES } from '../../../schema/roles';
import { companyEmailProblem } from '../../../schema/rules/companyEmail';
import { createInvitation, inTeam, sendHeldInvitations } from './invitations';
import type { Invite } from './validation';

export const FREE_TRIAL_DAYS = 30;
const ACTIVE = 1;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** A date field's value as the write carries it (a 'YYYY-MM-DD' string, or a Date) as its calendar day. */
const dayOf = (value: unknown): string | undefined =>
  value instanceof Date ? isoDate(value) : typeof value === 'string' ? value.slice(0, 10) : undefined;

/** The company's owner, or its first admin when it has no owner (companies created in the console). */
async function contactOf(trx: Knex.Transaction, companyId: number) {
  return trx('company_users')
    .where({ company_id: companyId, status: 1 })
    .whereIn('role', MANAGING_SUB_ROLES)
    .orderBy('role')
    .orderBy('id')
    .first('email', 'first_name', 'last_name');
}

type Contact = { email: string; first_name: string | null; last_name: string | null } | undefined;

/** Whom a held invitation names as its inviter: the company's contact. */
const inviterOf = (contact: Contact) =>
  contact ? `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim() || null : null;

/**
 * The owner hears of the colleagues an approval could not invite: addresses no longer in the company's
 * domains, which the company knows. Nobody is named for having an account (invitations.ts invites them
 * as anyone, and tells them instead).
 */
function invitesSkippedEmail(config: Config, firstName: string | null, companyName: string, skipped: string[]) {
  const lines = [
    `Hi ${firstName || 'there'},`,
    `${companyName} is approved, but we did not invite ${skipped.join(', ')}: each address is no longer one of ${companyName}'s email domains.`,
    'Once signed in, you can invite colleagues from your team page.',
  ];
  return {
    subject: `Some colleagues of ${companyName} were not invited`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}

/**
 * At approval, the colleagues step 3 named (kept with the pending company, not as accounts) become pending company
 * users and are invited (an address with an account by now as createInvitation invites any: its owner is told). One
 * no longer in the company's domains is left out and named to the owner instead: the approval goes on either way.
 */
async function inviteNamedColleagues(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  contact: Contact,
  validDomains?: string[],
): Promise<void> {
  const company = await trx('companies').where('id', companyId).first('company_name', 'valid_domains', 'held_invites');
  const named = (company.held_invites ?? []) as Invite[];
  if (!named.length) return;
  await trx('companies').where('id', companyId).update({ held_invites: null });
  const domains = (validDomains ?? company.valid_domains ?? []) as string[];
  const inviter = inviterOf(contact);
  const skipped: string[] = [];
  for (const invite of named) {
    if (companyEmailProblem(invite.email, domains)) skipped.push(invite.email);
    else if (!(await inTeam(trx, companyId, invite.email)))
      await createInvitation(trx, config, companyId, invite, true, inviter, domains);
  }
  if (skipped.length && contact)
    await queueEmail(trx, {
      to: contact.email,
      ...invitesSkippedEmail(config, contact.first_name, company.company_name, skipped),
    });
}

/**
 * Side effects of a company status change, for any code path that changes it (the console's edit,
 * bulk status changes). Returns the trial end date to store when the change is a first approval;
 * a release from a hold (or a suspension) only sends the invitations made meanwhile.
 */
export async function onCompanyStatusChange(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  from: number,
  to: number,
  /** The company's domains as the same change leaves them, when it changes them too. */
  validDomains?: string[],
  /** The trial end date ('YYYY-MM-DD') the same change stores, when it sets one: the approval email states it. */
  chosenTrialEnd?: string,
): Promise<string | undefined> {
  if (from === to) return undefined;
  // The row as it is once this change's turn comes: another change of it (a second admin's approval) went first.
  const company = await trx('companies')
    .where('id', companyId)
    .forNoKeyUpdate()
    .first('company_name', 'status', 'approved_at');
  const was = company.status as number;
  if (was === to) return undefined;
  const approvedBefore = company.approved_at !== null;
  // The first approval is the first approval whatever the company was before (not approved, then approved after all).
  if (((was === 0 && to === 2) || to === ACTIVE) && !approvedBefore)
    return firstDecision(trx, config, companyId, company.company_name, to, validDomains, chosenTrialEnd);
  // Released (or no longer suspended): the invitations made meanwhile go out.
  if (to === 1)
    await sendHeldInvitations(
      trx,
      config,
      companyId,
      inviterOf((await contactOf(trx, companyId)) as Contact),
      validDomains,
    );
  return undefined;
}

/** A new company approved (its trial date answered: the one chosen, else 30 days on) or not approved. */
async function firstDecision(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  companyName: string,
  to: number,
  validDomains?: string[],
  chosenTrialEnd?: string,
): Promise<string | undefined> {
  const contact = (await contactOf(trx, companyId)) as Contact;
  if (to === 2) {
    // A company not approved invites nobody: the colleagues it named are forgotten.
    await trx('companies').where('id', companyId).update({ held_invites: null });
    if (contact)
      await queueEmail(trx, {
        to: contact.email,
        ...companyRejectedEmail(config, contact.first_name, companyName),
      });
    return undefined;
  }
  const trialEndsAt = chosenTrialEnd ?? isoDate(new Date(Date.now() + FREE_TRIAL_DAYS * 86400_000));
  await trx('companies').where('id', companyId).update({ approved_at: trx.fn.now() });
  if (contact)
    await queueEmail(trx, {
      to: contact.email,
      ...companyApprovedEmail(config, contact.first_name, companyName, trialEndsAt),
    });
  await inviteNamedColleagues(trx, config, companyId, contact, validDomains);
  await sendHeldInvitations(trx, config, companyId, inviterOf(contact), validDomains);
  return trialEndsAt;
}

/** The company write rule the generic router calls (backend/features/team/companies.ts lists it). */
export const companyStatusChange: Check = async (data, { trx, mode, id, existing, config, entity }) => {
  // A company created active (the console's) is approved as it is created.
  if (mode === 'create' && (data.status ?? entity.fields.status.default) === ACTIVE)
    data.approvedAt = new Date().toISOString();
  if (mode !== 'update' || !existing || !id || data.status === undefined || data.status === existing.status) return;
  if (!config) throw new Error('the company status rule needs the app configuration');
  // The console sends the whole record back; an untouched trial date gives way to the one approval starts, one the
  // admin set in the same save is stored and is the date the approval email states.
  const untouched =
    data.trialEndsAt === undefined || data.trialEndsAt === null || data.trialEndsAt === existing.trialEndsAt;
  const trialEndsAt = await onCompanyStatusChange(
    trx,
    config,
    id,
    existing.status as number,
    data.status as number,
    data.validDomains as string[] | undefined,
    untouched ? undefined : dayOf(data.trialEndsAt),
  );
  if (trialEndsAt && untouched) data.trialEndsAt = trialEndsAt;
};
