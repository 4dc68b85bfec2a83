/**
 * A company's rules beyond its declaration: approving a self-signed-up company starts its trial and
 * sends its held invitations (signup/approval.ts), and a company with people in it is never
 * deleted silently with them: its users are moved or deleted first, each by the team's rules, and its projects' booked
 * interviews are cancelled and their stored files deleted (projects/projectWrites.ts) before the projects go with it. A company suspended or
 * held signs all its people out: their sessions end, and its approval again brings none back. Its email domains,
 * however written (the console too), are business domains, as sign-up asks (schema/validation/signup.ts companyDomains).
 */
import { companyUser } from '../../../schema/entities/companyUser';
import { companyDomains, problemOf } from '../../../schema/validation/signup';
import { endBarredSessions } from '../../auth/session';
import { modelFor } from '../../db/models';
import { checks, type Check, type EntityWrites } from '../../crud/writes';
import { AppError, badRequest } from '../../errors';
import { companyProjectsFollowStatus, companyProjectsGo } from '../projects';
import { companyStatusChange } from '../signup';

/** The domains written are the sign-up's: well formed business domains, at least one. */
const domainsCheck: Check = async (data) => {
  if (data.validDomains === undefined) return;
  const problem = problemOf(companyDomains(), data.validDomains);
  if (problem) throw badRequest({ validDomains: problem });
};

export const companyWrites: EntityWrites = {
  check: checks(domainsCheck, companyStatusChange),
  after: async (ctx, data) => {
    // A pending or inactive company's projects become inactive; they return as they were when it is active again.
    await companyProjectsFollowStatus(ctx, data);
    if (data.status === undefined || ctx.id === undefined) return;
    const users = (await ctx.trx('company_users').where('company_id', ctx.id).pluck('id')) as number[];
    await endBarredSessions(ctx.trx, 'companyUser', users);
  },
  beforeDelete: async ({ trx, config, existing }) => {
    const [{ n }] = (await modelFor(companyUser)
      .query(trx)
      .where('company_id', existing.id)
      .count({ n: '*' })) as unknown as { n: number }[];
    if (Number(n) > 0) throw new AppError(409, 'company.hasUsers', undefined, undefined, { users: Number(n) });
    // Its projects go with it by cascade, their requests and chats too: their booked interviews are cancelled and
    // their stored files queued for deletion first.
    await companyProjectsGo(trx, config, existing.id as number);
  },
};
