/**
 * Company self sign-up in three steps (You, Company, Team) under /api/v1/auth/company/self/signup.
 * Steps 1 and 2 are kept in a draft behind the signupToken; step 3 creates the pending company,
 * its owner and the invitations in one transaction and tells the owner and the admins.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { emailTaken, refusal } from '../../auth/accounts';
import { tokenShape } from '../../auth/login';
import { newToken, sha256 } from '../../auth/tokens';
import { AppError, badRequest } from '../../errors';
import { adminNewCompanyEmail, signupReceivedEmail } from '../mail/accountEmails';
import { queueEmail } from '../mail/outbox';
import { createInvitation } from './invitations';
import { domainOf, validateInvites, validateStepOne, validateStepTwo, type CompanyDetails, type Person } from './validation';

/** A sign-up left unfinished for a day starts again. */
const DRAFT_TTL_HOURS = 24;

interface Draft {
  id: number;
  email: string;
  step: number;
  person: Person;
  company_details: CompanyDetails | null;
  expires_at: Date;
  completed_at: Date | null;
}

const body = (raw: unknown) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;

/** The live draft behind a signupToken: signup.invalid when unknown or expired, signup.completed when done. */
async function findDraft(knex: Knex | Knex.Transaction, raw: unknown, lock = false): Promise<Draft> {
  if (raw === undefined || raw === null || raw === '') throw badRequest({ signupToken: 'signupToken.errors.required' });
  const token = tokenShape(raw);
  if (!token) throw new AppError(400, 'signup.invalid');
  const q = knex('signup_drafts').where('token_hash', sha256(token)).first();
  if (lock) q.forUpdate();
  const draft = (await q) as Draft | undefined;
  if (!draft) throw new AppError(400, 'signup.invalid');
  if (draft.completed_at) throw new AppError(409, 'signup.completed');
  if (new Date(draft.expires_at).getTime() <= Date.now()) throw new AppError(400, 'signup.invalid');
  return draft;
}

export function signupRouter(): Router {
  const router = Router();

  router.post('/step-1', async (req, res) => {
    const input = body(req.body);
    const person = await validateStepOne(req.ctx.knex, input);
    // Coming back to step 1 with the token keeps the draft (and step 2) instead of starting over.
    if (input.signupToken) {
      const draft = await findDraft(req.ctx.knex, input.signupToken);
      await req.ctx.knex('signup_drafts').where('id', draft.id).update({ email: person.email, person, updated_at: req.ctx.knex.fn.now() });
      res.json({ signupToken: tokenShape(input.signupToken) });
      return;
    }
    const signupToken = newToken();
    await req.ctx.knex('signup_drafts').insert({
      token_hash: sha256(signupToken),
      email: person.email,
      step: 1,
      person,
      expires_at: new Date(Date.now() + DRAFT_TTL_HOURS * 3600_000),
    });
    res.json({ signupToken });
  });

  router.post('/step-2', async (req, res) => {
    const input = body(req.body);
    const draft = await findDraft(req.ctx.knex, input.signupToken);
    const details = await validateStepTwo(req.ctx.knex, input, draft.email);
    await req.ctx.knex('signup_drafts').where('id', draft.id).update({ step: 2, company_details: details, updated_at: req.ctx.knex.fn.now() });
    res.json({ signupToken: tokenShape(input.signupToken) });
  });

  router.post('/step-3', async (req, res) => {
    const input = body(req.body);
    const { config } = req.ctx;
    await req.ctx.knex.transaction(async (trx) => {
      const draft = await findDraft(trx, input.signupToken, true);
      if (draft.step < 2 || !draft.company_details) throw new AppError(400, 'signup.invalid');
      const details = draft.company_details;
      const person = draft.person;
      // Step 1 may have been redone with another address after step 2.
      if (!details.validDomains.includes(domainOf(draft.email))) throw badRequest({ validDomains: 'validDomains.errors.mustIncludeEmailDomain' });
      const invites = await validateInvites(trx, input.invites, details.validDomains, draft.email);
      if (await emailTaken(trx, draft.email)) throw refusal('email.exists', 400, { email: 'email.errors.exists' });

      const [created] = await trx('companies')
        .insert({
          company_name: details.companyName,
          legal_entity_name: details.legalEntityName,
          company_registration_number: details.companyRegistrationNumber,
          address: details.address,
          countries: details.countries,
          valid_domains: details.validDomains,
          company_source: details.companySource,
          company_source_other: details.companySourceOther,
          company_type: 2,
          // Pending until an admin approves it; the 30-day free trial starts at approval.
          status: 0,
          checked: false,
        })
        .returning('id');
      const companyId = created.id as number;
      await trx('company_users').insert({
        company_id: companyId,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: person.phone,
        job_title: person.jobTitle,
        role: 0,
        status: 1,
      });
      const ownerName = `${person.firstName} ${person.lastName}`;
      for (const invite of invites) await createInvitation(trx, config, companyId, invite, false, ownerName);
      await trx('signup_drafts').where('id', draft.id).update({ completed_at: trx.fn.now(), company_id: companyId, updated_at: trx.fn.now() });

      await queueEmail(trx, { to: person.email, ...signupReceivedEmail(config, person.firstName, details.companyName) });
      const admins = (await trx('admins').where('status', 1).pluck('email')) as string[];
      for (const to of admins) await queueEmail(trx, { to, ...adminNewCompanyEmail(config, details.companyName, ownerName, person.email, companyId) });
    });
    res.json({ success: true });
  });

  return router;
}
