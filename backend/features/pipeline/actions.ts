/**
 * The candidate menu's actions in a project, each logged:
 *   POST /projects/candidate/hidden     {projectId, candidateId, hide}       (one id, or a list: the bulk bar's hide)
 *   POST /projects/candidate/favourite  {projectId, candidateId, favourite}  (one id, or a list)
 *   POST /projects/candidate/seen       {projectId, candidates, tab}   (suggested tab and shortlist, companies' views)
 *   POST /projects/candidate/add        {projectId (target), candidateId}
 *   POST /projects/candidate/curate     {projectId, candidateIds}      (admins; advocates on their projects)
 *   GET  /projects/candidate/list       ?candidateId=&q=&projectId=&purpose=  the caller's open projects it may
 *                                       add to (purpose=curate: curate into, as AI match does), hasCandidate (true
 *                                       only where the caller's board of the project shows the candidate); admins
 *                                       also read companyName, q finds by title or company name, and projectId is
 *                                       answered too, beyond the newest 200, when it is one of them
 *   GET  /projects/get-project-tab-by-candidate ?project_guid=&candidate_guid=
 * The project is one the caller may change (read: else 404 `project.notFound`); the candidate one
 * the caller reaches in it (pipeline/reach.ts: else 404 `project.candidate.notFound`). Flags, seen
 * marks and additions are refused on a closed (inactive) project, as curation.ts refuses adding to
 * one (409 `project.recruitment.errors.projectInactive`): nothing is written to it.
 * A flag's `candidateId` is one id or a list of at most MAX_BULK (200, duplicates dropped), as a move's is
 * (recruitment.ts): all or nothing, in one transaction. A candidate of the list the caller does not reach (another
 * company's, paused, withdrawn consent) makes it 404 naming those ids, with nothing written; the answer's `count` is
 * how many candidates were flagged.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import { z } from 'zod';
import { specKeys } from '../../../schema/validation/inputs';
import { formatId } from '../../../schema/lib/ids';
import { PROJECT_STATUS, STAGES } from '../../../schema/rules/pipeline';
import { curates, mayPlaceFor, placesIntoSql, seenTab } from '../../../schema/rules/stages';
import type { Actor } from '../../../schema/roles';
import { flag, id, ids, int } from '../../../schema/validation/inputs';
import { onBoardSql, viewerOf, type Viewer } from '../../../schema/rules/visibility';
import { containsPattern, textContains } from '../../db/textMatch';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import { logRecruitmentActivity, type RecruitmentEvent } from '../../services/activity';
import { actorName, loadProject, loadProjectToChange, projectDef, scopeProjects, type ProjectRow } from './access';
import { addCandidate, curateCandidates, tabOfCandidate } from './curation';
import { reachableIds, requireReach } from './reach';
import { MAX_BULK } from './recruitment';
import { heldSql } from './tabs';

type RecruitmentActivity = RecruitmentEvent['activity'];

/** Refuses a closed project: an open one is active or paused. */
function requireOpen(project: ProjectRow): void {
  if (project.status === PROJECT_STATUS.inactive) throw new AppError(409, 'project.recruitment.errors.projectInactive');
}

/** Sets a flag on the candidates' project rows, creating a suggested-tab row where there is none. */
async function setFlag(
  knex: Knex,
  project: ProjectRow,
  candidateIds: number[],
  values: Record<string, unknown>,
): Promise<void> {
  const now = new Date();
  await knex('project_candidates')
    .insert(
      candidateIds.map((candidateId) => ({
        project_id: project.id,
        candidate_id: candidateId,
        company_id: project.companyId,
        stage: STAGES.open,
        created_at: now,
        ...values,
        updated_at: now,
      })),
    )
    .onConflict(['project_id', 'candidate_id'])
    .merge({ ...values, updated_at: now });
}

/** One candidate id or a list of them (a bulk action), as a move takes them: a list, duplicates dropped. */
const candidateList = z.union([id('candidate').transform((n) => [n]), ids('candidate', MAX_BULK)]);

/**
 * Flags every candidate of the list or none: the project open, each candidate reached (else 404 naming those who are
 * not), the rows and their log entries written in one transaction. Answers how many were flagged.
 */
async function flagAll(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  input: { projectId: number; candidateIds: number[]; column: string; value: boolean; activity: RecruitmentActivity },
): Promise<number> {
  const project = await loadProjectToChange(knex, ability, input.projectId);
  requireOpen(project);
  await requireReach(knex, ability, actor, project, input.candidateIds);
  const name = await actorName(knex, actor);
  await knex.transaction(async (trx) => {
    await setFlag(trx, project, input.candidateIds, { [input.column]: input.value });
    const base = { activity: input.activity, projectId: project.id, actor, actorName: name };
    const events = input.candidateIds.map((candidateId) => ({ ...base, candidateId, companyId: project.companyId }));
    await logRecruitmentActivity(trx, events);
  });
  return input.candidateIds.length;
}

/**
 * SQL: project `p` holds candidate `?` as the viewer's board shows them: a row that holds them by itself (tabs.ts
 * `heldSql`: past the suggested tab, or curated, added or asked to an interview there, as the tabs and their counts
 * read it), and for a company an active candidate who did not withdraw consent to be shown to companies, in a stage
 * it sees (onBoardSql: any stage; from shortlist on for a RaaS company); admins, who curate every status, any such
 * row. A paused candidate, one who withdrew consent, or a RaaS company's longlist is not confirmed to be there; nor
 * one whose row only records a flag, a seen mark or a whitelist request, whom only the saved filters show: adding
 * them places them (curation.ts).
 */
const holdsCandidateSql = (viewer: Viewer): string =>
  `exists (select 1 from project_candidates pc join candidates c on c.id = pc.candidate_id
            where pc.project_id = p.id and pc.candidate_id = ? and ${heldSql()}${viewer === 'admin' ? '' : ` and ${onBoardSql(viewer, 'c', 'pc')}`})`;

const OPEN_PROJECTS = 200;

interface OpenProject {
  id: number;
  title: string;
  status: number;
  hasCandidate: boolean;
  companyName?: string | null;
}

/** What the list is for: the candidate menu's addition (the default) or the platform's curation (AI match). */
type ListPurpose = 'add' | 'curate';

/**
 * Whether the caller brings candidates into the project for `purpose`, by the rule the call itself applies
 * (schema/rules/stages.ts): `curates` for the curate call, `mayPlaceFor` for an addition. An advocate is thus not
 * offered a company's project they do not advocate, which either call would refuse (403).
 */
const placesInto =
  (actor: Actor, purpose: ListPurpose) => (p: { advocateId: number | null; companyId: number | null }) =>
    purpose === 'curate' ? curates(actor, p) : mayPlaceFor(actor, p);

/**
 * The open projects the caller changes and brings candidates into (placesInto), newest first (200 at most), each
 * saying whether it holds the candidate, and how many match in all (`total`), so a dialog can say the list is cut and
 * ask for a search; `q` keeps those whose title (or, for admins, company name) holds it.
 * `projectId` (the AI match run's own project) is answered too when it is one of them, however old, so a dialog can
 * choose it. Admins, who change every company's projects, read each one's company (`companyName`, null for an
 * internal project) to tell them apart.
 */
async function openProjects(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  query: { candidateId: number; q?: string; projectId?: number; purpose?: ListPurpose },
): Promise<{ rows: OpenProject[]; total: number }> {
  const viewer = viewerOf(actor);
  const admin = viewer === 'admin';
  const q = knex('projects as p')
    .whereNot('p.status', PROJECT_STATUS.inactive)
    .select(
      'p.id',
      'p.title',
      'p.status',
      'p.advocate_id as advocateId',
      'p.company_id as companyId',
      knex.raw(`${holdsCandidateSql(viewer)} as "hasCandidate"`, [query.candidateId]),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc');
  if (admin) q.leftJoin('companies as co', 'co.id', 'p.company_id').select('co.company_name as companyName');
  if (query.q) {
    const like = containsPattern(query.q);
    q.where((w) => {
      w.whereRaw(textContains('p.title'), [like]);
      if (admin) w.orWhereRaw(textContains('co.company_name'), [like]);
    });
  }
  scopeProjects(q, ability, 'update');
  const purpose = query.purpose ?? 'add';
  const [placed, bindings] = placesIntoSql(actor, purpose);
  q.whereRaw(placed, bindings);
  type Row = OpenProject & { advocateId: number | null; companyId: number | null };
  const allowed = placesInto(actor, purpose);
  const rows = ((await q.clone().limit(OPEN_PROJECTS)) as Row[]).filter(allowed);
  const counted = (await q.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n: string | number };
  const total = Math.max(Number(counted.n), rows.length);
  if (query.projectId !== undefined && !rows.some((r) => r.id === query.projectId)) {
    const own = (await q.clone().where('p.id', query.projectId).first()) as Row | undefined;
    if (own && allowed(own)) rows.push(own);
  }
  return { rows: rows.map(({ advocateId: _a, companyId: _c, ...row }) => row), total };
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
    input: { body: specKeys(z.object({ projectId: id('project'), candidateId: candidateList, [key]: flag() })) },
    handler: async ({ body, ability, actor, ctx }) => {
      const input = body as { projectId: number; candidateId: number[] } & Record<string, boolean>;
      const value = input[key];
      const count = await flagAll(ctx.knex, ability, actor, {
        projectId: input.projectId,
        candidateIds: input.candidateId,
        column,
        value,
        activity: value ? on : off,
      });
      return { success: true, [column === 'is_hidden' ? 'isHidden' : 'isFavorited']: value, count };
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
      requireOpen(project);
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
          // A mark of a look, not a change to the row: its update stamp stays (an undo of a merge asks it, duplicates/since.ts).
          .update({ seen_at: now });
      } else {
        const { rowCount } = await ctx.knex.raw(
          `insert into project_candidates (project_id, candidate_id, company_id, stage, seen_at, created_at, updated_at)
           select ?, x, ?, 0, ?, ?, ? from unnest(?::int[]) x
           on conflict (project_id, candidate_id) do update set seen_at = excluded.seen_at
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
    handler: ({ body, ability, actor, ctx }) => addCandidate(ctx, ability, actor, body),
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/curate',
    summary: "Curates candidates into a project's suggested tab (admins; an advocate on their projects)",
    access: { action: 'manage', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: id('project'), candidateIds: ids('candidate', 200) })) },
    handler: ({ body, ability, actor, ctx }) => curateCandidates(ctx, ability, actor, body),
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/candidate/list',
    summary:
      "The caller's open projects (200 newest, `total` how many match), each saying whether its board shows the candidate to the caller",
    access: { action: 'read', subject: 'Project' },
    input: {
      query: specKeys(
        z.object({
          candidateId: id('candidate'),
          q: z.string().trim().max(100).optional(),
          projectId: id('project').optional(),
          purpose: z.enum(['add', 'curate']).optional(),
        }),
      ),
    },
    handler: async ({ query, ability, actor, ctx }) => {
      const { rows, total } = await openProjects(ctx.knex, ability, actor, query);
      return { success: true, data: rows.map((r) => ({ ...r, id: formatId(projectDef, r.id) })), total };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/get-project-tab-by-candidate',
    summary: "The tab a candidate is in within a project (by the project's and the candidate's guids or ids)",
    access: { action: 'read', subject: 'Project' },
    input: { query: specKeys(z.object({ projectGuid: z.string().max(60), candidateGuid: z.string().max(60) })) },
    handler: ({ query, ability, actor, ctx }) => tabOfCandidate(ctx.knex, ability, actor, query),
  }),
];
