/**
 * GET dashboard/ta-project-assignment-log: which admin became a project's talent advocate or owning
 * admin (or stopped being one), by whom and when, newest first, paged; from project_logs, written by
 * a trigger on projects. Filters: date range or week, company, project, admin (assigned or assigning); the range's
 * days are the reader's `timeZone` (inputs.ts), UTC days without it.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { PROJECT_LOG_KIND } from '../../../schema/entities/internal/projectLog';
import { camelKeys } from '../../../schema/validation/inputs';
import { dayIn, readersZone } from '../../services/zones';
import { dayRange, filterFields, pageFields, pageOf, pagination, zoneFields } from './inputs';

export const assignmentQuery = z.preprocess(camelKeys, z.object({ ...filterFields, ...zoneFields, ...pageFields }));

const adminName = (alias: string) => `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

export async function assignmentLog(knex: Knex, query: z.output<typeof assignmentQuery>) {
  const zone = await readersZone(knex, query.timeZone);
  const range = dayRange(query, dayIn(zone));
  const base = knex('project_logs as pl')
    .join('projects as p', 'p.id', 'pl.project_id')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .whereIn('pl.kind', [PROJECT_LOG_KIND.advocate, PROJECT_LOG_KIND.ownerAdmin])
    .whereRaw(`pl.created_at >= (?::date)::timestamp at time zone ?`, [range.from, zone])
    .whereRaw(`pl.created_at < (?::date + 1)::timestamp at time zone ?`, [range.to, zone]);
  if (query.companyId) base.where('p.company_id', query.companyId);
  if (query.projectId) base.where('pl.project_id', query.projectId);
  if (query.adminId) {
    const adminId = query.adminId;
    base.where((w) =>
      w
        .where('pl.to_value', adminId)
        .orWhere('pl.from_value', adminId)
        .orWhere((a) => a.where('pl.actor_kind', 1).where('pl.actor_id', adminId)),
    );
  }
  const [{ count }] = await base.clone().count<{ count: string }[]>('* as count');
  const { page, perPage, offset } = pageOf(query);
  const rows = await base
    .clone()
    .leftJoin('admins as na', 'na.id', 'pl.to_value')
    .leftJoin('admins as oa', 'oa.id', 'pl.from_value')
    .leftJoin('admins as aa', (j) => j.on('aa.id', 'pl.actor_id').andOn('pl.actor_kind', knex.raw('1')))
    .leftJoin('company_users as au', (j) => j.on('au.id', 'pl.actor_id').andOn('pl.actor_kind', knex.raw('2')))
    .select(
      'pl.id',
      'pl.kind',
      'pl.created_at',
      'pl.project_id',
      'pl.to_value',
      'pl.from_value',
      'p.title',
      'p.company_id',
      'c.company_name',
      knex.raw(`${adminName('na')} as assigned_name`),
      knex.raw(`${adminName('oa')} as previous_name`),
      knex.raw(`coalesce(${adminName('aa')}, ${adminName('au')}) as actor_name`),
    )
    .orderBy('pl.created_at', 'desc')
    .orderBy('pl.id', 'desc')
    .limit(perPage)
    .offset(offset);
  return {
    success: true,
    range,
    data: rows.map((r) => ({
      id: `ProjectLog:${r.id}`,
      role: r.kind === PROJECT_LOG_KIND.advocate ? 'advocate' : 'ownerAdmin',
      at: new Date(r.created_at).toISOString(),
      project: { id: `Project:${r.project_id}`, title: r.title },
      company: r.company_id ? { id: `Company:${r.company_id}`, companyName: r.company_name } : null,
      assigned: r.to_value ? { id: `Admin:${r.to_value}`, name: r.assigned_name } : null,
      previous: r.from_value ? { id: `Admin:${r.from_value}`, name: r.previous_name } : null,
      assignedBy: r.actor_name ?? null,
    })),
    pagination: pagination(page, perPage, Number(count)),
  };
}
