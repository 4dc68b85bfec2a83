/**
 * POST /projects/ai-match/:id/rerun: a finished run (done, failed or cancelled) matched again as a new run with the same
 * reviewed requirements, description, filters and project, queued at once (no second review). Verdicts already given
 * on unchanged evidence are copied (assessments.ts), so only the candidates not judged (a rate limit, a time limit, a
 * failed call, a cancel) are asked again. The run it came from stays as it was, in the past runs. "Run again" repeated
 * (a double click, two tabs) starts one run: the run's key is locked for the transaction (as a repeated new project,
 * projects/repeats.ts), and a rerun finding a run made from the same inputs after this one and not yet finished answers it.
 */
import type { Knex } from 'knex';
import { MATCH_STATUS } from '../../../schema/rules/aiMatch';
import { AppError } from '../../errors';
import { defineEndpoint } from '../../endpoints/define';
import { queueJob } from '../../services/queue';
import { MATCH_ATTEMPTS, MATCH_QUEUE, matchJobKey } from './run';
import { runWithTitle, type RunRow } from './store';

const FINISHED: number[] = [MATCH_STATUS.done, MATCH_STATUS.failed, MATCH_STATUS.cancelled];

/** A run made again from `from` (the same inputs, later) and still queued or matching: what a repeat answers. */
async function rerunning(trx: Knex.Transaction, from: RunRow): Promise<number | undefined> {
  const row = (await trx('ai_match_runs')
    .where('id', '>', from.id)
    .whereNotIn('status', [...FINISHED, MATCH_STATUS.review])
    .where({ project_id: from.project_id, source: from.source, input_hash: from.input_hash })
    .whereRaw(`coalesce(requirements, 'null') = ?::jsonb and coalesce(filters, 'null') = ?::jsonb`, [
      JSON.stringify(from.requirements ?? null),
      JSON.stringify(from.filters ?? null),
    ])
    .first('id')) as { id: number } | undefined;
  return row?.id;
}

export const rerunEndpoint = defineEndpoint({
  method: 'post',
  path: '/projects/ai-match/:id/rerun',
  summary: 'Matches a finished run again with the same reviewed requirements',
  access: { action: 'manage', subject: 'AiMatchRun' },
  row: { entity: 'aiMatchRun', action: 'read' },
  status: 201,
  handler: async ({ row, actor, ctx }) => {
    const id = await ctx.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`ai-match-rerun:${row.id}`]);
      const from = (await trx('ai_match_runs').where('id', row.id).first()) as RunRow;
      if (!FINISHED.includes(from.status)) throw new AppError(409, 'aiMatch.notFinished');
      const repeated = await rerunning(trx, from);
      if (repeated !== undefined) return repeated;
      const [made] = (await trx('ai_match_runs')
        .insert({
          ...{ created_by_id: actor.id ?? null, project_id: from.project_id, source: from.source },
          ...{ file_name: from.file_name, job_description: from.job_description, input_hash: from.input_hash },
          requirements: JSON.stringify(from.requirements),
          filters: JSON.stringify(from.filters),
          status: MATCH_STATUS.queued,
        })
        .returning('id')) as { id: number }[];
      const opts = { queueName: MATCH_QUEUE, jobKey: matchJobKey(made.id), maxAttempts: MATCH_ATTEMPTS };
      await queueJob(trx, 'match_candidates', { runId: made.id }, opts);
      return made.id;
    });
    return runWithTitle(ctx, id);
  },
});
