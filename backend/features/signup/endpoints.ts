/**
 * Company self sign-up in three steps (You, Company, Team) under /api/v1/auth/company/self/signup.
 * Step 1 keeps the person in a draft behind the signupToken and emails a 6-digit code to their
 * address; step 2 opens only once that code is confirmed, so nobody can claim a company's domain
 * with an address they do not read. Step 1 answers the same whether or not the address has an
 * account: its owner gets a notice instead of a code, and the draft can never be confirmed.
 * Step 3 creates the pending company and its owner in one transaction, and keeps the colleagues it invites with the
 * company: they become pending company users, and are emailed, only when an admin approves it (approval.ts), so a
 * sign-up nobody reviewed yet holds no address.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { emailTaken, findAccountByEmail, greetingName, refusal } from '../../auth/accounts';
import { tokenShape } from '../../auth/login';
import { enforceRateLimits, signupSendLimits } from '../../auth/rateLimit';
import { hmac, newCode, newToken, sameHash, sha256 } from '../../auth/tokens';
import { COMPANY_TYPES, SUB_ROLES } from '../../../schema/roles';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import {
  accountExistsNotice,
  adminNewCompanyEmail,
  signupCodeEmail,
  signupReceivedEmail,
} from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';
import { openInvitationNotice, openInvitationOf } from './invitations';
import {
  claimedDomainProblem,
  companiesWithDomains,
  domainOf,
  validateInvites,
  validateStepOne,
  validateStepTwo,
  type CompanyDetails,
  type Person,
} from './validation';
import { adminRecipients, byEmail, companyAwaitsApproval } from '../notifications';

/** A sign-up left unfinished for a day starts again. */
const DRAFT_TTL_HOURS = 24;
const CODE_TTL_MINUTES = 10;
const MAX_TRIES = 5;
const BASE = '/auth/company/self/signup';

interface Draft {
  id: number;
  email: string;
  step: number;
  person: Person;
  company_details: CompanyDetails | null;
  expires_at: Date;
  completed_at: Date | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: number;
  email_confirmed_at: Date | null;
}

/** Bodies are checked field by field by the sign-up rules; here only their shape. */
const anyBody = z.record(z.string(), z.unknown());
const token = z.unknown().optional();
const code = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{6}$/));

/** The live draft behind a signupToken: signup.invalid when unknown or expired, signup.completed when done. */
async function findDraft(knex: Knex | Knex.Transaction, raw: unknown, lock = false): Promise<Draft> {
  if (raw === undefined || raw === null || raw === '') throw badRequest({ signupToken: 'signupToken.errors.required' });
  const shaped = tokenShape(raw);
  if (!shaped) throw new AppError(400, 'signup.invalid');
  const q = knex('signup_drafts').where('token_hash', sha256(shaped)).first();
  if (lock) q.forUpdate();
  const draft = (await q) as Draft | undefined;
  if (!draft) throw new AppError(400, 'signup.invalid');
  if (draft.completed_at) throw new AppError(409, 'signup.completed');
  if (new Date(draft.expires_at).getTime() <= Date.now()) throw new AppError(400, 'signup.invalid');
  return draft;
}

/**
 * The draft step 1 may keep on coming back with its token: undefined when the token is unknown or the draft expired,
 * so that a sign-up left too long starts over instead of being refused (signup.completed still is).
 */
async function keptDraft(trx: Knex.Transaction, raw: unknown): Promise<Draft | undefined> {
  try {
    return await findDraft(trx, raw, true);
  } catch (err) {
    if (err instanceof AppError && err.code === 'signup.invalid') return undefined;
    throw err;
  }
}

/** Later steps open only on a draft whose address was proven. */
function assertConfirmed(draft: Draft): void {
  if (!draft.email_confirmed_at) throw new AppError(400, 'signup.emailNotConfirmed');
}

const digest = (config: Config, draft: Pick<Draft, 'id' | 'email'>, sent: string) =>
  hmac(config.secret, `signup:${draft.id}:${draft.email}:${sent}`);

/**
 * Emails the draft's address a new code, or tells the owner of a taken address instead (and leaves
 * no code that could confirm it): either way one row is written and one email queued. The code's
 * email greets no one by the name typed in step 1: the address is not proven yet.
 */
async function sendCode(trx: Knex.Transaction, config: Config, draft: Pick<Draft, 'id' | 'email'>): Promise<void> {
  const owner = await findAccountByEmail(trx, draft.email);
  const sent = newCode();
  await trx('signup_drafts')
    .where('id', draft.id)
    .update({
      code_hash: owner ? null : digest(config, draft, sent),
      code_expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      code_attempts: 0,
      email_confirmed_at: null,
      updated_at: trx.fn.now(),
    });
  const invitedTo = owner && (await openInvitationOf(trx, owner));
  if (owner)
    await queueEmail(trx, {
      to: draft.email,
      ...(invitedTo ? openInvitationNotice(config, invitedTo) : accountExistsNotice(config, greetingName(owner))),
    });
  else await queueEmail(trx, { to: draft.email, ...signupCodeEmail(config, sent) });
}

/**
 * Step 1: keeps the person signing up in a draft (the same draft when they come back with the token of a live one;
 * a new draft, with a new token, when that one expired or is unknown) and emails a code to prove their address,
 * within the per-address-and-network and per-IP limits (auth/rateLimit.ts: sign-ups).
 */
export async function startSignup(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  body: Record<string, unknown>,
  ip: string | undefined,
) {
  const person = validateStepOne(body);
  const { config } = ctx;
  return ctx.knex.transaction(async (trx) => {
    // Coming back to step 1 with the token keeps the draft (and step 2) instead of starting over.
    const draft = body.signupToken ? await keptDraft(trx, body.signupToken) : undefined;
    if (draft) {
      await trx('signup_drafts')
        .where('id', draft.id)
        .update({ email: person.email, person, updated_at: trx.fn.now() });
      const signupToken = tokenShape(body.signupToken) as string;
      if (draft.email === person.email && draft.email_confirmed_at) return { signupToken, emailConfirmed: true };
      await enforceRateLimits(trx, config.rateLimit.windowMinutes, signupSendLimits(config, person.email, ip));
      await sendCode(trx, config, { id: draft.id, email: person.email });
      return { signupToken, emailConfirmed: false };
    }
    await enforceRateLimits(trx, config.rateLimit.windowMinutes, signupSendLimits(config, person.email, ip));
    const signupToken = newToken();
    const [created] = await trx('signup_drafts')
      .insert({
        token_hash: sha256(signupToken),
        email: person.email,
        step: 1,
        person,
        expires_at: new Date(Date.now() + DRAFT_TTL_HOURS * 3600_000),
      })
      .returning(['id', 'email']);
    await sendCode(trx, config, created);
    return { signupToken, emailConfirmed: false };
  });
}

const stepOne = defineEndpoint({
  method: 'post',
  path: `${BASE}/step-1`,
  summary: 'Keeps the person signing up in a draft and emails a code to prove their address',
  access: 'public',
  input: { body: anyBody },
  handler: ({ body, req, ctx }) => startSignup(ctx, body, req.ip),
});

const confirmEmail = defineEndpoint({
  method: 'post',
  path: `${BASE}/confirm-email`,
  summary: 'Confirms the address of a sign-up with the code emailed at step 1',
  access: 'public',
  input: { body: z.object({ signupToken: token, code }) },
  handler: async ({ body, ctx }) => {
    const outcome = await ctx.knex.transaction(async (trx) => {
      const draft = await findDraft(trx, body.signupToken, true);
      if (draft.email_confirmed_at) return 'confirmed' as const;
      if (draft.code_attempts >= MAX_TRIES) return 'locked' as const;
      const live = draft.code_hash && draft.code_expires_at && new Date(draft.code_expires_at).getTime() > Date.now();
      if (!live || !sameHash(draft.code_hash as string, digest(ctx.config, draft, body.code))) {
        await trx('signup_drafts').where('id', draft.id).increment('code_attempts', 1);
        return draft.code_attempts + 1 >= MAX_TRIES ? ('locked' as const) : ('invalid' as const);
      }
      await trx('signup_drafts')
        .where('id', draft.id)
        .update({ email_confirmed_at: trx.fn.now(), code_hash: null, updated_at: trx.fn.now() });
      return 'confirmed' as const;
    });
    if (outcome === 'invalid') throw new AppError(400, 'otp.invalid', undefined, { code: 'otp.invalid' });
    if (outcome === 'locked') throw new AppError(400, 'otp.locked', undefined, { code: 'otp.locked' });
    return { signupToken: tokenShape(body.signupToken), emailConfirmed: true };
  },
});

const resendCode = defineEndpoint({
  method: 'post',
  path: `${BASE}/resend-code`,
  summary: 'Emails a new code for the sign-up address',
  access: 'public',
  input: { body: z.object({ signupToken: token }) },
  handler: async ({ body, req, ctx }) => {
    const { config } = ctx;
    await ctx.knex.transaction(async (trx) => {
      const draft = await findDraft(trx, body.signupToken, true);
      if (draft.email_confirmed_at) return;
      await enforceRateLimits(trx, config.rateLimit.windowMinutes, signupSendLimits(config, draft.email, req.ip));
      await sendCode(trx, config, draft);
    });
    return { success: true, message: 'messages.codeSent' };
  },
});

const stepTwo = defineEndpoint({
  method: 'post',
  path: `${BASE}/step-2`,
  summary: 'Keeps the company in the draft',
  access: 'public',
  input: { body: anyBody },
  handler: async ({ body, ctx }) => {
    const draft = await findDraft(ctx.knex, body.signupToken);
    assertConfirmed(draft);
    const details = await validateStepTwo(ctx.knex, body, draft.email);
    await ctx
      .knex('signup_drafts')
      .where('id', draft.id)
      .update({ step: 2, company_details: details, updated_at: ctx.knex.fn.now() });
    return { signupToken: tokenShape(body.signupToken) };
  },
});

/**
 * The active admins emailed of a new sign-up, with the owner and the company's page: those whose
 * companyAwaitsApproval channel includes email (notify.ts `byEmail`, where they stand until they choose), one email
 * each; "in the app" and "off" send none. The notice itself (companyAwaitsApproval) emails nobody: this is its email.
 */
async function adminsEmailedOfSignup(trx: Knex.Transaction): Promise<string[]> {
  return (await byEmail(trx, await adminRecipients(trx), 'companyAwaitsApproval')).map((r) => r.email);
}

/**
 * Step 3: creates the pending company and its owner from a confirmed draft, keeping the invited colleagues with the
 * company until its approval, and tells the owner and the admins; an address taken meanwhile is refused.
 */
export async function completeSignup(ctx: Pick<AppContext, 'knex' | 'config'>, body: Record<string, unknown>) {
  const { config } = ctx;
  await ctx.knex.transaction(async (trx) => {
    const draft = await findDraft(trx, body.signupToken, true);
    assertConfirmed(draft);
    if (draft.step < 2 || !draft.company_details) throw new AppError(400, 'signup.invalid');
    const details = draft.company_details;
    const person = draft.person;
    // Step 1 may have been redone with another address after step 2.
    if (!details.validDomains.includes(domainOf(draft.email)))
      throw badRequest({ validDomains: 'validDomains.errors.mustIncludeEmailDomain' });
    const invites = validateInvites(body.invites, details.validDomains, draft.email);
    // The address was free when its code went out; someone may have taken it since.
    if (await emailTaken(trx, draft.email)) throw refusal('email.exists', 400, { email: 'email.errors.exists' });
    // Another company may have claimed one of the domains since step 2.
    const claimed = await claimedDomainProblem(trx, details.validDomains, draft.email);
    if (claimed) throw badRequest({ validDomains: claimed });

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
        company_type: COMPANY_TYPES.normal,
        // Pending until an admin approves it; the 30-day free trial starts at approval.
        status: 0,
        checked: false,
        held_invites: JSON.stringify(invites),
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
      role: SUB_ROLES.owner,
      status: 1,
    });
    const ownerName = `${person.firstName} ${person.lastName}`;
    // An inactive company claims no domain, yet the admin approving this one is told it shares them.
    const clashes = (await companiesWithDomains(trx, details.validDomains)).filter((c) => c.id !== companyId);
    await trx('signup_drafts')
      .where('id', draft.id)
      .update({ completed_at: trx.fn.now(), company_id: companyId, updated_at: trx.fn.now() });

    await queueEmail(trx, {
      to: person.email,
      ...signupReceivedEmail(config, person.firstName, details.companyName),
    });
    for (const to of await adminsEmailedOfSignup(trx))
      await queueEmail(trx, {
        to,
        ...adminNewCompanyEmail(config, details.companyName, ownerName, person.email, companyId, clashes),
      });
    await companyAwaitsApproval(trx, config, { id: companyId, name: details.companyName });
  });
  return { success: true };
}

const stepThree = defineEndpoint({
  method: 'post',
  path: `${BASE}/step-3`,
  summary:
    'Creates the pending company and its owner, holds its invitations until approval, tells the owner and admins',
  access: 'public',
  input: { body: anyBody },
  handler: ({ body, ctx }) => completeSignup(ctx, body),
});

export const signupEndpoints = [stepOne, confirmEmail, resendCode, stepTwo, stepThree];
