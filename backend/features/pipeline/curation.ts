/**
 * Bringing candidates into a project and finding where one stands, as use cases the candidate
 * menu's endpoints (actions.ts) call: a company or an admin adds one candidate its search finds;
 * the platform (schema/rules/stages.ts `curates`) curates many into the suggested tab, and the
 * company hears of it; the tab a candidate is in, as the caller may see it.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { PROJECT_STATUS, STAGES } from '../../../schema/rules/pipeline';
import { curates, stageVisibleTo, tabsFor } from '../../../schema/rules/stages';
import { mayContact, statusSql, viewerOf, type CandidateFacts } from '../../../schema/rules/visibility';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../errors';
import { logRecruitmentActivity } from '../../services/activity';
import { candidatesCurated } from '../notifications';
import { queueCuratedEmail } from './curatedEmail';
import { buildFilters, parseSearchParams, searchContext, whereOf } from '../search';
import { actorName, loadProject, loadProjectToChange, pipelineRole } from './access';
import { candidateNotFound, reachableIds } from './reach';
import { heldSql } from './tabs';

const projectInactive = () => new AppError(409, 'project.recruitment.errors.projectInactive');

/** The candidate ids among `candidateIds` the caller sees in a pipeline (admins curate any of them). */
async function visibleCandidates(knex: Knex, actor: Actor, candidateIds: number[]): Promise<number[]> {
  return (await knex('candidates as c')
    .whereIn('c.id', candidateIds)
    .whereRaw(statusSql(viewerOf(actor)))
    .pluck('c.id')) as number[];
}

/**
 * Whether the caller may add the candidate to one of its projects: one its own search finds (the
 * search page's conditions with no filter chosen: the statuses its role searches and its declared
 * search permission, so RaaS companies, which have no search, add nobody), and one it may approach
 * on its own initiative (`mayContact` outside any project: a company never brings in a candidate
 * who hides from companies; admins curate those). Anyone else is "not found", as an unknown id.
 */
async function addable(knex: Knex, ability: AppAbility, actor: Actor, candidateId: number): Promise<boolean> {
  const { stats, rates } = await searchContext(knex);
  const { predicates } = await buildFilters(knex, ability, actor, parseSearchParams({}), stats, rates);
  const found = whereOf(predicates);
  const { rows } = await knex.raw(
    `select c.status, c.visibility, c.anonymous from candidate_search_documents d join candidates c on c.id = d.id
      where d.id = ? and ${found.sql}`,
    [candidateId, ...found.bindings] as Knex.RawBinding[],
  );
  const candidate = (rows as CandidateFacts[])[0];
  return Boolean(candidate) && mayContact(viewerOf(actor), candidate, null);
}

/**
 * Adds one candidate to the caller's project's suggested tab, flagged `added` so the tab holds them whatever its
 * saved filters find (tabs.ts `placedSql`), as it holds a curated one; 409 when the project holds them already
 * (tabs.ts `heldSql`: the dialog's "already in this project", among them one the company asked to interview). A
 * row that only records a flag, a seen mark or a whitelist request (stage 0, neither curated, added nor asked to an
 * interview) holds nobody by itself: the addition places its candidate. An
 * admin's addition is the platform's curation (`curates`, as the curate call): flagged and logged as curated, so a
 * move out of the suggested tab reveals a hidden candidate (placesOf); an advocate is refused (403) a company's
 * project they do not advocate. An admin adds to an internal project (no company) unflagged unless they curate. A
 * curated addition tells the company as the curate call does, in the same transaction: the in-app notice and the
 * batched email.
 */
export async function addCandidate(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  input: { projectId: number; candidateId: number },
) {
  const knex = ctx.knex;
  const project = await loadProjectToChange(knex, ability, input.projectId);
  const curated = curates(actor, project);
  if (viewerOf(actor) === 'admin' && project.companyId !== null && !curated) throw forbidden();
  if (project.status === PROJECT_STATUS.inactive) throw projectInactive();
  if (!(await addable(knex, ability, actor, input.candidateId))) throw candidateNotFound();
  const name = await actorName(knex, actor);
  const now = new Date();
  const added = await knex.transaction(async (trx) => {
    // `curated` says the platform chose the candidate for the project; `added` that the candidate menu placed them
    // (one hidden in the suggested tab is shown again: adding them is the company's later choice).
    const { rows: inserted } = await trx.raw(
      `insert into project_candidates (project_id, candidate_id, company_id, stage, curated, added, last_recruitment_updated_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, true, ?, ?, ?)
       on conflict (project_id, candidate_id) do update
         set added = true, is_hidden = false, curated = excluded.curated, last_recruitment_updated_at = excluded.last_recruitment_updated_at,
             updated_at = excluded.updated_at
       where not ${heldSql('project_candidates')}
       returning id`,
      [project.id, input.candidateId, project.companyId, STAGES.open, curated, now, now, now],
    );
    if (!inserted.length) return false;
    const event = {
      candidateId: input.candidateId,
      projectId: project.id,
      actor,
      actorName: name,
      companyId: project.companyId,
      toStage: STAGES.open,
    };
    // The curation's log entry is what the reveal rule reads (placesOf), as for the curate call.
    await logRecruitmentActivity(trx, [
      { ...event, activity: 'addedToProject' as const },
      ...(curated ? [{ ...event, activity: 'curated' as const }] : []),
    ]);
    if (curated) {
      await queueCuratedEmail(trx, project.id);
      await candidatesCurated(trx, ctx.config, project.id, [input.candidateId], actor);
    }
    return true;
  });
  if (!added) throw new AppError(409, 'project.candidate.add.exists');
  return { success: true, message: 'project.candidate.add.success' };
}

/**
 * Curates candidates into the project's suggested tab (admins; an advocate on their projects):
 * the answer counts the candidates newly curated; the company is emailed and notified once. One the
 * company had hidden in the suggested tab is shown again, as an admin's addition shows them: the
 * company is told of them, so the tab lists them.
 */
export async function curateCandidates(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  input: { projectId: number; candidateIds: number[] },
) {
  const project = await loadProjectToChange(ctx.knex, ability, input.projectId);
  if (!curates(actor, project)) throw forbidden();
  if (project.status === PROJECT_STATUS.inactive) throw projectInactive();
  const visible = await visibleCandidates(ctx.knex, actor, input.candidateIds);
  if (visible.length !== input.candidateIds.length) throw badRequest({ candidateIds: 'candidateIds.errors.notFound' });
  const name = await actorName(ctx.knex, actor);
  const now = new Date();
  const added = await ctx.knex.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `insert into project_candidates (project_id, candidate_id, company_id, stage, curated, last_recruitment_updated_at, created_at, updated_at)
       select ?, x, ?, 0, true, ?, ?, ? from unnest(?::int[]) x
       on conflict (project_id, candidate_id) do update set curated = true, is_hidden = false, updated_at = excluded.updated_at
       where project_candidates.stage = 0 and not project_candidates.curated
       returning candidate_id`,
      [project.id, project.companyId, now, now, now, visible],
    );
    const curated = (rows as { candidate_id: number }[]).map((r) => r.candidate_id);
    await logRecruitmentActivity(
      trx,
      curated.map((c) => ({
        candidateId: c,
        activity: 'curated' as const,
        projectId: project.id,
        actor,
        actorName: name,
        companyId: project.companyId,
        toStage: 0,
      })),
    );
    if (curated.length) await queueCuratedEmail(trx, project.id);
    await candidatesCurated(trx, ctx.config, project.id, curated, actor);
    return curated.length;
  });
  return { success: true, added };
}

/** The tab a candidate is in within a project, by guids or ids; 404 when the caller does not see them there. */
export async function tabOfCandidate(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  input: { projectGuid: string; candidateGuid: string },
) {
  const projectId = /^(Project:)?\d{1,9}$/.test(input.projectGuid)
    ? Number(input.projectGuid.replace('Project:', ''))
    : undefined;
  const project = await loadProject(
    knex,
    ability,
    projectId !== undefined ? { id: projectId } : { guid: input.projectGuid },
  );
  const byId = /^(Candidate:)?\d{1,9}$/.test(input.candidateGuid);
  const isGuid = /^[0-9a-f-]{36}$/i.test(input.candidateGuid);
  if (!byId && !isGuid) throw candidateNotFound();
  const candidate = await knex('candidates')
    .where(byId ? { id: Number(input.candidateGuid.replace('Candidate:', '')) } : { guid: input.candidateGuid })
    .first('id');
  if (!candidate || !(await reachableIds(knex, ability, actor, project, [candidate.id])).length)
    throw candidateNotFound();
  const row = await knex('project_candidates')
    .where({ project_id: project.id, candidate_id: candidate.id })
    .first('stage', 'interview_scheduled_at', 'rejected_from');
  const tab = row?.stage ?? STAGES.open;
  const role = pipelineRole(actor);
  const visible =
    tabsFor(role).includes(tab) &&
    stageVisibleTo(role, tab, {
      interviewScheduled: Boolean(row?.interview_scheduled_at),
      rejectedFrom: row?.rejected_from,
    });
  if (!visible) throw candidateNotFound();
  return { success: true, tab };
}
