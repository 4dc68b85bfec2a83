/**
 * Community sign-up under /api/v1/auth/community: by name and email, by magic link, or from a
 * Google or LinkedIn round trip. An address is proven before anything is reserved: the name-and-
 * email and magic-link forms email a link, and the account exists once the link is opened
 * (`completeCommunitySignup`, backend/auth/communitySignup.ts). Both forms answer the same whether or not the address already has
 * an account; its owner is told by email instead. Community users then go to the community site
 * (COMMUNITY_URL), or to the product's own welcome page when none is configured. The asking browser is bound to the
 * address either way (backend/auth/linkBinding.ts), so the link opens there without a question.
 * Every form carries `agreeTerms` (spec section 5; schema/validation/community.ts): without it the
 * answer is 400 at the field and nothing is emailed or reserved. The time it was agreed travels with the
 * pending sign-up (the emailed link's payload, or the social return's request) and is stored on the
 * account as terms_accepted_at.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { agreeTerms } from '../../../schema/validation/community';
import { email, line } from '../../../schema/validation/inputs';
import { findAccountByEmail, greetingName, refusal } from '../../auth/accounts';
import { communityDestination, completeCommunitySignup } from '../../auth/communitySignup';
import { bindLinkToBrowser } from '../../auth/linkBinding';
import { issueMagicLink, type PendingSignup } from '../../auth/magicLink';
import { signupSendLimits } from '../../auth/rateLimit';
import { consumeSocialKey } from '../../auth/socialKeys';
import type { Config } from '../../config';
import { defineEndpoint } from '../../endpoints/define';
import { accountExistsNotice } from '../../services/mail/accountEmails';
import { queueEmail } from '../../services/mail/outbox';

const METHOD = { traditionalEmail: 1, magicLink: 2, google: 3, linkedin: 4 } as const;
const PROVIDER_METHOD: Record<number, number> = { 1: METHOD.google, 2: METHOD.linkedin };
const NAME_MAX = 80;
const now = () => new Date().toISOString();

/** Emails the sign-up link, or tells the owner of a taken address: the caller cannot tell which. */
async function offerSignup(
  trx: Knex.Transaction,
  config: Config,
  address: string,
  signup: PendingSignup,
  ip: string | undefined,
): Promise<void> {
  const existing = await findAccountByEmail(trx, address);
  // A community member asking again (link lost) gets a sign-in link; anyone else's address is only told.
  if (existing?.kind === 'community') await issueMagicLink(trx, config, address, existing.firstName, undefined, ip);
  else if (existing) await queueEmail(trx, { to: address, ...accountExistsNotice(config, greetingName(existing)) });
  else await issueMagicLink(trx, config, address, signup.firstName ?? null, undefined, ip, signup);
}

const traditionalSignup = defineEndpoint({
  method: 'post',
  path: '/auth/community/traditional-email/signup',
  summary: 'Emails a link that creates a community account by name and email once opened',
  access: 'public',
  input: {
    body: z.object({ firstName: line(NAME_MAX), lastName: line(NAME_MAX), email: email(), agreeTerms: agreeTerms() }),
  },
  limits: ({ body, req, ctx }) => signupSendLimits(ctx.config, body.email, req.ip),
  handler: async ({ body, req, res, ctx }) => {
    await ctx.knex.transaction((trx) =>
      offerSignup(
        trx,
        ctx.config,
        body.email,
        {
          method: METHOD.traditionalEmail,
          firstName: body.firstName,
          lastName: body.lastName,
          termsAcceptedAt: now(),
        },
        req.ip,
      ),
    );
    bindLinkToBrowser(req, res, body.email);
    return { success: true, message: 'messages.signupLinkSent' };
  },
});

const magicLinkSignup = defineEndpoint({
  method: 'post',
  path: '/auth/community/magic-link/signup',
  summary: 'Emails a link that creates a community account once opened',
  access: 'public',
  input: { body: z.object({ email: email(), agreeTerms: agreeTerms() }) },
  limits: ({ body, req, ctx }) => signupSendLimits(ctx.config, body.email, req.ip),
  handler: async ({ body, req, res, ctx }) => {
    await ctx.knex.transaction((trx) =>
      offerSignup(trx, ctx.config, body.email, { method: METHOD.magicLink, termsAcceptedAt: now() }, req.ip),
    );
    bindLinkToBrowser(req, res, body.email);
    return { success: true };
  },
});

const socialSignup = defineEndpoint({
  method: 'post',
  path: '/auth/community/social/signup',
  summary: 'Creates a community account from a Google or LinkedIn round trip (the provider proved the address)',
  access: 'public',
  // The page asks for the terms box before the round trip and sends it back with the key.
  input: { body: z.object({ gnbsl: z.string().max(512), agreeTerms: agreeTerms() }) },
  handler: async ({ body, ctx }) => {
    await ctx.knex.transaction(async (trx) => {
      const key = await consumeSocialKey(trx, body.gnbsl, 'signupCommunity');
      // The provider showed this person owns the address, so telling them it has an account tells no one else.
      if (await findAccountByEmail(trx, key.email))
        throw refusal('email.exists', 400, { email: 'email.errors.exists' });
      await completeCommunitySignup(trx, ctx.config, key.email, {
        method: PROVIDER_METHOD[key.provider],
        firstName: key.first_name ?? undefined,
        lastName: key.last_name ?? undefined,
        termsAcceptedAt: now(),
      });
    });
    return { success: true, redirectUrl: communityDestination(ctx.config) };
  },
});

export const communityEndpoints = [traditionalSignup, magicLinkSignup, socialSignup];
