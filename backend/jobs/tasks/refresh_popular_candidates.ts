/**
 * refresh_popular_candidates: each candidate's profile views in the last 30 days onto their search
 * document (the "popular profiles" search option and a small part of best-match ranking). Companies' views only,
 * as the candidate's insights count them: the curators' own opens would show companies whom the admins work on.
 * Only changed documents are written. Safe to run twice.
 */
import type { Task } from 'graphile-worker';
import { ACTOR_KINDS } from '../../../schema/roles';
import { assertTaskPayload } from '../payload';

export const refreshPopularCandidatesTask: Task = async (payload, helpers) => {
  assertTaskPayload('refresh_popular_candidates', payload);
  const { rowCount } = await helpers.query(`
    with views as (
      select candidate_id, count(*)::int as n from candidate_search_or_view_logs
       where kind = 2 and actor_kind = ${ACTOR_KINDS.companyUser} and created_at >= now() - interval '30 days' group by candidate_id),
    changed as (
      select d.id, 0 as n from candidate_search_documents d
       where d.popularity > 0 and not exists (select 1 from views v where v.candidate_id = d.id)
      union all
      select v.candidate_id, v.n from views v join candidate_search_documents d on d.id = v.candidate_id where d.popularity <> v.n)
    update candidate_search_documents d set popularity = c.n from changed c where d.id = c.id`);
  helpers.logger.info(`popularity of ${rowCount ?? 0} candidates updated`);
};
