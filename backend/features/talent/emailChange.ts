/**
 * A candidate changes their email in two steps: a 6-digit code goes to the new address, and the
 * change happens only when that code comes back (10 minutes, 5 tries, stored as an HMAC).
 *   GET candidate-email-change-request/is-send-confirmation-email-for-update/:id?email=new@x
 *   PUT candidate-email-change-request/confirm-email-to-update/:id  {code}
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type Request } from 'express';
import { EMAIL_PATTERN, entity } from '../../../schema';
import { hmac, newCode, sameHash } from '../../auth/tokens';
import { emailUniqueAcrossPeople } from '../../crud/hooks';
import { parseId } from '../../crud/ids';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { queueEmail } from '../mail/outbox';
import { abilityFor } from '../../../schema/ability';
import { emailChangeCodeEmail, emailChangedNotice } from './emails';

const candidate = entity('candidate');
const CODE_TTL_MINUTES = 10;
const MAX_TRIES = 5;

interface Target {
  id: number;
  email: string;
  firstName: string | null;
}

async function target(req: Request): Promise<Target> {
  if (req.actor.role === 'guest') throw unauthorized();
  const id = parseId(candidate, req.params.id);
  if (!id) throw notFound();
  // Declared in the schema: candidates start a change for themselves only, admins for anyone.
  if (!abilityFor(req.actor).can('create', asSubject('CandidateEmailChange', { candidateId: id }))) throw forbidden();
  const row = await req.ctx.knex('candidates').where('id', id).first('id', 'email', 'first_name');
  if (!row) throw notFound();
  return { id: row.id, email: row.email, firstName: row.first_name };
}

const digest = (secret: string, candidateId: number, email: string, code: string) => hmac(secret, `${candidateId}:${email}:${code}`);

export function emailChangeRouter(): Router {
  const router = Router();

  router.get('/is-send-confirmation-email-for-update/:id', async (req, res) => {
    const who = await target(req);
    const raw = typeof req.query.email === 'string' ? req.query.email.trim().toLowerCase() : '';
    if (!raw) throw badRequest({ email: 'email.errors.required' });
    if (!EMAIL_PATTERN.test(raw) || raw.length > 254) throw badRequest({ email: 'email.errors.invalid' });
    if (raw === who.email) throw badRequest({ email: 'email.errors.sameAsCurrent' });
    const { config } = req.ctx;
    await req.ctx.knex.transaction(async (trx) => {
      await emailUniqueAcrossPeople({ email: raw }, { trx, entity: candidate, mode: 'update', id: who.id });
      // A new code cancels the earlier ones.
      await trx('candidate_email_changes').where('candidate_id', who.id).whereNull('used_at').update({ used_at: trx.fn.now() });
      const code = newCode();
      await trx('candidate_email_changes').insert({
        candidate_id: who.id,
        new_email: raw,
        code_hash: digest(config.secret, who.id, raw, code),
        expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      });
      // The candidate's profile page takes the code from the link and asks to confirm (portal/features/candidate-profile).
      const link = `${config.publicUrl}/candidate/profile?emailCode=${code}`;
      await queueEmail(trx, { to: raw, ...emailChangeCodeEmail(config, who.firstName, code, link) });
    });
    res.json({ isSend: true, email: raw, expiresInMinutes: CODE_TTL_MINUTES });
  });

  router.put('/confirm-email-to-update/:id', async (req, res) => {
    const who = await target(req);
    const code = typeof req.body?.code === 'string' || typeof req.body?.code === 'number' ? String(req.body.code).trim() : '';
    if (!/^\d{6}$/.test(code)) throw badRequest({ code: code ? 'code.errors.invalid' : 'code.errors.required' });
    const { config } = req.ctx;
    const outcome = await req.ctx.knex.transaction(async (trx) => {
      const row = await trx('candidate_email_changes')
        .where('candidate_id', who.id)
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .orderBy('id', 'desc')
        .forUpdate()
        .first();
      if (!row) return 'invalid' as const;
      if (row.attempts >= MAX_TRIES) return 'locked' as const;
      if (!sameHash(row.code_hash, digest(config.secret, who.id, row.new_email, code))) {
        await trx('candidate_email_changes').where('id', row.id).increment('attempts', 1);
        return row.attempts + 1 >= MAX_TRIES ? ('locked' as const) : ('invalid' as const);
      }
      // Someone may have taken the address since the code was sent.
      await emailUniqueAcrossPeople({ email: row.new_email }, { trx, entity: candidate, mode: 'update', id: who.id });
      await trx('candidate_email_changes').where('id', row.id).update({ used_at: trx.fn.now() });
      await trx('candidates').where('id', who.id).update({ email: row.new_email, updated_at: trx.fn.now() });
      await queueEmail(trx, { to: who.email, ...emailChangedNotice(config, who.firstName, row.new_email) });
      return row.new_email as string;
    });
    if (outcome === 'invalid') throw new AppError(400, 'otp.invalid', undefined, { code: 'otp.invalid' });
    if (outcome === 'locked') throw new AppError(400, 'otp.locked', undefined, { code: 'otp.locked' });
    res.json({ updated: true, email: outcome });
  });
  return router;
}
