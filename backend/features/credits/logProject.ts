/**
 * The project a credit movement was about, as the credit log answers it: its title, and whether the reader may open
 * it (the project's read rule, as the projects list applies it). Only a project of the movement's own company is
 * named (the log is read within the reader's company); a deleted project keeps its id in the log
 * (`onDelete: 'keep'`) and reads as deleted.
 *
 * A project the reader may not open (a Member's colleague's project not shared with them, the Project read rule
 * the projects list and the recruiter dashboard apply, schema/rules/credits.ts readsEveryCharge) is answered
 * without its id or title: `hidden`, shown as 'A project not shared with you'. Its charge stays listed, so the
 * log's movements and each "balance after" still add up to the balance the Member is shown, which is the
 * company's (GET credit/balance, one pool every colleague pays from); leaving the charge out would make the
 * log disagree with that balance. Once deleted, a project reads as deleted to everyone (its title is gone).
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import { t } from '../../../i18n';
import { permissionSql } from '../../permissions/sql';

/** Joins the movement's project (alias `p`) onto a query of `credit_logs as g` and selects its title and openability. */
export function withLogProject<Q extends Knex.QueryBuilder>(query: Q, knex: Knex, ability: AppAbility): Q {
  const rule = permissionSql(ability, 'read', 'Project', 'p');
  const open =
    rule === false
      ? knex.raw('false as project_open')
      : rule === null
        ? knex.raw('(p.id is not null) as project_open')
        : knex.raw(`(p.id is not null and (${rule[0]})) as project_open`, rule[1] as Knex.RawBinding[]);
  return query
    .leftJoin('projects as p', (j) => j.on('p.id', 'g.project_id').andOn('p.company_id', 'g.company_id'))
    .select('p.title as project_title', open) as Q;
}

/**
 * The project part of a log entry: its id, its title (null once deleted), whether the reader may open it;
 * a live project the reader may not open answers neither its id nor its title (`hidden`).
 */
export function logProjectOut(r: Record<string, unknown>) {
  if (!r.project_id) return { projectId: null, project: null };
  const deleted = r.project_title === null || r.project_title === undefined;
  if (!deleted && r.project_open !== true)
    return { projectId: null, project: { id: null, title: null, deleted: false, open: false, hidden: true } };
  return {
    projectId: `Project:${r.project_id}`,
    project: {
      id: `Project:${r.project_id}`,
      title: (r.project_title as string | null) ?? null,
      deleted,
      open: r.project_open === true,
      hidden: false,
    },
  };
}

/** The project as the CSV export writes it: its title, that it was deleted, or that it is not shared with the reader. */
export const projectText = (project: ReturnType<typeof logProjectOut>['project']): string | null => {
  if (!project) return null;
  if (project.hidden) return t('credits.page.projectNotShared');
  return project.title ?? t('credits.page.projectDeleted');
};
