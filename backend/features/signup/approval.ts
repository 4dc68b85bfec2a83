/**
 * Approval of self-signed-up companies. When an admin moves a company from Pending (0) to Active (1)
 * the 30-day free trial starts, the owner is told and the held invitations go out; Pending to
 * Inactive (2) tells the owner it was not approved. Runs inside the write's transaction.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Check } from '../../crud/writes';
import { companyApprovedEmail, companyRejectedEmail } from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';
import { MANAGING_SUB_ROLES } from '../../../schema/roles';
import { sendHeldInvitations } from './invitations';

export const FREE_TRIAL_DAYS = 30;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The company's owner, or its first admin when it has no owner (companies created in the console). */
async function contactOf(trx: Knex.Transaction, companyId: number) {
  return trx('company_users')
    .where({ company_id: companyId, status: 1 })
    .whereIn('role', MANAGING_SUB_ROLES)
    .orderBy('role')
    .orderBy('id')
    .first('email', 'first_name', 'last_name');
}

/**
 * Side effects of a company status change, for any code path that changes it (the console's edit,
 * bulk status changes). Returns the trial end date to store when the change is an approval.
 */
export async function onCompanyStatusChange(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  from: number,
  to: number,
): Promise<string | undefined> {
  if (from !== 0 || (to !== 1 && to !== 2)) return undefined;
  const company = await trx('companies').where('id', companyId).first('company_name');
  const contact = await contactOf(trx, companyId);
  if (to === 2) {
    if (contact)
      await queueEmail(trx, {
        to: contact.email,
        ...companyRejectedEmail(config, contact.first_name, company.company_name),
      });
    return undefined;
  }
  const trialEndsAt = isoDate(new Date(Date.now() + FREE_TRIAL_DAYS * 86400_000));
  if (contact)
    await queueEmail(trx, {
      to: contact.email,
      ...companyApprovedEmail(config, contact.first_name, company.company_name, trialEndsAt),
    });
  await sendHeldInvitations(
    trx,
    config,
    companyId,
    contact ? `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim() : null,
  );
  return trialEndsAt;
}

/** The company write rule the generic router calls (backend/features/team/companies.ts lists it). */
export const companyStatusChange: Check = async (data, { trx, mode, id, existing, config }) => {
  if (mode !== 'update' || !existing || !id || data.status === undefined || data.status === existing.status) return;
  if (!config) throw new Error('the company status rule needs the app configuration');
  const trialEndsAt = await onCompanyStatusChange(trx, config, id, existing.status as number, data.status as number);
  // The console sends the whole record back; an untouched trial date gives way to the one approval starts.
  const untouched =
    data.trialEndsAt === undefined || data.trialEndsAt === null || data.trialEndsAt === existing.trialEndsAt;
  if (trialEndsAt && untouched) data.trialEndsAt = trialEndsAt;
};
