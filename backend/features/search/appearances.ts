/**
 * Search appearances and profile views, the source of candidates' profile insights, written after
 * the answer has left: one multi-row insert per search (never one per candidate), on the primary
 * database, never in the way of the answer. A failure is logged, not shown to the searcher.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';
import { logger } from '../../logger';
import { actorColumns, LOG_KIND } from '../../services/activity';

export function logAfterResponse(
  res: Response,
  knex: Knex,
  actor: Actor,
  kind: keyof typeof LOG_KIND,
  candidateIds: number[],
): void {
  if (!candidateIds.length) return;
  const who = actorColumns(actor);
  const rows = candidateIds.map((id) => ({ candidate_id: id, kind: LOG_KIND[kind], ...who }));
  res.once('finish', () => {
    knex('candidate_search_or_view_logs')
      .insert(rows)
      .catch((err: unknown) => logger.warn({ err, kind, count: rows.length }, 'could not record search activity'));
  });
}
