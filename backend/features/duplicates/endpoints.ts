/**
 * The console's duplicate routes, for admins only (the CandidateDuplicate subject; anyone else 403):
 *   GET  /candidate-duplicates?page&perPage        open pairs, most likely first, both profiles in brief
 *   GET  /candidate-duplicates/:id                 one pair side by side: the fields chosen between (a companion, as
 *                                                  a salary's currency, goes with its field: fields.ts), the default choice,
 *                                                  `texts` (each profile's fields in words, by profile id), `counts`
 *                                                  (what else each holds) and `reviewed`, the stamp of both profiles'
 *                                                  protective fields; a pair decided since: 409 duplicates.notOpen with
 *                                                  `resolution` (merged into whom, or two people; by whom, when: resolved.ts)
 *   POST /candidate-duplicates/:id/dismiss         "not the same person": the pair never comes back, not even for the
 *                                                  profile another one is merged into (merge.ts); the pair is locked as a
 *                                                  merge locks it, and one decided meanwhile answers 409 duplicates.notOpen
 *                                                  with its `resolution`, as the review does
 *   POST /candidate-duplicates/:id/merge           {survivorId, keep: {field: 'survivor'|'merged'}, confirm?, reviewed?}
 *        fields left out of `keep` take the defaults of the profiles as they are at the merge; 400 keep.errors.invalid
 *        for a field not merged, or a companion (phoneWhatsapp, a salary currency: not offered by the review) on
 *        another side than its field's, which it always goes with;
 *        409 candidates.errors.selfChosenStatus (naming them) when the kept status shows again a person who paused
 *        their profile, unless confirm: true, as the bulk status change asks (talent/statusRoutes.ts);
 *        409 duplicates.changedSinceReview when `keep` chooses a protective field (status, anonymous, visibility,
 *        phone with its WhatsApp) and the person changed one since the review read `reviewed`; 409 duplicates.erased when either profile was
 *        erased, duplicates.notOpen when the pair was decided or is gone, both checked under the profiles' locks
 *   GET  /candidate-merges?survivorId              the merges into a profile, newest first: each merged profile's
 *                                                  name, when, and whether its undo would succeed now (`undoable`,
 *                                                  the undo's own check, since.ts; `undoBlocked` the message key of
 *                                                  why not, else null; the console's talent page offers the undo
 *                                                  there, after the review is left)
 *   POST /candidate-merges/:id/undo                while nothing new was written and within UNDO_DAYS; merges into
 *                                                  one profile are undone newest first (an older one: 409 undoChanged)
 *   POST /candidate-duplicates/check               a profile not yet saved: its likely twins (its currentLocationId
 *                                                  the country its phone is read with when written the national way)
 *   POST /candidate-duplicates/scan                queues the pool's scan
 */
import { actorRefs } from '../../../schema/roles';
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { DUPLICATE_STATUS } from '../../../schema/entities/candidateDuplicate';
import { formatId } from '../../../schema/lib/ids';
import { flag, id } from '../../../schema/validation/inputs';
import { readable, selectRows } from '../../crud/router';
import type { Row } from '../../crud/serialize';
import type { AppAbility } from '../../../schema/ability';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import { queueJob } from '../../services/queue';
import { storedRows } from '../../services/candidateGate';
import { twinsOfDraft } from './detect';
import { CHOSEN_FIELDS, defaultChoices, MERGE_FIELDS, protectiveStamp, valueTexts } from './fields';
import { locationCountries } from './keys';
import { mergeCandidates } from './merge';
import { resolutionOf } from './resolved';
import { changeCheck } from './since';
import { undoMerge } from './undo';

const candidate = entity('candidate');
const pair = entity('candidateDuplicate');
const merge = entity('candidateMerge');
const MANAGE = { action: 'update', subject: 'CandidateDuplicate' } as const;

interface PairRow {
  id: number;
  candidate_id: number;
  other_id: number;
  reasons: string[];
  confidence: number;
  status: number;
}

/** The profiles as an admin reads them in the console, by id, in one query. */
async function profiles(knex: Knex, ability: AppAbility, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const rows = (await selectRows(knex, candidate).whereIn('candidates.id', ids)) as unknown as { toJSON(): Row }[];
  return new Map(rows.map((r) => r.toJSON()).map((row) => [row.id as number, readable(candidate, ability, row)]));
}

interface MergeRow {
  id: number;
  merged_id: number;
  name: string | null;
  created_at: Date;
  undo_until: Date;
  undone_at: Date | null;
  undoable: boolean;
}

/**
 * The merges into a profile, newest first. `undoable` asks what the undo does (since.ts): within the window, not undone,
 * and nothing written about the profile since but looks; `undoBlocked` says why not (a message key), else null.
 */
async function mergesInto(knex: Knex, survivorId: number) {
  const { rows } = await knex.raw(
    `select id, merged_id, created_at, undo_until, undone_at,
            nullif(btrim(concat_ws(' ', journal->'merged'->>'first_name', journal->'merged'->>'last_name')), '') as name,
            undone_at is null and undo_until > now() as undoable
       from candidate_merges where survivor_id = ? order by id desc limit 50`,
    [survivorId],
  );
  const changed = await changeCheck(knex);
  return Promise.all(
    (rows as MergeRow[]).map(async (r) => {
      const blocked = r.undone_at
        ? 'duplicates.alreadyUndone'
        : !r.undoable
          ? 'duplicates.undoExpired'
          : (await changed(survivorId, r.id))
            ? 'duplicates.undoChanged'
            : null;
      return {
        id: formatId(merge, r.id),
        mergedId: formatId(candidate, r.merged_id),
        mergedName: r.name,
        mergedAt: r.created_at,
        undoUntil: r.undo_until,
        undoneAt: r.undone_at,
        undoable: blocked === null,
        undoBlocked: blocked,
      };
    }),
  );
}

const pairId = z.object({ id: id('candidateDuplicate') });

async function openPair(knex: Knex, pairIdNumber: number): Promise<PairRow> {
  const row = (await knex.raw('select * from candidate_duplicates where id = ?', [pairIdNumber])).rows[0] as
    PairRow | undefined;
  if (!row) throw new AppError(404, 'duplicates.notFound');
  if (row.status !== DUPLICATE_STATUS.open) throw new AppError(409, 'duplicates.notOpen');
  return row;
}

/** The open pair to review; one decided since answers 409 duplicates.notOpen with what became of it (resolved.ts). */
async function pairToReview(knex: Knex, ability: AppAbility, pairIdNumber: number): Promise<PairRow> {
  try {
    return await openPair(knex, pairIdNumber);
  } catch (err) {
    const nameOf = async (c: number) =>
      ((await profiles(knex, ability, [c])).get(c)?.name as string | undefined) ?? null;
    const resolution = err instanceof AppError ? await resolutionOf(knex, pairIdNumber, nameOf) : undefined;
    if (!resolution) throw err;
    throw new AppError(409, 'duplicates.notOpen', undefined, undefined, { resolution });
  }
}

const answerPair = (p: PairRow, byId: Map<number, Record<string, unknown>>) => ({
  id: formatId(pair, p.id),
  reasons: p.reasons,
  confidence: p.confidence,
  candidate: byId.get(p.candidate_id) ?? null,
  other: byId.get(p.other_id) ?? null,
});

const choice = z.enum(['survivor', 'merged']);

export const duplicateEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/candidate-duplicates/check',
    summary: 'The likely twins of a profile not yet saved',
    access: MANAGE,
    input: {
      body: z.object({
        id: id('candidate').optional(),
        firstName: z.string().max(80).optional(),
        lastName: z.string().max(80).optional(),
        email: z.string().max(254).optional(),
        phone: z.string().max(32).optional(),
        linkedInUrl: z.string().max(2048).nullish(),
        githubUrl: z.string().max(2048).nullish(),
        currentLocationId: id('city').nullish(),
        experiences: z
          .array(
            z.object({ company: z.string().max(160).nullish(), title: z.string().max(160).nullish() }).passthrough(),
          )
          .max(50)
          .optional(),
      }),
    },
    handler: async ({ body, ctx, ability }) => {
      const twins = await twinsOfDraft(ctx.knex, {
        ...body,
        linkedInUrl: body.linkedInUrl ?? undefined,
        githubUrl: body.githubUrl ?? undefined,
        experiences: body.experiences?.map((x) => ({ company: x.company ?? undefined, title: x.title ?? undefined })),
      });
      const byId = await profiles(
        ctx.knex,
        ability,
        twins.map((t) => t.id),
      );
      return {
        twins: twins.map((t) => ({
          id: formatId(candidate, t.id),
          name: byId.get(t.id)?.name ?? null,
          reasons: t.reasons,
          confidence: t.confidence,
        })),
      };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/candidate-duplicates/scan',
    summary: 'Queues the scan of the whole pool for duplicates',
    access: MANAGE,
    status: 202,
    handler: async ({ ctx }) => {
      // One scan at a time: a second request while one waits changes nothing.
      await queueJob(
        ctx.knex,
        'scan_duplicates',
        {},
        { jobKey: 'scan_duplicates', jobKeyMode: 'preserve_run_at', maxAttempts: 1 },
      );
      return { queued: true };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/candidate-duplicates',
    summary: 'Open pairs of likely duplicates, most likely first',
    access: MANAGE,
    input: {
      query: z
        .object({
          page: z.coerce.number().int().min(1).max(10000).default(1),
          perPage: z.coerce.number().int().min(1).max(100).default(25),
        })
        .strict(),
    },
    handler: async ({ query, ctx, ability }) => {
      const open = DUPLICATE_STATUS.open;
      const [{ total }] = (
        await ctx.knex.raw('select count(*)::int as total from candidate_duplicates where status = ?', [open])
      ).rows;
      const rows = (
        await ctx.knex.raw(
          `select * from candidate_duplicates where status = ? order by confidence desc, id limit ? offset ?`,
          [open, query.perPage, (query.page - 1) * query.perPage],
        )
      ).rows as PairRow[];
      const byId = await profiles(
        ctx.knex,
        ability,
        rows.flatMap((r) => [r.candidate_id, r.other_id]),
      );
      return { total, data: rows.map((r) => answerPair(r, byId)) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/candidate-duplicates/:id',
    summary: 'One pair side by side, field by field, with the value a merge keeps by default',
    access: MANAGE,
    input: { params: pairId },
    handler: async ({ params, ctx, ability }) => {
      const p = await pairToReview(ctx.knex, ability, params.id);
      const byId = await profiles(ctx.knex, ability, [p.candidate_id, p.other_id]);
      const raw = (await storedRows(ctx.knex, [p.candidate_id, p.other_id])) as Row[];
      const a = raw.find((r) => r.id === p.candidate_id)!;
      const b = raw.find((r) => r.id === p.other_id)!;
      // The default survivor is the fuller profile's side: the candidate row kept is the older one.
      return {
        ...answerPair(p, byId),
        fields: CHOSEN_FIELDS,
        defaults: defaultChoices(
          a,
          b,
          await locationCountries(ctx.knex, [a.current_location_id, b.current_location_id]),
        ),
        reviewed: protectiveStamp(a, b),
        texts: await valueTexts(ctx.knex, [a, b], (row) => String(formatId(candidate, row.id as number))),
        counts: await counts(ctx.knex, [a.id as number, b.id as number]),
      };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/candidate-duplicates/:id/dismiss',
    summary: 'Records that the pair is two people, so it is never proposed again',
    access: MANAGE,
    input: { params: pairId },
    handler: async ({ params, ctx, actor, ability }) => {
      // Locked as a merge locks it (merge.ts): one merging it meanwhile is waited for, and then answered as what it did.
      const dismissed = await ctx.knex.transaction(async (trx) => {
        const row = (await trx.raw('select status from candidate_duplicates where id = ? for update', [params.id]))
          .rows[0] as { status: number } | undefined;
        if (row?.status !== DUPLICATE_STATUS.open) return false;
        await trx.raw(
          'update candidate_duplicates set status = ?, decided_by_id = ?, decided_at = now(), updated_at = now() where id = ?',
          [DUPLICATE_STATUS.dismissed, actorRefs(actor).adminId, params.id],
        );
        return true;
      });
      if (!dismissed) {
        await pairToReview(ctx.knex, ability, params.id);
        throw new AppError(409, 'duplicates.notOpen');
      }
      return { id: formatId(pair, params.id), status: 'dismissed' };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/candidate-duplicates/:id/merge',
    summary: 'Merges the pair into one profile, keeping the chosen value of each field',
    access: MANAGE,
    input: {
      params: pairId,
      body: z.object({
        survivorId: id('candidate'),
        keep: z.record(z.string(), choice).default({}),
        confirm: flag().optional(),
        reviewed: z.string().max(64).optional(),
      }),
    },
    handler: async ({ params, body, ctx, actor }) => {
      const p = await openPair(ctx.knex, params.id);
      const ids = [p.candidate_id, p.other_id];
      if (!ids.includes(body.survivorId)) throw badRequest({ survivorId: 'duplicates.notInPair' });
      const unknown = Object.keys(body.keep).filter((f) => !MERGE_FIELDS.includes(f));
      if (unknown.length) throw badRequest({ keep: 'keep.errors.invalid' });
      const mergedId = ids.find((x) => x !== body.survivorId)!;
      const { mergeId } = await mergeCandidates(ctx.knex, {
        survivorId: body.survivorId,
        mergedId,
        pairId: p.id,
        reviewed: body.reviewed,
        keep: body.keep,
        adminId: actorRefs(actor).adminId ?? undefined,
        confirm: body.confirm,
        config: ctx.config,
      });
      return { mergeId, survivorId: formatId(candidate, body.survivorId), mergedId: formatId(candidate, mergedId) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/candidate-merges',
    summary: 'The merges into a profile, newest first, with whether each may still be undone',
    access: MANAGE,
    input: { query: z.object({ survivorId: id('candidate') }) },
    handler: async ({ query, ctx }) => ({ data: await mergesInto(ctx.knex, query.survivorId) }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/candidate-merges/:id/undo',
    summary: 'Undoes a merge while nothing new was written about the kept profile',
    access: MANAGE,
    input: { params: z.object({ id: id('candidateMerge') }) },
    handler: async ({ params, ctx, actor }) => {
      const done = await undoMerge(ctx.knex, params.id, actorRefs(actor).adminId ?? undefined, ctx.config);
      return { survivorId: formatId(candidate, done.survivorId), mergedId: formatId(candidate, done.mergedId) };
    },
  }),
];

/** What each profile holds beside its fields, so the admin sees that nothing is lost. */
async function counts(knex: Knex, ids: number[]): Promise<Record<string, Record<string, number>>> {
  const { rows } = await knex.raw(
    `select c.id,
            (select count(*) from candidate_experiences x where x.candidate_id = c.id)::int as experiences,
            (select count(*) from candidate_educations x where x.candidate_id = c.id)::int as educations,
            (select count(*) from candidate_notes x where x.candidate_id = c.id)::int as notes,
            (select count(*) from project_candidates x where x.candidate_id = c.id)::int as projects,
            (select count(*) from interview_requests x where x.candidate_id = c.id)::int as "interviewRequests"
       from candidates c where c.id = any(?::int[])`,
    [ids],
  );
  return Object.fromEntries(
    (rows as Record<string, number>[]).map(({ id: cid, ...rest }) => [String(formatId(candidate, cid)), rest]),
  );
}
