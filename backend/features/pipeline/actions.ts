/**
 * The candidate menu's actions in a project, each logged:
 *   POST /projects/candidate/hidden     {projectId, candidateId, hide}
 *   POST /projects/candidate/favourite  {projectId, candidateId, favourite}
 *   POST /projects/candidate/seen       {projectId, candidates, tab}   (suggested tab and shortlist, companies' views)
 *   POST /projects/candidate/add        {projectId (target), candidateId}
 *   POST /projects/candidate/curate     {projectId, candidateIds}      (admins; advocates on their projects)
 *   GET  /projects/candidate/list       ?candidateId=                  the caller's open projects, hasCandidate
 *   GET  /projects/get-project-tab-by-candidate ?project_guid=&candidate_guid=
 * The project is one the caller may change (read: else 404 `project.notFound`); the candidate one
 * the caller reaches in it (pipeline/reach.ts: else 404 `project.candidate.notFound`).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { specKeys } from '../../../schema/validation/inputs';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { mayContact, viewerOf, type CandidateFacts } from '../../../schema/rules/visibility';
import { formatId } from '../../../schema/lib/ids';
import { PROJECT_STATUS, STAGES } from '../../../schema/rules/pipeline';
import { seenTab, stageVisibleTo, tabsFor } from '../../../schema/rules/stages';
import { flag, id, ids, int } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { queueCuratedEmail } from '../projects/notices';
import { buildFilters, parseSearchParams, searchContext, whereOf } from '../search';
import { candidatesCurated } from '../notifications/kinds';
import { logRecruitmentActivity } from '../../services/activity';
import {
  actorName,
  loadProject,
  loadProjectToChange,
  pipelineRole,
  pipelineStatuses,
  projectDef,
  scopeProjects,
  type ProjectRow,
} from './access';
import { candidateNotFound, reachableIds, requireReach } from './reach';

const projectInactive = () => new AppError(409, 'project.recruitment.errors.projectInactive');

/** The candidate ids among `candidateIds` the caller sees in a pipeline (admins curate any of them). */
async function visibleCandidates(knex: Knex, actor: Actor, candidateIds: number[]): Promise<number[]> {
  return (await knex('candidates')
    .whereIn('id', candidateIds)
    .whereIn('status', pipelineStatuses(actor))
    .pluck('id')) as number[];
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

/** Sets a flag on the candidate's project row, creating a suggested-tab row when there is none. */
async function setFlag(
  knex: Knex,
  project: ProjectRow,
  candidateId: number,
  values: Record<string, unknown>,
): Promise<void> {
  const now = new Date();
  await knex('project_candidates')
    .insert({
      project_id: project.id,
      candidate_id: candidateId,
      company_id: project.companyId,
      stage: STAGES.open,
      created_at: now,
      ...values,
      updated_at: now,
    })
    .onConflict(['project_id', 'candidate_id'])
    .merge({ ...values, updated_at: now });
}

function flagEndpoint(
  path: string,
  summary: string,
  key: 'hide' | 'favourite',
  column: string,
  on: 'hidden' | 'favourited',
  off: 'unhidden' | 'unfavourited',
) {
  return defineEndpoint({
    method: 'post',
    path,
    summary,
    access: { action: 'read', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: id('project'), candidateId: id('candidate'), [key]: flag() })) },
    handler: async ({ body, ability, actor, ctx }) => {
      const input = body as { projectId: number; candidateId: number } & Record<string, boolean>;
      const project = await loadProjectToChange(ctx.knex, ability, input.projectId);
      await requireReach(ctx.knex, ability, actor, project, [input.candidateId]);
      const value = input[key];
      const name = await actorName(ctx.knex, actor);
      await ctx.knex.transaction(async (trx) => {
        await setFlag(trx, project, input.candidateId, { [column]: value });
        await logRecruitmentActivity(trx, {
          candidateId: input.candidateId,
          activity: value ? on : off,
          projectId: project.id,
          actor,
          actorName: name,
          companyId: project.companyId,
        });
      });
      return { success: true, [column === 'is_hidden' ? 'isHidden' : 'isFavorited']: value };
    },
  });
}

export const actionEndpoints = [
  flagEndpoint(
    '/projects/candidate/hidden',
    'Hides or unhides a candidate in a project',
    'hide',
    'is_hidden',
    'hidden',
    'unhidden',
  ),
  flagEndpoint(
    '/projects/candidate/favourite',
    'Favourites or unfavourites a candidate in a project',
    'favourite',
    'is_favorited',
    'favourited',
    'unfavourited',
  ),

  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/seen',
    summary: 'Marks candidates of the suggested tab or the shortlist as seen by the company',
    access: { action: 'read', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: id('project'), candidates: ids('candidate', 200), tab: int() })) },
    handler: async ({ body, ability, actor, ctx }) => {
      if (!seenTab(body.tab)) throw badRequest({ tab: 'tab.errors.invalid' });
      const project = await loadProject(ctx.knex, ability, { id: body.projectId });
      // Only the project's company's own views count as seen; admins looking do not.
      if (!actor.companyId || actor.companyId !== project.companyId) return { success: true, seen: 0 };
      const visible = await reachableIds(ctx.knex, ability, actor, project, body.candidates);
      if (!visible.length) return { success: true, seen: 0 };
      const now = new Date();
      let seen: number;
      if (body.tab === STAGES.shortlist) {
        seen = await ctx
          .knex('project_candidates')
          .where({ project_id: project.id, stage: STAGES.shortlist })
          .whereIn('candidate_id', visible)
          .whereNull('seen_at')
          .update({ seen_at: now, updated_at: now });
      } else {
        const { rowCount } = await ctx.knex.raw(
          `insert into project_candidates (project_id, candidate_id, company_id, stage, seen_at, created_at, updated_at)
           select ?, x, ?, 0, ?, ?, ? from unnest(?::int[]) x
           on conflict (project_id, candidate_id) do update set seen_at = excluded.seen_at, updated_at = excluded.updated_at
           where project_candidates.stage = 0 and project_candidates.seen_at is null`,
          [project.id, project.companyId, now, now, now, visible],
        );
        seen = rowCount ?? 0;
      }
      return { success: true, seen };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/add',
    summary: "Adds a candidate to another of the caller's projects",
    access: { action: 'read', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: id('project'), candidateId: id('candidate') })) },
    handler: async ({ body, ability, actor, ctx }) => {
      const project = await loadProjectToChange(ctx.knex, ability, body.projectId);
      if (project.status === PROJECT_STATUS.inactive) throw projectInactive();
      if (!(await addable(ctx.knex, ability, actor, body.candidateId))) throw candidateNotFound();
      const name = await actorName(ctx.knex, actor);
      const now = new Date();
      const added = await ctx.knex.transaction(async (trx) => {
        const inserted = await trx('project_candidates')
          .insert({
            project_id: project.id,
            candidate_id: body.candidateId,
            company_id: project.companyId,
            stage: STAGES.open,
            // Only admins curate: the flag says the platform chose the candidate for the project.
            curated: viewerOf(actor) === 'admin',
            last_recruitment_updated_at: now,
            created_at: now,
            updated_at: now,
          })
          .onConflict(['project_id', 'candidate_id'])
          .ignore()
          .returning('id');
        if (!inserted.length) return false;
        await logRecruitmentActivity(trx, {
          candidateId: body.candidateId,
          activity: 'addedToProject',
          projectId: project.id,
          actor,
          actorName: name,
          companyId: project.companyId,
          toStage: STAGES.open,
        });
        return true;
      });
      if (!added) throw new AppError(409, 'project.candidate.add.exists');
      return { success: true, message: 'project.candidate.add.success' };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/curate',
    summary: "Curates candidates into a project's suggested tab (admins; an advocate on their projects)",
    access: { action: 'manage', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: id('project'), candidateIds: ids('candidate', 200) })) },
    handler: async ({ body, ability, actor, ctx }) => {
      const project = await loadProjectToChange(ctx.knex, ability, body.projectId);
      if (actor.adminType === 'advocate' && project.advocateId !== actor.id) throw forbidden();
      if (project.status === PROJECT_STATUS.inactive) throw projectInactive();
      const visible = await visibleCandidates(ctx.knex, actor, body.candidateIds);
      if (visible.length !== body.candidateIds.length)
        throw badRequest({ candidateIds: 'candidateIds.errors.notFound' });
      const name = await actorName(ctx.knex, actor);
      const now = new Date();
      const added = await ctx.knex.transaction(async (trx) => {
        const { rows } = await trx.raw(
          `insert into project_candidates (project_id, candidate_id, company_id, stage, curated, last_recruitment_updated_at, created_at, updated_at)
           select ?, x, ?, 0, true, ?, ?, ? from unnest(?::int[]) x
           on conflict (project_id, candidate_id) do update set curated = true, updated_at = excluded.updated_at
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
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/candidate/list',
    summary: "The caller's open projects, each saying whether it holds the candidate",
    access: { action: 'read', subject: 'Project' },
    input: { query: specKeys(z.object({ candidateId: id('candidate') })) },
    handler: async ({ query, ability, ctx }) => {
      const q = ctx
        .knex('projects as p')
        .whereNot('p.status', PROJECT_STATUS.inactive)
        .select(
          'p.id',
          'p.title',
          'p.status',
          ctx.knex.raw(
            'exists (select 1 from project_candidates pc where pc.project_id = p.id and pc.candidate_id = ?) as "hasCandidate"',
            [query.candidateId],
          ),
        )
        .orderBy('p.created_at', 'desc')
        .limit(200);
      const rows = (await scopeProjects(q, ability, 'update')) as {
        id: number;
        title: string;
        status: number;
        hasCandidate: boolean;
      }[];
      return { success: true, data: rows.map((r) => ({ ...r, id: formatId(projectDef, r.id) })) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/get-project-tab-by-candidate',
    summary: "The tab a candidate is in within a project (by the project's and the candidate's guids or ids)",
    access: { action: 'read', subject: 'Project' },
    input: { query: specKeys(z.object({ projectGuid: z.string().max(60), candidateGuid: z.string().max(60) })) },
    handler: async ({ query, ability, actor, ctx }) => {
      const projectId = /^(Project:)?\d{1,9}$/.test(query.projectGuid)
        ? Number(query.projectGuid.replace('Project:', ''))
        : undefined;
      const project = await loadProject(
        ctx.knex,
        ability,
        projectId !== undefined ? { id: projectId } : { guid: query.projectGuid },
      );
      const byId = /^(Candidate:)?\d{1,9}$/.test(query.candidateGuid);
      const isGuid = /^[0-9a-f-]{36}$/i.test(query.candidateGuid);
      if (!byId && !isGuid) throw candidateNotFound();
      const candidate = await ctx
        .knex('candidates')
        .where(byId ? { id: Number(query.candidateGuid.replace('Candidate:', '')) } : { guid: query.candidateGuid })
        .first('id');
      if (!candidate || !(await reachableIds(ctx.knex, ability, actor, project, [candidate.id])).length)
        throw candidateNotFound();
      const row = await ctx
        .knex('project_candidates')
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
    },
  }),
];
