/**
 * POST /projects/ai-match/:id/rerun: a finished run (done, failed or cancelled) matched again as a new run with the same
 * reviewed requirements, description, filters and project, queued at once (no second review). Verdicts already given
 * on unchanged evidence are copied (assessments.ts), so only the candidates not judged (a rate limit, a time limit, a
 * failed call, a cancel) are asked again. The run it came from stays as it was, in the past runs.
 */
import { MATCH_STATUS } from '../../../schema/rules/aiMatch';
import { AppError } from '../../errors';
import { defineEndpoint } from '../../endpoints/define';
import { queueJob } from '../../services/queue';
import { MATCH_ATTEMPTS, MATCH_QUEUE, matchJobKey } from './run';
import { runWithTitle, type RunRow } from './store';

const FINISHED: number[] = [MATCH_STATUS.done, MATCH_STATUS.failed, MATCH_STATUS.cancelled];

export const rerunEndpoint = defineEndpoint({
  method: 'post',
  path: '/projects/ai-match/:id/rerun',
  summary: 'Matches a finished run again with the same reviewed requirements',
  access: { action: 'manage', subject: 'AiMatchRun' },
  row: { entity: 'aiMatchRun', action: 'read' },
  status: 201,
  handler: async ({ row, actor, ctx }) => {
    const id = await ctx.knex.transaction(async (trx) => {
      const from = (await trx('ai_match_runs').where('id', row.id).first()) as RunRow;
      if (!FINISHED.includes(from.status)) throw new AppError(409, 'aiMatch.notFinished');
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
