/**
 * /api/v1/auth-company/invite-signup: an invited colleague checks the link (which answers the name
 * the inviter typed, so they need not type it again) and completes their account, which signs them in,
 * while the address is still in the company's domains (else 400 with the address's field error). The
 * check says so too (400 `invite.outsideDomains`), so the page shows why before anything is typed.
 */
import { z } from 'zod';
import { entity } from '../../../schema';
import { assertMaySignIn, findAccount } from '../../auth/accounts';
import { respondWithLogin } from '../../auth/login';
import { modelFor } from '../../db/models';
import { defineEndpoint } from '../../endpoints/define';
import { AppError } from '../../errors';
import { assertInDomains, domainsProblem, findLiveInvitation } from './invitations';
import { validatePerson } from './validation';

const BASE = '/auth-company/invite-signup';
/** The link's token is checked by findLiveInvitation (required, shape, then the row); bodies by the sign-up rules. */
const withToken = z.object({ cist: z.unknown().optional() });
const anyBody = z.record(z.string(), z.unknown());

const check = defineEndpoint({
  method: 'get',
  path: `${BASE}/check`,
  summary: 'Answers who an invitation link is for, the company and the name the inviter typed',
  access: 'public',
  input: { query: withToken },
  handler: async ({ query, ctx }) => {
    const invitation = await findLiveInvitation(ctx.knex, query.cist);
    // The company may have dropped the address's domain since it invited: completing would be refused.
    const problem = await domainsProblem(ctx.knex, invitation);
    if (problem) throw new AppError(400, 'invite.outsideDomains', undefined, { email: problem });
    return {
      email: invitation.email,
      companyName: invitation.company_name,
      role: invitation.role,
      // Only the names the inviter gave: the page fills them in for the invitee.
      ...(invitation.first_name ? { firstName: invitation.first_name } : {}),
      ...(invitation.last_name ? { lastName: invitation.last_name } : {}),
    };
  },
});

const complete = defineEndpoint({
  method: 'put',
  path: `${BASE}/complete`,
  summary: 'Completes an invited colleague’s account and signs them in',
  access: 'public',
  input: { body: anyBody },
  raw: true,
  handler: async ({ body, req, res, ctx }) => {
    const person = validatePerson(body);
    const account = await ctx.knex.transaction(async (trx) => {
      const invitation = await findLiveInvitation(trx, body.cist, true);
      if (person.email !== invitation.email.toLowerCase())
        throw new AppError(400, 'invite.mismatch', undefined, { email: 'email.errors.mismatch' });
      // The company may have dropped the address's domain since it invited: the account would be outside them.
      await assertInDomains(trx, invitation);
      await modelFor(entity('companyUser'))
        .query(trx)
        .patchAndFetchById(invitation.company_user_id, {
          firstName: person.firstName,
          lastName: person.lastName,
          phone: person.phone,
          jobTitle: person.jobTitle,
          status: 1,
          updatedAt: new Date().toISOString(),
        } as never);
      await trx('invitations').where('id', invitation.id).update({ used_at: trx.fn.now(), updated_at: trx.fn.now() });
      const found = await findAccount(trx, { kind: 'companyUser', id: invitation.company_user_id });
      if (!found) throw new AppError(404, 'invite.notFound');
      // Refused sign-ins (company suspended meanwhile) leave the invitation unused.
      assertMaySignIn(found);
      return found;
    });
    await respondWithLogin(req, res, account);
  },
});

export const inviteSignupEndpoints = [check, complete];
