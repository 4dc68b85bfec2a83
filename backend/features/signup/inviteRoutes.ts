/**
 * /api/v1/auth-company/invite-signup: an invited colleague checks the link and completes their
 * account, which signs them in.
 */
import { Router } from 'express';
import { assertMaySignIn, findAccount } from '../../auth/accounts';
import { respondWithLogin } from '../../auth/login';
import { AppError } from '../../errors';
import { findLiveInvitation } from './invitations';
import { validatePerson } from './validation';

export function inviteSignupRouter(): Router {
  const router = Router();

  router.get('/check', async (req, res) => {
    const invitation = await findLiveInvitation(req.ctx.knex, req.query.cist);
    res.json({ email: invitation.email, companyName: invitation.company_name, role: invitation.role });
  });

  router.put('/complete', async (req, res) => {
    const input = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const person = validatePerson(input);
    const account = await req.ctx.knex.transaction(async (trx) => {
      const invitation = await findLiveInvitation(trx, input.cist, true);
      if (person.email !== invitation.email.toLowerCase()) throw new AppError(400, 'invite.mismatch', undefined, { email: 'email.errors.mismatch' });
      await trx('company_users').where('id', invitation.company_user_id).update({
        first_name: person.firstName,
        last_name: person.lastName,
        phone: person.phone,
        job_title: person.jobTitle,
        status: 1,
        updated_at: trx.fn.now(),
      });
      await trx('invitations').where('id', invitation.id).update({ used_at: trx.fn.now(), updated_at: trx.fn.now() });
      const found = await findAccount(trx, { kind: 'companyUser', id: invitation.company_user_id });
      if (!found) throw new AppError(404, 'invite.notFound');
      // Refused sign-ins (company suspended meanwhile) leave the invitation unused.
      assertMaySignIn(found);
      return found;
    });
    await respondWithLogin(req, res, account);
  });

  return router;
}
