/** A run as the API shows it: state by name, progress (of the judged, `reused` copied and `asked` afresh: run.ts), the judge (a model by name, or the product's matcher), the project it came from by title. */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { keyOf, MATCH_JUDGE, MATCH_SOURCE, MATCH_STATUS, type NotJudged } from '../../../schema/rules/aiMatch';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { MatchFilters, Requirements } from './matcher';
import { jobGoneForGoodSql } from '../../services/queue';
import { RUN_ERROR } from './notice';

const RUNNING: number[] = [MATCH_STATUS.queued, MATCH_STATUS.retrieving, MATCH_STATUS.judging];

/** A candidate not judged because the call to the model failed (LlmError's reasons), not for the candidate's sake. */
export const MODEL_FAILURES: NotJudged[] = ['timeout', 'rateLimited', 'serverError', 'malformed', 'failed'];
/** Failures of a model that was busy or slow, not misconfigured: a run that met only these says to wait and run again. */
export const BUSY_FAILURES: NotJudged[] = ['timeout', 'rateLimited'];

/**
 * Why the model judged no candidate of a run failed so (RUN_ERROR.model), for the admins who read the run: the first
 * failed call's detail as the model's server answered it ('404 model … not found'). Null for any other run.
 */
export async function modelFailure(knex: Knex, run: Pick<RunRow, 'id' | 'error'>): Promise<string | null> {
  if (run.error !== RUN_ERROR.model && run.error !== RUN_ERROR.busy) return null;
  const first = await knex('ai_match_results')
    .where('run_id', run.id)
    .whereIn('not_judged', MODEL_FAILURES)
    .orderBy('rank')
    .first('not_judged_detail');
  return first?.not_judged_detail ?? null;
}

export interface RunRow {
  id: number;
  created_by_id: number | null;
  project_id: number | null;
  source: number;
  file_name: string | null;
  job_description: string;
  input_hash: string | null;
  requirements: Requirements;
  filters: MatchFilters | null;
  status: number;
  judge: number | null;
  model: string | null;
  prompt_version: string | null;
  retrieved: number;
  to_judge: number;
  judged: number;
  not_judged: number;
  reused: number;
  asked: number;
  error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The project's title, when read with it (withProjectTitle). */
  project_title?: string | null;
}

/** Runs with the title of the project each was started from. */
export const withProjectTitle = (knex: Knex) =>
  knex('ai_match_runs as r')
    .leftJoin('projects as p', 'p.id', 'r.project_id')
    .select('r.*', 'p.title as project_title');

export function publicRun(r: RunRow, config: Config, full = true) {
  // Before judging starts, the judge is the one this server is set up with.
  const judge = keyOf(MATCH_JUDGE, r.judge) ?? (config.llm ? 'model' : 'product');
  return {
    id: formatId(entity('aiMatchRun'), r.id),
    projectId: formatId(entity('project'), r.project_id),
    ...(r.project_title !== undefined ? { projectTitle: r.project_title } : {}),
    source: keyOf(MATCH_SOURCE, r.source),
    fileName: r.file_name,
    status: keyOf(MATCH_STATUS, r.status),
    judge,
    model: r.model ?? (judge === 'model' ? (config.llm?.model ?? null) : null),
    promptVersion: r.prompt_version,
    inputHash: r.input_hash,
    progress: {
      retrieved: r.retrieved,
      toJudge: r.to_judge,
      judged: r.judged,
      notJudged: r.not_judged,
      reused: r.reused,
      asked: r.asked,
    },
    error: r.error,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    createdAt: r.created_at,
    ...(full
      ? { jobDescription: r.job_description, requirements: r.requirements, filters: r.filters }
      : { excerpt: r.job_description.slice(0, 160) }),
  };
}

/**
 * The run as the page shows it, with the title of the project it was started from (the summary names it) and, for a
 * run the model judged none of, the first failed call's detail (`errorDetail`).
 */
export const runWithTitle = async (ctx: Pick<AppContext, 'knex' | 'config'>, id: number) => {
  const row = (await withProjectTitle(ctx.knex).where('r.id', id).first()) as RunRow;
  return {
    ...publicRun(row, ctx.config),
    errorDetail: await modelFailure(ctx.knex, row),
    settled: await settled(ctx.knex, row),
  };
};

/**
 * Whether a run is settled: ended, and no call of it still in flight. A cancelled run's calls under way finish and
 * their verdicts are written after the cancel (run.ts): it settles when its job is gone (jobs/queue), so the page
 * keeps reading its progress until then. A cancelled run no job works (never started, its worker gone) has its job
 * removed as it is cancelled or read (settle.ts), so it settles at once.
 */
async function settled(knex: Knex, row: RunRow): Promise<boolean> {
  if (RUNNING.includes(row.status)) return false;
  if (row.status !== MATCH_STATUS.cancelled) return true;
  const { rows } = await knex.raw(`select ${jobGoneForGoodSql('?')} as gone`, [`match_candidates:${row.id}`]);
  return Boolean(rows[0]?.gone);
}
