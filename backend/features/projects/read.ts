/**
 * Reading projects as the caller may: a project named by 'Project:N', N or its guid, loaded
 * through the caller's read rule in SQL (out of reach is 404 'project.notFound', never a hint that
 * it exists), and the answer's shape: the record plus stats, company, owner, advocate and job
 * title, each read in one query for a whole page.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Action } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { searchUrlFor } from '../../../schema/rules/searchKeys';
import { selectRows } from '../../crud/router';
import type { Row } from '../../crud/serialize';
import { forbidden, notFound } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { projectStats } from './stats';
import { projectEntity } from './projectWrites';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ID = 2147483647;

/** A project reference as clients send it: 'Project:12', 12, '12' or a guid (the portal's links). */
export const projectRef = z.union([z.string().max(60), z.number()]).transform((raw, ctx) => {
  if (typeof raw === 'string' && GUID.test(raw.trim())) return raw.trim().toLowerCase();
  const text = typeof raw === 'string' ? raw.trim().replace(/^Project:/, '') : raw;
  const n = typeof text === 'number' ? text : /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: 'invalid', input: raw });
    return z.NEVER;
  }
  return n;
});
export type ProjectRef = z.output<typeof projectRef>;

/** The project as the model reads it, if the caller's `action` rule reaches it. */
export async function findProject(
  knex: Knex,
  ability: AppAbility,
  ref: ProjectRef,
  action: Action = 'read',
): Promise<Row | undefined> {
  const q = selectRows(knex, projectEntity);
  if (typeof ref === 'number') q.where('projects.id', ref);
  else q.where('projects.guid', ref);
  scopeQuery(q, ability, action, projectEntity.subject, projectEntity.table);
  const found = await q.first();
  return found ? (found.toJSON() as Row) : undefined;
}

/**
 * The project the caller may read, or 404 'project.notFound'; then 403 when `action` (other than
 * read) is refused on it.
 */
export async function projectFor(
  knex: Knex,
  ability: AppAbility,
  ref: ProjectRef,
  action: Action = 'read',
): Promise<Row> {
  const row = await findProject(knex, ability, ref, 'read');
  if (!row) throw notFound('project.notFound');
  if (action !== 'read' && !ability.can(action, asSubject(projectEntity.subject, { ...row }))) throw forbidden();
  return row;
}

const named = (prefix: string, id: number | null | undefined, name: string | null | undefined) =>
  id ? { id: `${prefix}${id}`, name: name ?? '' } : null;

async function byId<T extends { id: number }>(
  q: Knex.QueryBuilder,
  ids: (number | null | undefined)[],
): Promise<Map<number, T>> {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return new Map();
  const rows = (await q.whereIn('id', wanted)) as T[];
  return new Map(rows.map((r) => [r.id, r]));
}

export interface Reader {
  knex: Knex;
  actor: Actor;
  ability: AppAbility;
  record(entity: string, row: Row): Record<string, unknown>;
}

/**
 * Projects as the list and find answers show them: the record plus stats, company, owner, advocate, job title and
 * what the caller may do with each (`access`: a row's menu offers only those).
 */
export async function presentProjects(reader: Reader, rows: Row[]): Promise<Record<string, unknown>[]> {
  const { knex } = reader;
  type Company = { id: number; company_name: string; company_type: number };
  type Person = { id: number; name: string };
  const personName = knex.raw("trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name");
  const [stats, companies, owners, ownerAdmins, advocates, titles] = await Promise.all([
    projectStats(knex, reader.ability, reader.actor, rows),
    byId<Company>(
      knex('companies').select('id', 'company_name', 'company_type'),
      rows.map((r) => r.companyId as number),
    ),
    byId<Person>(
      knex('company_users').select('id', personName),
      rows.map((r) => r.ownerId as number),
    ),
    byId<Person>(
      knex('admins').select('id', personName),
      rows.map((r) => r.ownerAdminId as number),
    ),
    byId<Person>(
      knex('admins').select('id', personName),
      rows.map((r) => r.advocateId as number),
    ),
    byId<Person>(
      knex('job_titles').select('id', 'name'),
      rows.map((r) => r.jobTitleId as number),
    ),
  ]);
  return rows.map((r) => {
    const company = companies.get(r.companyId as number);
    const owner = r.ownerId ? named('User:', r.ownerId as number, owners.get(r.ownerId as number)?.name) : null;
    return {
      ...savedSearchAsRead(reader, reader.record('project', r)),
      stats: stats.get(r.id),
      company: company
        ? { id: `Company:${company.id}`, companyName: company.company_name, companyType: company.company_type }
        : null,
      owner: owner ?? named('Admin:', r.ownerAdminId as number, ownerAdmins.get(r.ownerAdminId as number)?.name),
      advocate: named('Admin:', r.advocateId as number, advocates.get(r.advocateId as number)?.name),
      jobTitle: named('', r.jobTitleId as number, titles.get(r.jobTitleId as number)?.name),
      access: accessOf(reader.ability, r),
    };
  });
}

/**
 * The record with its saved filters (`currentUrl`) as the reader may use them: an admin's filters by name, company,
 * owner or candidate status (schema/rules/searchKeys.ts) are left out for a company, as its suggested tab ignores them.
 */
function savedSearchAsRead(reader: Reader, record: Record<string, unknown>): Record<string, unknown> {
  if (typeof record.currentUrl !== 'string') return record;
  const maySearch = (field: string) => reader.ability.can('search', 'Candidate', field);
  return { ...record, currentUrl: searchUrlFor(record.currentUrl, maySearch) };
}

/** What the caller may do with a project (the find answer's `access`). */
export function accessOf(ability: AppAbility, row: Row) {
  const s = asSubject(projectEntity.subject, { ...row });
  // Sharing is for whoever may delete the project: admins, its owner, the company's Owner and Admins. Handing it to
  // another owner too, where the caller keeps it afterwards (not a Member owner of a project shared with nobody).
  const canDelete = ability.can('delete', s);
  const kept = ability.can('update', asSubject(projectEntity.subject, { ...row, ownerId: null }));
  return { canEdit: ability.can('update', s), canShare: canDelete, canDelete, canHandOver: canDelete && kept };
}
