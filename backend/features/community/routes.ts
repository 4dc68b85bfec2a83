/**
 * Community sign-up under /api/v1/auth/community: by name and email, by magic link, or from a
 * Google or LinkedIn round trip. Community users are then sent to the external community site
 * (COMMUNITY_URL).
 */
import { Router, type Request } from 'express';
import { communityUser } from '../../../schema/entities/communityUser';
import { emailTaken, findAccountByEmail, refusal } from '../../auth/accounts';
import { issueMagicLink } from '../../auth/magicLink';
import { limitEmailSends } from '../../auth/rateLimit';
import { emailFrom } from '../../auth/routes';
import { consumeSocialKey } from '../../auth/socialKeys';
import { validateRecord } from '../../crud/validate';
import { badRequest } from '../../errors';
import { communityWelcomeEmail } from '../mail/accountEmails';
import { collect } from '../signup/validation';
import { queueEmail } from '../mail/outbox';

const METHOD = { traditionalEmail: 1, magicLink: 2, google: 3, linkedin: 4 } as const;
const PROVIDER_METHOD: Record<number, number> = { 1: METHOD.google, 2: METHOD.linkedin };

const emailExists = () => refusal('email.exists', 400, { email: 'email.errors.exists' });

export function communityRouter(): Router {
  const router = Router();
  const redirect = (req: Request) => ({ success: true, redirectUrl: req.ctx.config.communityUrl });

  router.post('/traditional-email/signup', async (req, res) => {
    const input = (req.body ?? {}) as Record<string, unknown>;
    let data: Record<string, unknown> = {};
    collect(
      () => (data = validateRecord(communityUser, input, 'create', new Set(['firstName', 'lastName', 'email']))),
      () => {
        // Optional on the entity (a magic-link sign-up has no name yet), required on this form.
        const missing = ['firstName', 'lastName'].filter((name) => typeof input[name] !== 'string' || !(input[name] as string).trim());
        if (missing.length) throw badRequest(Object.fromEntries(missing.map((name) => [name, `${name}.errors.required`])));
      },
    );
    const { config } = req.ctx;
    await req.ctx.knex.transaction(async (trx) => {
      if (await emailTaken(trx, data.email as string)) throw emailExists();
      await trx('community_users').insert({
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        status: 1,
        signup_method: METHOD.traditionalEmail,
      });
      await queueEmail(trx, { to: data.email as string, ...communityWelcomeEmail(config, data.firstName as string) });
    });
    res.json(redirect(req));
  });

  router.post('/magic-link/signup', async (req, res) => {
    const email = emailFrom(req.body);
    const { config } = req.ctx;
    await limitEmailSends(req.ctx.knex, config, email, req.ip);
    await req.ctx.knex.transaction(async (trx) => {
      const existing = await findAccountByEmail(trx, email);
      // Asking again (link lost or expired) sends a new link; other people's accounts are not community accounts.
      if (existing && existing.kind !== 'community') throw emailExists();
      if (!existing) await trx('community_users').insert({ email, status: 0, signup_method: METHOD.magicLink });
      await issueMagicLink(trx, config, email, existing?.firstName ?? null, undefined, req.ip);
    });
    res.json({ success: true });
  });

  router.post('/social/signup', async (req, res) => {
    const { config } = req.ctx;
    await req.ctx.knex.transaction(async (trx) => {
      const key = await consumeSocialKey(trx, (req.body as { gnbsl?: unknown } | undefined)?.gnbsl, 'signupCommunity');
      if (await emailTaken(trx, key.email)) throw emailExists();
      await trx('community_users').insert({
        email: key.email,
        first_name: key.first_name,
        last_name: key.last_name,
        status: 1,
        signup_method: PROVIDER_METHOD[key.provider],
        // The provider verified the address.
        email_confirmed_at: trx.fn.now(),
      });
      await queueEmail(trx, { to: key.email, ...communityWelcomeEmail(config, key.first_name) });
    });
    res.json(redirect(req));
  });

  return router;
}
