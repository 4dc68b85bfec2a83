/**
 * A candidate changes their email in two steps: a 6-digit code goes to the new address, and the
 * change happens only when the signed-in candidate sends that code back (10 minutes, 5 tries,
 * stored as an HMAC). Asking sends an email, so it is a POST (the cross-site check applies) limited
 * per candidate, per address and per IP; it answers the same whether or not the address is taken,
 * and the owner of a taken address is told instead. Confirming answers alike too: a taken address
 * gets a request whose code cannot be typed, so five wrong codes lock it as they lock a real one. The change ends the candidate's other sessions.
 *   POST candidate-email-change-request/is-send-confirmation-email-for-update/:id  {email}
 *   PUT  candidate-email-change-request/confirm-email-to-update/:id                 {code}
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { email, id } from '../../../schema/validation/inputs';
import { findAccountByEmail, greetingName } from '../../auth/accounts';
import { ipKey } from '../../auth/rateLimit';
import { hmac, newCode, sameHash } from '../../auth/tokens';
import { writeContextOf } from '../../crud/writes';
import { modelFor } from '../../db/models';
import type { AppContext } from '../../context';
import type { Row } from '../../crud/serialize';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { queueEmail } from '../../services/mail/outbox';
import { changeCandidateEmail } from './candidates';
import { emailChangedNotice } from '../../services/mail/accountEmails';
import { emailChangeCodeEmail, emailInUseNotice } from './emails';

/** What helpers need of a call. */
type Caller = Pick<Call, 'actor' | 'ability' | 'ctx' | 'req'>;

const candidate = entity('candidate');
const changeRequest = entity('candidateEmailChange');
const CODE_TTL_MINUTES = 10;
const MAX_TRIES = 5;

const digest = (secret: string, candidateId: number, address: string, code: string) =>
  hmac(secret, `${candidateId}:${address}:${code}`);
const params = z.object({ id: id('candidate') });
const code = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1)
      .regex(/^\d{6}$/),
  );

/** Declared in the schema: candidates change their own email; admins may only start it for them. */
function assertMay(call: Caller, action: 'create' | 'update', candidateId: number): void {
  if (!call.ability.can(action, asSubject(changeRequest.subject, { candidateId }))) throw forbidden();
}

/** Codes not used yet, newest first. */
const openRequests = (trx: Knex, candidateId: number) =>
  modelFor(changeRequest)
    .query(trx)
    .where('candidate_id', candidateId)
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc');

/**
 * Sends a code to the address a candidate wants to move to, cancelling earlier requests; an address
 * already taken gets a notice instead, and the answer is the same either way.
 */
export async function requestEmailChange(ctx: Pick<AppContext, 'knex' | 'config'>, row: Row, body: { email: string }) {
  const current = row.email as string;
  if (body.email === current) throw badRequest({ email: 'email.errors.sameAsCurrent' });
  const { config } = ctx;
  await ctx.knex.transaction(async (trx) => {
    // A new request cancels the earlier ones.
    await modelFor(changeRequest)
      .query(trx)
      .patch({ usedAt: new Date().toISOString() })
      .where('candidate_id', row.id)
      .whereNull('used_at');
    const owner = await findAccountByEmail(trx, body.email);
    const sent = newCode();
    // A taken address gets a request too, whose code no one can type (codes are 6 digits): its confirmations use up
    // the same tries and lock alike, so they do not tell whether the address has an account.
    const hashed = owner ? `taken:${sent}` : sent;
    await modelFor(changeRequest)
      .query(trx)
      .insert({
        candidateId: row.id,
        newEmail: body.email,
        codeHash: digest(config.secret, row.id, body.email, hashed),
        expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000).toISOString(),
      });
    if (owner) {
      // Taken: the answer stays the same, and the owner of the address hears of it instead.
      await queueEmail(trx, { to: body.email, ...emailInUseNotice(config, greetingName(owner)) });
      return;
    }
    // The candidate's profile page takes the code from the link and asks to confirm (portal/features/candidate-profile).
    const link = `${config.publicUrl}/candidate/profile?emailCode=${sent}`;
    await queueEmail(trx, { to: body.email, ...emailChangeCodeEmail(config, sent, link) });
  });
  return { isSend: true, email: body.email, expiresInMinutes: CODE_TTL_MINUTES };
}

const requestChange = defineEndpoint({
  method: 'post',
  path: '/candidate-email-change-request/is-send-confirmation-email-for-update/:id',
  summary: 'Sends a code to the address a candidate wants to move to',
  access: { action: 'create', subject: changeRequest.subject },
  input: { params, body: z.object({ email: email() }) },
  // Any candidate's row, so that someone else's is refused (403) before anything is counted.
  row: { entity: 'candidate', action: 'read', scope: false },
  limits: ({ row, body, req, ctx }) => [
    { key: `email-change:${row.id}`, max: ctx.config.rateLimit.perEmail },
    { key: `email:${body.email}`, max: ctx.config.rateLimit.perEmail },
    { key: `ip:${ipKey(req.ip)}`, max: ctx.config.rateLimit.perIp },
  ],
  handler: (call) => {
    assertMay(call, 'create', call.row.id);
    return requestEmailChange(call.ctx, call.row, call.body);
  },
});

const confirmChange = defineEndpoint({
  method: 'put',
  path: '/candidate-email-change-request/confirm-email-to-update/:id',
  summary: 'The signed-in candidate confirms the move with the code sent to the new address',
  access: { action: 'update', subject: changeRequest.subject },
  input: { params, body: z.object({ code }) },
  row: { entity: 'candidate', action: 'read', scope: false },
  handler: async (call) => {
    const { row, body, ctx } = call;
    assertMay(call, 'update', row.id);
    const { config } = ctx;
    const outcome = await ctx.knex.transaction(async (trx) => {
      const request = (await openRequests(trx, row.id).forUpdate().first()) as unknown as
        { id: number; newEmail: string; codeHash: string; attempts: number } | undefined;
      if (!request) return 'invalid' as const;
      if (request.attempts >= MAX_TRIES) return 'locked' as const;
      if (!sameHash(request.codeHash, digest(config.secret, row.id, request.newEmail, body.code))) {
        await modelFor(changeRequest).query(trx).findById(request.id).increment('attempts', 1);
        return request.attempts + 1 >= MAX_TRIES ? ('locked' as const) : ('invalid' as const);
      }
      await modelFor(changeRequest).query(trx).findById(request.id).patch({ usedAt: new Date().toISOString() });
      // Someone may have taken the address since the code was sent.
      await changeCandidateEmail(writeContextOf(call, trx, candidate), row.id, request.newEmail);
      await queueEmail(trx, {
        to: row.email as string,
        ...emailChangedNotice(config, (row.firstName ?? null) as string | null, request.newEmail),
      });
      return request.newEmail;
    });
    if (outcome === 'invalid') throw new AppError(400, 'otp.invalid', undefined, { code: 'otp.invalid' });
    if (outcome === 'locked') throw new AppError(400, 'otp.locked', undefined, { code: 'otp.locked' });
    return { updated: true, email: outcome };
  },
});

export const emailChangeEndpoints = [requestChange, confirmChange];
