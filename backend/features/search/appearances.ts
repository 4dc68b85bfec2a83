/**
 * Search appearances and profile views, the source of candidates' profile insights, written after
 * the answer has left: one multi-row insert per search (never one per candidate), on the primary
 * database, never in the way of the answer. Each is counted against the searcher's allowance of
 * its kind (`searchLogLimit`, shared with the insights' logging routes); past it the answer was
 * still given, and nothing is written. A failure is logged, not shown to the searcher.
 */
import type { Response } from 'express';
import { actorKey, type Actor } from '../../../schema/roles';
import { enforceRateLimits, type Limit } from '../../auth/rateLimit';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { logger } from '../../logger';
import { actorColumns, LOG_KIND } from '../../services/activity';

/** Profile views, and search pages, one person may log a rate-limit window (15 minutes by default): one every 3 s. */
const LOGS_PER_WINDOW = 300;
const LIMIT_PREFIX = { profileView: 'profile-view', searchAppearance: 'search-appearance' } as const;

/**
 * The one allowance of profile views, or of search pages logged as appearances, a person has a window, whichever
 * route logs them (search's answers here, the insights' logging routes in backend/features/talent): views rank
 * popular candidates.
 */
export const searchLogLimit = (kind: keyof typeof LOG_KIND, actor: Actor): Limit => ({
  key: `${LIMIT_PREFIX[kind]}:${actorKey(actor)}`,
  max: LOGS_PER_WINDOW,
});

export function logAfterResponse(
  res: Response,
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  kind: keyof typeof LOG_KIND,
  candidateIds: number[],
): void {
  if (!candidateIds.length) return;
  const who = actorColumns(actor);
  const rows = candidateIds.map((id) => ({ candidate_id: id, kind: LOG_KIND[kind], ...who }));
  res.once('finish', () => {
    enforceRateLimits(ctx.knex, ctx.config.rateLimit.windowMinutes, [searchLogLimit(kind, actor)])
      .then(() => ctx.knex('candidate_search_or_view_logs').insert(rows))
      .catch((err: unknown) => {
        if (err instanceof AppError && err.status === 429) return;
        logger.warn({ err, kind, count: rows.length }, 'could not record search activity');
      });
  });
}
