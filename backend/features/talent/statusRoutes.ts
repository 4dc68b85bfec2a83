/**
 * The candidate's status has routes of its own, and no other: the candidate pausing or activating
 * their own profile, and the admins' bulk change, which warns before overriding a status the
 * candidate chose (spec section 4). The generic PUT /candidates/status is not mounted.
 *   POST candidates/:id/pause · POST candidates/:id/activate
 *   POST candidates/update/status  {candidates: [ids], status, confirm?}: candidates no longer there are skipped and
 *     answered as `gone`; `updated` counts those whose status changed, `unchanged` those that already had it.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { formatId } from '../../../schema/lib/ids';
import { overridesOwnStatus, selfStatusChange, type SelfStatusAction } from '../../../schema/rules/candidate';
import { flag, id, ids, oneOf } from '../../../schema/validation/inputs';
import type { Config } from '../../config';
import { modelFor } from '../../db/models';
import { missingOf, statusAnswer } from '../../crud/bulkAnswer';
import { findRow, readOne } from '../../crud/router';
import type { Row } from '../../crud/serialize';
import { writeContextOf } from '../../crud/writes';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { lockedCandidate, saveCandidate } from './candidates';
import { prepareCandidate, writeCandidates } from './writeCandidates';

/** What helpers need of a call. */
type Caller = Pick<Call, 'actor' | 'ability' | 'ctx' | 'req'>;

const candidate = entity('candidate');
const MAX_BULK = 500;
const STATUSES = (candidate.fields.status.choices ?? []).map((c) => c.id);

const writeContext = (call: Caller, trx: Knex.Transaction) => writeContextOf(call, trx, candidate);

const selfChange = (action: SelfStatusAction) =>
  defineEndpoint({
    method: 'post',
    path: `/candidates/:id/${action}`,
    summary:
      action === 'pause' ? 'The candidate pauses their own profile' : 'The candidate activates the profile they paused',
    access: 'signedIn',
    input: { params: z.object({ id: id('candidate') }) },
    // Declared in the schema: the candidate's own update rule lists selfChosenStatus.
    row: { entity: 'candidate', action: 'update', field: 'selfChosenStatus' },
    handler: async (call) => {
      const { row, ctx } = call;
      await ctx.knex.transaction(async (trx) => {
        const current = (await lockedCandidate(trx, row.id)) as Row;
        const next = selfStatusChange(
          {
            status: current.status as number,
            selfChosenStatus: current.selfChosenStatus as boolean,
            pausedFrom: current.pausedFrom as number | null,
          },
          action,
        );
        if ('error' in next) throw new AppError(409, next.error);
        await saveCandidate(writeContext(call, trx), {
          id: row.id,
          data: { status: next.status, selfChosenStatus: true, pausedFrom: next.pausedFrom },
        });
      });
      return readOne(ctx.knex, candidate, call.ability, (await findRow(ctx.knex, candidate, call.req, row.id)) as Row);
    },
  });

type BulkBody = { candidates: number[]; status: number; confirm?: boolean };

/**
 * Changes the status of the candidates the admin may update, in one transaction: those deleted meanwhile are skipped
 * and named (`gone`), those already in the status counted (`unchanged`).
 */
async function changeStatuses(trx: Knex.Transaction, ability: AppAbility, body: BulkBody, config: Config) {
  const query = modelFor(candidate).query(trx).whereIn('candidates.id', body.candidates).forUpdate();
  scopeQuery(query, ability, 'update', candidate.subject, candidate.table);
  const rows = (await query).map((r) => r.toJSON() as Row);
  // Candidates no longer there (deleted meanwhile) are skipped and named in the answer, not a refusal of the rest.
  const gone = missingOf(
    body.candidates,
    rows.map((r) => r.id as number),
  );
  const changing = rows.filter((r) => r.status !== body.status);
  const chosen = changing.filter((r) => overridesOwnStatus(r, { status: body.status })).map((r) => r.id);
  // The console asks the admin to confirm, then sends the same request with confirm: true.
  if (chosen.length && body.confirm !== true) {
    throw new AppError(409, 'candidates.errors.selfChosenStatus', undefined, undefined, {
      candidates: chosen.map((n) => formatId(candidate, n)),
    });
  }
  const rowsOut = changing.map((r) =>
    prepareCandidate({ data: { status: body.status, selfChosenStatus: false }, children: [] }, r.id, r),
  );
  await writeCandidates(trx, rowsOut, { config });
  return { changed: changing.map((r) => r.id), unchanged: rows.length - changing.length, gone };
}

const bulkStatus = defineEndpoint({
  method: 'post',
  path: '/candidates/update/status',
  summary: "Admins change candidates' status, warned first about statuses the candidates chose",
  access: { action: 'update', subject: candidate.subject, field: 'status' },
  input: {
    body: z.object({ candidates: ids('candidate', MAX_BULK), status: oneOf(STATUSES), confirm: flag().optional() }),
  },
  handler: async (call) => {
    const { body, ctx, ability } = call;
    const result = await ctx.knex.transaction((trx) => changeStatuses(trx, ability, body, ctx.config));
    // Only the candidates whose status changed count as updated; the others already had it, or were gone.
    // The answer of every bulk status change (crud/bulkAnswer.ts), with the status and the candidates it changed.
    return {
      ...statusAnswer(candidate, { updated: result.changed.length, unchanged: result.unchanged, gone: result.gone }),
      status: body.status,
      candidates: result.changed.map((n) => formatId(candidate, n)),
    };
  },
});

export const statusEndpoints = [selfChange('pause'), selfChange('activate'), bulkStatus];
