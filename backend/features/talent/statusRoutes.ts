/**
 * Candidate status changes outside the generic update: the candidate pausing or activating their
 * own profile, and the admins' bulk status change, which warns before overriding a status the
 * candidate chose (spec section 4).
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type Request, type Response } from 'express';
import { entity } from '../../../schema';
import { findRow, readOne } from '../../crud/router';
import { parseId } from '../../crud/ids';
import type { Row } from '../../crud/serialize';
import { cleanValue, FieldError } from '../../crud/validate';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { abilityFor } from '../../../schema/ability';
import { scopeQuery } from '../../permissions/sql';
import { selfStatusChange, type SelfStatusAction } from '../../../schema/rules/candidate';

const candidate = entity('candidate');
const MAX_BULK = 500;

export function statusRouter(): Router {
  const router = Router();

  const selfChange = (action: SelfStatusAction) => async (req: Request, res: Response) => {
    if (req.actor.role === 'guest') throw unauthorized();
    const ability = abilityFor(req.actor);
    const id = parseId(candidate, req.params.id);
    const row = id ? await findRow(req.ctx.knex, candidate, req, id, 'update') : undefined;
    if (!row) throw notFound();
    // Declared in the schema: the candidate's own update rule lists selfChosenStatus.
    if (!ability.can('update', asSubject(candidate.subject, { ...row }), 'selfChosenStatus')) throw forbidden();
    const next = selfStatusChange({ status: row.status as number, selfChosenStatus: row.selfChosenStatus as boolean }, action);
    if ('error' in next) throw new AppError(409, next.error);
    await req.ctx.knex('candidates').where('id', row.id).update({ status: next.status, self_chosen_status: true, updated_at: req.ctx.knex.fn.now() });
    const updated = (await findRow(req.ctx.knex, candidate, req, row.id)) as Row;
    res.json(await readOne(req.ctx.knex, candidate, ability, updated));
  };
  router.post('/:id/pause', selfChange('pause'));
  router.post('/:id/activate', selfChange('activate'));

  /** {candidates: [ids], status, confirm?}: 409 listing the candidates who chose their status unless confirmed. */
  router.post('/update/status', async (req, res) => {
    if (req.actor.role === 'guest') throw unauthorized();
    const ability = abilityFor(req.actor);
    if (!ability.can('update', candidate.subject, 'status')) throw forbidden();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    let status: number | undefined;
    try {
      status = cleanValue(candidate.fields.status, body.status) as number;
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      errors.status = `status.errors.${err.rule}`;
    }
    if (body.status === undefined || body.status === null) errors.status = 'status.errors.required';
    const raw = Array.isArray(body.candidates) ? body.candidates : [];
    const ids = raw.map((v) => parseId(candidate, v));
    if (!raw.length) errors.candidates = 'candidates.errors.required';
    else if (raw.length > MAX_BULK) errors.candidates = 'candidates.errors.tooMany';
    else if (ids.some((v) => v === undefined)) errors.candidates = 'candidates.errors.invalid';
    if (Object.keys(errors).length) throw badRequest(errors);
    const wanted = [...new Set(ids as number[])];

    const result = await req.ctx.knex.transaction(async (trx) => {
      const query = trx('candidates').whereIn('id', wanted).select('id', 'status', 'self_chosen_status').forUpdate();
      scopeQuery(query, ability, 'update', candidate.subject, 'candidates');
      const rows = (await query) as { id: number; status: number; self_chosen_status: boolean }[];
      if (rows.length !== wanted.length) return { outcome: 'missing' as const, ids: [] };
      const chosen = rows.filter((r) => r.self_chosen_status && r.status !== status).map((r) => r.id);
      if (chosen.length && body.confirm !== true) return { outcome: 'chosen' as const, ids: chosen };
      await trx('candidates').whereIn('id', wanted).update({ status, self_chosen_status: false, updated_at: trx.fn.now() });
      return { outcome: 'updated' as const, ids: wanted };
    });
    if (result.outcome === 'missing') throw badRequest({ candidates: 'candidates.errors.notFound' });
    if (result.outcome === 'chosen') {
      // The console asks the admin to confirm, then sends the same request with confirm: true.
      throw new AppError(409, 'candidates.errors.selfChosenStatus', undefined, undefined, { candidates: result.ids.map((id) => `${candidate.idPrefix}${id}`) });
    }
    const updated = result.ids;
    res.json({ updated: updated.length, status, candidates: updated.map((id) => `${candidate.idPrefix}${id}`) });
  });
  return router;
}
