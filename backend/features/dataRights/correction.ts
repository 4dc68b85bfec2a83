/**
 * Correction requests: a candidate asks, from their profile page, for a field only admins write
 * (schema/rules/dataExport.ts CORRECTABLE_FIELDS) to be corrected, with the value they propose and
 * why; admins see the queue in the console and apply it (the value written through the profile's
 * own write rules) or decline it with a reason the candidate reads on their page; either answer is
 * emailed to the candidate through the outbox, with the admin's reason. One open request per field;
 * every step is written to the data rights log, by ids and the field's name: the reason stays on the
 * request (data_corrections.answer), which an erasure deletes with the person's other rows.
 *   GET  /data-rights/corrections                 the candidate's requests, and the fields they may name
 *   POST /data-rights/corrections                 {field, proposedValue?, note}: no value (absent, null, blank)
 *                                                 asks for the wrong one to be removed, and is stored as null
 *   POST /data-rights/corrections/:id/apply       {value?}: an admin writes it (default: the proposed value)
 *   POST /data-rights/corrections/:id/decline     {reason}
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { CORRECTABLE_FIELDS, CORRECTION_STATUS } from '../../../schema/rules/dataExport';
import type { Actor } from '../../../schema/roles';
import { actorKey, actorRefs } from '../../../schema/roles';
import { id, optionalText } from '../../../schema/validation/inputs';
import { ipKey } from '../../auth/rateLimit';
import { selectRows } from '../../crud/select';
import type { Row } from '../../crud/serialize';
import { validateRecord } from '../../crud/validate';
import { writeContextOf } from '../../crud/writes';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { ownContact } from '../../services/candidateGate';
import { queueEmail } from '../../services/mail/outbox';
import type { Config } from '../../config';
import { candidateWrites } from '../talent';
import { correctionAnsweredEmail } from './emails';
import { logDataRights } from './log';
import { candidateOf } from './own';

const access = { action: 'read', subject: 'DataCorrection' } as const;
const params = z.object({ id: id('dataCorrection') });
const STATUS_NAMES = Object.fromEntries(Object.entries(CORRECTION_STATUS).map(([k, v]) => [v, k]));
const text = (max: number) => z.string().trim().max(max);

interface CorrectionRow {
  id: number;
  candidate_id: number;
  field: string;
  proposed_value: string | null;
  note: string;
  status: number;
  answer: string | null;
  answered_at: Date | null;
  created_at: Date;
}

const view = (r: CorrectionRow) => ({
  id: `DataCorrection:${r.id}`,
  field: r.field,
  proposedValue: r.proposed_value,
  note: r.note,
  status: STATUS_NAMES[r.status],
  answer: r.answer,
  askedAt: new Date(r.created_at).toISOString(),
  answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
});

async function listOf(knex: Knex, candidateId: number) {
  const rows = await knex<CorrectionRow>('data_corrections').where('candidate_id', candidateId).orderBy('id', 'desc');
  return { fields: CORRECTABLE_FIELDS, corrections: rows.map(view) };
}

/** The open request `correctionId`, locked; answered ones are 409. */
async function lockOpen(trx: Knex.Transaction, correctionId: number): Promise<CorrectionRow> {
  const row = await trx<CorrectionRow>('data_corrections').where('id', correctionId).forUpdate().first();
  if (!row) throw notFound();
  if (row.status !== CORRECTION_STATUS.open)
    throw new AppError(409, 'correction.errors.notOpen', undefined, { correction: 'correction.errors.notOpen' });
  return row;
}

/** Records the answer (its reason on the row, not in the log), logs it and emails it to the candidate, in the caller's transaction. */
async function answer(
  trx: Knex.Transaction,
  config: Config,
  row: CorrectionRow,
  actor: Actor,
  status: number,
  text: string | null,
) {
  const now = new Date();
  await trx('data_corrections')
    .where('id', row.id)
    .update({
      status,
      answer: text,
      answered_by_id: actorRefs(actor).adminId,
      answered_at: now,
      updated_at: now,
    });
  const action = status === CORRECTION_STATUS.applied ? 'correctionApplied' : 'correctionDeclined';
  await logDataRights(trx, row.candidate_id, action, actor, { correctionId: row.id, field: row.field });
  const person = await ownContact(trx, row.candidate_id);
  if (person?.email)
    await queueEmail(trx, {
      to: person.email,
      ...correctionAnsweredEmail(config, person.firstName, row.field, status === CORRECTION_STATUS.applied, text),
    });
}

const mine = defineEndpoint({
  method: 'get',
  path: '/data-rights/corrections',
  summary: "The candidate's correction requests and the fields they may name",
  access: 'signedIn',
  handler: async ({ actor, ctx }) => listOf(ctx.knex, candidateOf(actor)),
});

const ask = defineEndpoint({
  method: 'post',
  path: '/data-rights/corrections',
  summary: 'The candidate asks for a field only admins write to be corrected',
  access: 'signedIn',
  input: {
    body: z.object({
      // None chosen is 'required' (the first issue of a field wins), a field outside the list is not correctable.
      field: z
        .string()
        .trim()
        .min(1)
        .refine((f) => (CORRECTABLE_FIELDS as readonly string[]).includes(f), 'notCorrectable'),
      // Absent, null, empty or blank: no value, which asks for the wrong one to be removed.
      proposedValue: optionalText(2000),
      note: text(2000).min(1),
    }),
  },
  status: 201,
  limits: ({ actor, req, ctx }) => [
    { key: `correction:${actorKey(actor)}`, max: ctx.config.rateLimit.perEmail },
    { key: `ip:${ipKey(req.ip)}`, max: ctx.config.rateLimit.perIp },
  ],
  handler: async ({ actor, body, ctx }) => {
    const candidateId = candidateOf(actor);
    await ctx.knex.transaction(async (trx) => {
      if (!(await trx('candidates').where('id', candidateId).forUpdate().first('id'))) throw forbidden();
      const open = { candidate_id: candidateId, field: body.field, status: CORRECTION_STATUS.open };
      if (await trx('data_corrections').where(open).first('id'))
        throw new AppError(409, 'correction.errors.tooMany', undefined, { field: 'correction.errors.tooMany' });
      const [row] = await trx('data_corrections')
        .insert({ ...open, proposed_value: body.proposedValue, note: body.note })
        .returning('id');
      await logDataRights(trx, candidateId, 'correctionRequested', actor, { correctionId: row.id, field: body.field });
    });
    return listOf(ctx.knex, candidateId);
  },
});

const apply = defineEndpoint({
  method: 'post',
  path: '/data-rights/corrections/:id/apply',
  summary: 'An admin applies a correction: the value is written to the profile through its write rules',
  access,
  input: { params, body: z.object({ value: z.unknown().optional() }) },
  handler: async (call) => {
    await call.ctx.knex.transaction(async (trx) => {
      const row = await lockOpen(trx, call.params.id);
      const def = entity('candidate');
      const value = call.body.value === undefined ? row.proposed_value : call.body.value;
      let data: Record<string, unknown>;
      try {
        data = validateRecord(def, { [row.field]: value }, 'update', new Set([row.field]));
      } catch (err) {
        const fields = (err as AppError).fields ?? {};
        throw badRequest({ value: fields[row.field] ?? Object.values(fields)[0] ?? 'errors.validation' });
      }
      const existing = (await selectRows(trx, def).where('candidates.id', row.candidate_id).first())?.toJSON() as Row;
      if (!existing) throw notFound();
      const write = writeContextOf(call, trx, def);
      await candidateWrites.update!({ ...write, id: row.candidate_id, existing, data, children: [] });
      await answer(trx, call.ctx.config, row, call.actor, CORRECTION_STATUS.applied, null);
    });
    return { status: 'applied' };
  },
});

const decline = defineEndpoint({
  method: 'post',
  path: '/data-rights/corrections/:id/decline',
  summary: 'An admin declines a correction with a reason the candidate reads',
  access,
  input: { params, body: z.object({ reason: text(2000).min(1) }) },
  handler: async ({ params: p, body, actor, ctx }) => {
    await ctx.knex.transaction(async (trx) =>
      answer(trx, ctx.config, await lockOpen(trx, p.id), actor, CORRECTION_STATUS.declined, body.reason),
    );
    return { status: 'declined' };
  },
});

export const correctionEndpoints = [mine, ask, apply, decline];
