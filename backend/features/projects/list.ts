/**
 * Reading projects (spec section 7), always limited in SQL by the caller's read rule:
 *   GET projects/list          view (all, internal, mine, assigned), status, q (title, job title,
 *                              company name), sort, pages; per-project stats in one grouped query
 *   GET projects/status/stats  {Active, Paused, Inactive} over the same view and text
 *   GET projects/find/:id      'Project:N', N or the guid; 404 'project.notFound' when out of reach
 *   GET projects/raas/status   the company's free slot, balance and trial
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { actorRefs, type Actor } from '../../../schema/roles';
import { int, oneOf, optionalText, specKeys } from '../../../schema/validation/inputs';
import { selectRows } from '../../crud/router';
import type { Row } from '../../crud/serialize';
import { containsPattern, textContains } from '../../db/textMatch';
import { textOrder } from '../../db/textOrder';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { balanceOf, refOf } from '../credits';
import { freeSlotTaken } from './plans';
import { projectEntity } from './projectWrites';
import { presentProjects, projectFor, projectRef } from './read';
import type { AppAbility } from '../../../schema/ability';

const VIEWS = ['all', 'internal', 'mine', 'assigned'] as const;
type View = (typeof VIEWS)[number];

const viewQuery = {
  view: z.enum(VIEWS).catch('all'),
  status: oneOf(Object.values(PROJECT_STATUS)).optional(),
  q: optionalText(100),
};

// The spec's snake_case spellings (`per_page`) are read too, as the other lists read them.
const listQuery = specKeys(
  z
    .object({
      ...viewQuery,
      page: int().pipe(z.number().min(1).max(100000)).catch(1),
      perPage: int().pipe(z.number().min(1).max(100)).catch(10),
      sortBy: z.enum(['createdAt', 'title', 'status']).catch('createdAt'),
      sortDir: z.enum(['asc', 'desc']).catch('desc'),
    })
    // An unknown sort falls back (spec section 7), but a filter this list does not know is refused at its name, not ignored.
    .strict(),
);

const SORT_COLUMN = { createdAt: 'projects.created_at', title: 'projects.title', status: 'projects.status' } as const;

/** The caller's projects of a view, with the text and status filters, limited by the read rule. */
export function filtered<Q extends Knex.QueryBuilder>(
  q: Q,
  ability: AppAbility,
  actor: Actor,
  opts: { view: View; status?: number; q: string | null },
): Q {
  q.leftJoin('companies as pc', 'pc.id', 'projects.company_id').leftJoin(
    'job_titles as pjt',
    'pjt.id',
    'projects.job_title_id',
  );
  scopeQuery(q, ability, 'read', projectEntity.subject, projectEntity.table);
  // Admins own and are assigned projects by their admin id; company users own them by their user id.
  const { adminId } = actorRefs(actor);
  if (opts.view === 'internal') q.where('projects.is_admin_project', true);
  if (opts.view === 'mine') q.where(adminId ? 'projects.owner_admin_id' : 'projects.owner_id', actor.id ?? -1);
  if (opts.view === 'assigned') q.where('projects.advocate_id', adminId ?? -1);
  if (opts.status !== undefined) q.where('projects.status', opts.status);
  if (opts.q) {
    const like = containsPattern(opts.q);
    q.where((w) =>
      w
        .whereRaw(textContains('projects.title'), [like])
        .orWhereRaw(textContains('pjt.name'), [like])
        .orWhereRaw(textContains('pc.company_name'), [like]),
    );
  }
  return q;
}

const TODAY = "(now() at time zone 'utc')::date";

export const projectListEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/projects/list',
    summary: "The caller's projects with their stage counts, filtered, sorted and paged",
    access: { action: 'read', subject: 'Project' },
    input: { query: listQuery },
    handler: async ({ query, ability, actor, ctx, record }) => {
      const { knex } = ctx;
      const [{ n }] = await filtered(knex('projects'), ability, actor, query).count({ n: '*' });
      const page = filtered(selectRows(knex, projectEntity) as unknown as Knex.QueryBuilder, ability, actor, query)
        .orderByRaw(
          query.sortBy === 'title'
            ? textOrder(SORT_COLUMN.title, query.sortDir)
            : `${SORT_COLUMN[query.sortBy]} ${query.sortDir}`,
        )
        .orderBy('projects.id', query.sortDir)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const rows = ((await page) as unknown as { toJSON(): Row }[]).map((r) => r.toJSON());
      const total = Number(n);
      return {
        success: true,
        data: await presentProjects({ knex, actor, ability, record }, rows),
        pagination: {
          currentPage: query.page,
          pageSize: query.perPage,
          pagesCount: Math.ceil(total / query.perPage),
          dataCount: total,
        },
      };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/projects/status/stats',
    summary: "How many of the caller's projects are active, paused and inactive",
    access: { action: 'read', subject: 'Project' },
    input: { query: z.object(viewQuery) },
    handler: async ({ query, ability, actor, ctx }) => {
      const rows = (await filtered(ctx.knex('projects'), ability, actor, { ...query, status: undefined })
        .groupBy('projects.status')
        .select('projects.status', ctx.knex.raw('count(*)::int as n'))) as { status: number; n: number }[];
      const count = (s: number) => rows.find((r) => r.status === s)?.n ?? 0;
      return {
        Active: count(PROJECT_STATUS.active),
        Paused: count(PROJECT_STATUS.paused),
        Inactive: count(PROJECT_STATUS.inactive),
      };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/projects/find/:id',
    summary: 'One project with its stage counts and what the caller may do with it',
    access: { action: 'read', subject: 'Project' },
    input: { params: z.object({ id: z.string().max(100) }) },
    handler: async ({ params, ability, actor, ctx, record }) => {
      const ref = projectRef.safeParse(params.id);
      if (!ref.success) throw new AppError(404, 'project.notFound');
      const row = await projectFor(ctx.knex, ability, ref.data);
      const [data] = await presentProjects({ knex: ctx.knex, actor, ability, record }, [row]);
      return { success: true, data };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/projects/raas/status',
    summary: "A company's free project slot, credit balance and trial",
    access: { action: 'read', subject: 'Project' },
    input: { query: z.object({ companyId: refOf('company', 'companyId').optional() }) },
    handler: async ({ query, actor, ability, ctx }) => {
      const companyId = query.companyId ?? actor.companyId;
      if (!companyId) throw badRequest({ companyId: 'company.errors.required' });
      const company = await scopeQuery(
        ctx.knex('companies').where('id', companyId),
        ability,
        'read',
        'Company',
        'companies',
      ).first('id', 'trial_ends_at', ctx.knex.raw(`coalesce(trial_ends_at >= ${TODAY}, false) as on_trial`));
      if (!company) throw new AppError(404, 'company.notFound');
      const trialEndsAt = (company.trial_ends_at as string | null) ?? null;
      return {
        success: true,
        data: {
          freeSlotAvailable: !(await freeSlotTaken(ctx.knex, companyId)),
          balance: await balanceOf(ctx.knex, companyId),
          onTrial: company.on_trial,
          trialEndsAt,
        },
      };
    },
  }),
];
