/**
 * Finding a project by what people type (spec section 7), for the pickers that name one (add to another project, the
 * console's choice of a company's project), always limited in SQL by the caller's read rule:
 *   GET projects/search                 q (title, job title, company name), status, limit: the caller's projects
 *   GET projects/company/admin/search   companyId, q, status, limit: one company's projects, for those who manage
 *                                       companies (admins); a company the caller does not read is 404
 * Each answers at most `limit` (50) short rows, newest first: id, guid, title, status, project type, company.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { id, int, oneOf, optionalText } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { AppError } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { filtered } from './list';
import { projectEntity } from './projectWrites';

const MAX_FOUND = 50;
const company = entity('company');

const searchQuery = {
  q: optionalText(100),
  status: oneOf(Object.values(PROJECT_STATUS)).optional(),
  limit: int().pipe(z.number().min(1).max(MAX_FOUND)).catch(20),
};

interface Found {
  id: number;
  guid: string;
  title: string;
  status: number;
  project_type: number;
  company_id: number | null;
  company_name: string | null;
}

async function found(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  opts: { q: string | null; status?: number; limit: number; companyId?: number },
) {
  const q = filtered(knex('projects'), ability, actor, { view: 'all', q: opts.q, status: opts.status });
  if (opts.companyId !== undefined) q.where('projects.company_id', opts.companyId);
  const rows = (await q
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(opts.limit)
    .select(
      'projects.id',
      'projects.guid',
      'projects.title',
      'projects.status',
      'projects.project_type',
      'projects.company_id',
      'pc.company_name',
    )) as Found[];
  return {
    success: true,
    data: rows.map((r) => ({
      id: formatId(projectEntity, r.id),
      guid: r.guid,
      title: r.title,
      status: r.status,
      projectType: r.project_type,
      company: r.company_id === null ? null : { id: formatId(company, r.company_id), companyName: r.company_name },
    })),
  };
}

export const projectSearchEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/projects/search',
    summary: "The caller's projects whose title, job title or company matches what was typed",
    access: { action: 'read', subject: projectEntity.subject },
    input: { query: z.object(searchQuery) },
    handler: ({ query, ability, actor, ctx }) => found(ctx.knex, ability, actor, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/projects/company/admin/search',
    summary: "One company's projects matching what was typed, for those who manage companies",
    access: { action: 'update', subject: company.subject },
    input: { query: z.object({ ...searchQuery, companyId: id('company').optional() }) },
    handler: async ({ query, ability, actor, ctx }) => {
      if (query.companyId !== undefined) {
        const readable = scopeQuery(
          ctx.knex('companies').where('companies.id', query.companyId),
          ability,
          'read',
          company.subject,
          company.table,
        );
        if (!(await readable.first('companies.id'))) throw new AppError(404, 'company.notFound');
      }
      return found(ctx.knex, ability, actor, query);
    },
  }),
];
