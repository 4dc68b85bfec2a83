/**
 * The project page's tabs and counts:
 *   GET /projects/candidates/search   the suggested tab (tab 0)
 *   GET /projects/tab/search          any other tab
 *   GET /projects/pipe-line           the stage counts alone
 * Query: `project_id` (or projectId), `tab`, the search page's keys, `ih=1` hidden only, `isf=1`
 * favourited only; `sort` also takes `recentlyMoved`: the last move in the project first (the board's columns).
 * Answer `{docs, totalResults, stats}`.
 */
import { z } from 'zod';
import { parseId } from '../../../schema/lib/ids';
import { isStage } from '../../../schema/rules/stages';
import type { StageId } from '../../../schema/rules/pipeline';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest } from '../../errors';
import { ADMIN_KEYS, ParamError, parseSearchParams, TAB_SORTS, type SearchParams } from '../search';
import { loadProject, projectDef } from './access';
import { tabDocs } from './docs';
import { pipelineStats } from './stats';
import { tabPage, type TabFlags } from './tabs';

interface TabQuery {
  projectId: number;
  tab: StageId;
  flags: TabFlags;
  params: SearchParams;
  /** The request chose a sort; otherwise the suggested tab keeps its saved search's. */
  sortAsked: boolean;
}

const last = (raw: unknown): unknown => (Array.isArray(raw) ? raw[raw.length - 1] : raw);
const isOn = (raw: unknown) => ['1', 'true', 'yes', 'on'].includes(String(last(raw) ?? '').toLowerCase());

function tabQuery(defaultTab?: StageId) {
  return z.unknown().transform((raw, ctx): TabQuery => {
    const query = { ...((raw ?? {}) as Record<string, unknown>) };
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const rawProject = last(query.project_id ?? query.projectId);
    const projectId = parseId(projectDef, rawProject);
    if (projectId === undefined)
      issue(
        'project_id',
        rawProject === undefined || rawProject === '' ? 'projectId.errors.required' : 'projectId.errors.invalid',
      );
    const rawTab = last(query.tab);
    const tab = rawTab === undefined || rawTab === '' ? defaultTab : /^\d$/.test(String(rawTab)) ? Number(rawTab) : -1;
    if (tab === undefined) issue('tab', 'tab.errors.required');
    else if (!isStage(tab)) issue('tab', 'tab.errors.invalid');
    for (const key of ['project_id', 'projectId', 'tab', 'ih', 'isf']) delete query[key];
    let params: SearchParams | undefined;
    try {
      params = parseSearchParams(query, { sorts: TAB_SORTS });
    } catch (err) {
      if (!(err instanceof ParamError)) throw err;
      for (const [field, message] of Object.entries(err.fields)) issue(field, message);
    }
    if (projectId === undefined || !isStage(tab) || !params) return z.NEVER;
    return {
      projectId,
      tab,
      flags: {
        hidden: isOn(raw && (raw as Record<string, unknown>).ih),
        favourite: isOn(raw && (raw as Record<string, unknown>).isf),
      },
      params,
      sortAsked: ![undefined, ''].includes(last(query.sort) as string | undefined),
    };
  });
}

function tabEndpoint(path: string, summary: string, defaultTab?: StageId) {
  return defineEndpoint({
    method: 'get',
    path,
    summary,
    access: { action: 'read', subject: 'Project' },
    input: { query: tabQuery(defaultTab) },
    handler: async ({ query, ability, actor, ctx }) => {
      const { projectId, tab, flags, params, sortAsked } = query as TabQuery;
      // The admins' filters, as search refuses them: by the fields the caller may search by.
      const refused = params.adminKeys.filter((key) => !ability.can('search', 'Candidate', ADMIN_KEYS[key]));
      if (refused.length) throw badRequest(Object.fromEntries(refused.map((key) => [key, `${key}.errors.adminOnly`])));
      const knex = ctx.knex;
      const project = await loadProject(knex, ability, { id: projectId });
      const [page, stats] = await Promise.all([
        tabPage(knex, ability, actor, project, tab, params, flags, sortAsked),
        pipelineStats(knex, ability, actor, project),
      ]);
      const docs = await tabDocs(knex, ability, actor, project, page, params.currency);
      return { docs, totalResults: page.total, stats, page: params.page, perPage: params.perPage };
    },
  });
}

export const tabEndpoints = [
  tabEndpoint(
    '/projects/candidates/search',
    "The suggested tab of a project: its saved filters' finds and curated candidates",
    0,
  ),
  tabEndpoint('/projects/tab/search', "One stage's tab of a project"),
  defineEndpoint({
    method: 'get',
    path: '/projects/pipe-line',
    summary: "A project's candidates per stage",
    access: { action: 'read', subject: 'Project' },
    input: {
      query: z.object({ project_id: z.unknown().optional(), projectId: z.unknown().optional() }).transform((q, ctx) => {
        const id = parseId(projectDef, last(q.project_id ?? q.projectId));
        if (id === undefined) {
          ctx.addIssue({ code: 'custom', message: 'projectId.errors.invalid', path: ['project_id'] });
          return z.NEVER;
        }
        return { projectId: id };
      }),
    },
    handler: async ({ query, ability, actor, ctx }) => {
      const project = await loadProject(ctx.knex, ability, { id: query.projectId });
      return { success: true, stats: await pipelineStats(ctx.knex, ability, actor, project) };
    },
  }),
];
