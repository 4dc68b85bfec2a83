/**
 * Whether a company reaches a candidate when no project is named (CV, blind-CV and profile-PDF
 * downloads), by the one rule (schema/rules/visibility.ts): a candidate whose status it meets, and
 * who its search finds (companies with search), or who is on its board of one of the projects the
 * caller reads (a row in a stage it sees there: any stage for a company, from shortlist on for a
 * RaaS company, stageVisibleSql; a row that holds them, tabs.ts heldSql, among them one the company
 * asked to interview, or one flagged hidden or favourite, as reach.ts reads a board; a row written
 * only by a seen mark or a whitelist request holds nobody), or, for a company other than RaaS,
 * suggested to one of them
 * (pipeline/reach.ts decides the suggested tab; a RaaS board has none, so its saved filters reach
 * nobody). The suggested tabs are asked together: the readable projects with saved filters in one
 * statement, then one statement over the candidate's search document with every project's filters
 * joined by OR. Anyone else is answered as an id that names nobody. Admins and candidates are left
 * to the declared permissions.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { searchStatuses, stageVisibleSql, statusSql, viewerOf } from '../../../schema/rules/visibility';
import { currencyRates, tableStats, whereOf } from '../search';
import { projectsWithSavedFilters, scopeProjects } from './access';
import { heldSql, savedPredicates } from './tabs';

export async function reachesCandidate(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  candidateId: number,
): Promise<boolean> {
  const viewer = viewerOf(actor);
  if (viewer !== 'company' && viewer !== 'raasCompany') return true;
  const candidate = await knex('candidates as c')
    .where('c.id', candidateId)
    .whereRaw(statusSql(viewer))
    .first('c.status');
  if (!candidate) return false;
  if (searchStatuses(viewer).includes(candidate.status)) return true;
  const onBoard = await scopeProjects(
    knex('projects as p')
      .join('project_candidates as pc', 'pc.project_id', 'p.id')
      .where('pc.candidate_id', candidateId)
      .whereRaw(stageVisibleSql(viewer, 'pc'))
      .whereRaw(`(${heldSql('pc')} or pc.is_hidden or pc.is_favorited)`)
      .first('p.id'),
    ability,
  );
  if (onBoard) return true;
  if (viewer === 'raasCompany') return false;
  // The suggested tabs: every readable project's saved filters, asked of the candidate at once.
  const projects = await projectsWithSavedFilters(knex, ability);
  if (!projects.length) return false;
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const found = (
    await Promise.all(projects.map((project) => savedPredicates(knex, ability, actor, project, stats, rates)))
  )
    .filter((saved) => saved !== null)
    .map((saved) => whereOf(saved));
  if (!found.length) return false;
  const { rows } = await knex.raw(
    `select exists (select 1 from candidate_search_documents d
                     where d.id = ? and (${found.map((f) => `(${f.sql})`).join(' or ')})) as reached`,
    [candidateId, ...found.flatMap((f) => f.bindings)] as Knex.RawBinding[],
  );
  return Boolean(rows[0]?.reached);
}
