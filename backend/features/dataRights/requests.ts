/**
 * The candidate's own erasure request, from their profile page: asking sends a 6-digit code to
 * their address (10 minutes, 5 tries, stored as an HMAC); the code confirms it, and the erasure
 * falls due after the cooling-off period, until which the candidate may cancel. Only a signed-in
 * candidate reaches these, and only for themselves: no id is taken from the request.
 *   GET  /data-rights/me                  what is open, and the cooling-off period
 *   POST /data-rights/erasure             sends the code
 *   POST /data-rights/erasure/confirm     {code}
 *   POST /data-rights/erasure/cancel
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  DATA_RIGHTS_CODE_MAX_TRIES,
  DATA_RIGHTS_CODE_TTL_MINUTES,
  ERASURE_COOLING_OFF_DAYS,
  ERASURE_OPEN,
  ERASURE_STATUS,
  erasureDueAt,
} from '../../../schema/rules/dataRights';
import { actorKey, type Actor } from '../../../schema/roles';
import { ipKey } from '../../auth/rateLimit';
import { hmac, newCode, sameHash } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, forbidden } from '../../errors';
import { ownContact } from '../../services/candidateGate';
import { queueEmail } from '../../services/mail/outbox';
import { erasureCodeEmail, erasureScheduledEmail } from './emails';
import { logDataRights } from './log';
import { candidateOf } from './own';

/** Requests still open: not carried out, not cancelled. */

const digest = (secret: string, requestId: number, code: string) => hmac(secret, `erasure:${requestId}:${code}`);
const code = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1)
      .regex(/^\d{6}$/),
  );

const conflict = (key: string) => new AppError(409, key, undefined, { erasure: key });

interface RequestRow {
  id: number;
  status: number;
  code_hash: string | null;
  attempts: number;
  code_expires_at: Date | null;
  confirmed_at: Date | null;
  due_at: Date | null;
}

const openRequest = (trx: Knex, candidateId: number) =>
  trx<RequestRow>('erasure_requests')
    .where('candidate_id', candidateId)
    .whereIn('status', ERASURE_OPEN)
    .orderBy('id', 'desc')
    .first();

/** What the candidate's page shows: the open request's state, never an admin's reason for a hold. */
function view(r: RequestRow | undefined) {
  return {
    coolingOffDays: ERASURE_COOLING_OFF_DAYS,
    erasure: r
      ? {
          id: `ErasureRequest:${r.id}`,
          status: Object.entries(ERASURE_STATUS).find(([, v]) => v === r.status)?.[0],
          confirmedAt: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
          dueAt: r.due_at ? new Date(r.due_at).toISOString() : null,
        }
      : null,
  };
}

const mine = defineEndpoint({
  method: 'get',
  path: '/data-rights/me',
  summary: "The candidate's own data rights requests",
  access: 'signedIn',
  handler: async ({ actor, ctx }) => view(await openRequest(ctx.knex, candidateOf(actor))),
});

const ask = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasure',
  summary: 'The candidate asks to be erased: a code goes to their address',
  access: 'signedIn',
  limits: ({ actor, req, ctx }) => [
    { key: `erasure:${actorKey(actor)}`, max: ctx.config.rateLimit.perEmail },
    { key: `ip:${ipKey(req.ip)}`, max: ctx.config.rateLimit.perIp },
  ],
  handler: async ({ actor, ctx }) => {
    const candidateId = candidateOf(actor);
    const { config } = ctx;
    const row = await ctx.knex.transaction(async (trx) => {
      // The candidate's row is locked so two requests at once make one; their own address comes from the gate.
      if (!(await trx('candidates').where('id', candidateId).forUpdate().first('id'))) throw forbidden();
      const person = (await ownContact(trx, candidateId))!;
      const open = await openRequest(trx, candidateId);
      if (open && open.status !== ERASURE_STATUS.awaitingCode) throw conflict('erasure.errors.alreadyRequested');
      // Asking again replaces the unconfirmed request's code.
      const [req] = open
        ? [open]
        : await trx('erasure_requests')
            .insert({ candidate_id: candidateId, status: ERASURE_STATUS.awaitingCode })
            .returning('*');
      const sent = newCode();
      await trx('erasure_requests')
        .where('id', req.id)
        .update({
          code_hash: digest(config.secret, req.id, sent),
          attempts: 0,
          code_expires_at: new Date(Date.now() + DATA_RIGHTS_CODE_TTL_MINUTES * 60_000),
          updated_at: new Date(),
        });
      if (!open) await logDataRights(trx, candidateId, 'erasureRequested', actor);
      await queueEmail(trx, { to: person.email, ...erasureCodeEmail(config, person.firstName, sent) });
      return { ...req, status: ERASURE_STATUS.awaitingCode } as RequestRow;
    });
    return { ...view(row), expiresInMinutes: DATA_RIGHTS_CODE_TTL_MINUTES };
  },
});

/**
 * The candidate confirms their erasure request with the emailed code: the request starts its cooling-
 * off period and the candidate is told when erasure is due. A wrong code counts against a few tries.
 */
export async function confirmErasure(ctx: Pick<AppContext, 'knex' | 'config'>, actor: Actor, body: { code: string }) {
  const candidateId = candidateOf(actor);
  const { config } = ctx;
  const outcome = await ctx.knex.transaction(async (trx) => {
    const open = await openRequest(trx, candidateId).forUpdate();
    if (!open || open.status !== ERASURE_STATUS.awaitingCode) return 'none' as const;
    if (!open.code_hash || !open.code_expires_at || new Date(open.code_expires_at) < new Date())
      return 'invalid' as const;
    if (open.attempts >= DATA_RIGHTS_CODE_MAX_TRIES) return 'locked' as const;
    if (!sameHash(open.code_hash, digest(config.secret, open.id, body.code))) {
      await trx('erasure_requests').where('id', open.id).increment('attempts', 1);
      return open.attempts + 1 >= DATA_RIGHTS_CODE_MAX_TRIES ? ('locked' as const) : ('invalid' as const);
    }
    const now = new Date();
    const dueAt = erasureDueAt(now);
    const [done] = await trx('erasure_requests')
      .where('id', open.id)
      .update({
        status: ERASURE_STATUS.coolingOff,
        code_hash: null,
        confirmed_at: now,
        due_at: dueAt,
        updated_at: now,
      })
      .returning('*');
    await logDataRights(trx, candidateId, 'erasureConfirmed', actor, { dueAt: dueAt.toISOString() });
    const person = (await ownContact(trx, candidateId))!;
    await queueEmail(trx, { to: person.email, ...erasureScheduledEmail(config, person.firstName, dueAt) });
    return done as RequestRow;
  });
  if (outcome === 'none') throw conflict('erasure.errors.notOpen');
  if (outcome === 'invalid') throw new AppError(400, 'otp.invalid', undefined, { code: 'otp.invalid' });
  if (outcome === 'locked') throw new AppError(400, 'otp.locked', undefined, { code: 'otp.locked' });
  return view(outcome);
}

const confirm = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasure/confirm',
  summary: 'The candidate confirms their erasure request with the emailed code',
  access: 'signedIn',
  input: { body: z.object({ code }) },
  handler: ({ actor, body, ctx }) => confirmErasure(ctx, actor, body),
});

const cancel = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasure/cancel',
  summary: 'The candidate cancels their erasure request before it is carried out',
  access: 'signedIn',
  handler: async ({ actor, ctx }) => {
    const candidateId = candidateOf(actor);
    await ctx.knex.transaction(async (trx) => {
      const open = await openRequest(trx, candidateId).forUpdate();
      if (!open) throw conflict('erasure.errors.notOpen');
      await trx('erasure_requests')
        .where('id', open.id)
        .update({ status: ERASURE_STATUS.cancelled, code_hash: null, updated_at: new Date() });
      await logDataRights(trx, candidateId, 'erasureCancelled', actor);
    });
    return view(undefined);
  },
});

export const requestEndpoints = [mine, ask, confirm, cancel];
