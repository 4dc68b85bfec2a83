/**
 * A company's status carries to its projects (spec section 4): when the company becomes pending (0)
 * or inactive (2), each of its open projects becomes inactive and remembers its status
 * (statusBeforeHold); when the company is active (1) again, those projects return to it, their
 * cycles untouched (a Power cycle that ended meanwhile is renewed by renew_power_projects).
 * Called by the company's write rule, so the console's edit and bulk status changes both apply it.
 */
import type { Knex } from 'knex';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import type { Config } from '../../config';
import type { CheckContext } from '../../crud/writes';
import { endProjectInterviews } from './endInterviews';
import { projectChanged } from './plans';

const COMPANY_ACTIVE = 1;

export async function holdOrRestoreProjects(
  trx: Knex.Transaction,
  config: Config,
  companyId: number,
  from: number,
  to: number,
): Promise<void> {
  if (from === to) return;
  if (to !== COMPANY_ACTIVE) {
    const held = (await trx('projects')
      .where('company_id', companyId)
      .whereNot('status', PROJECT_STATUS.inactive)
      .update({ status_before_hold: trx.ref('status'), status: PROJECT_STATUS.inactive, updated_at: trx.fn.now() })
      .returning('id')) as { id: number }[];
    // Closed, their interviews end (endInterviews.ts); a restored project books them anew.
    await endProjectInterviews(
      trx,
      config,
      held.map((p) => p.id),
    );
    await projectChanged(
      trx,
      held.map((p) => p.id),
    );
    return;
  }
  const restored = (await trx('projects')
    .where('company_id', companyId)
    .whereNotNull('status_before_hold')
    .update({ status: trx.ref('status_before_hold'), status_before_hold: null, updated_at: trx.fn.now() })
    .returning('id')) as { id: number }[];
  await projectChanged(
    trx,
    restored.map((p) => p.id),
  );
}

/** The company write rule's part (backend/features/team/companies.ts `after`). */
export async function companyProjectsFollowStatus(ctx: CheckContext, data: Record<string, unknown>): Promise<void> {
  if (ctx.mode !== 'update' || !ctx.id || !ctx.existing || data.status === undefined) return;
  await holdOrRestoreProjects(ctx.trx, ctx.config, ctx.id, ctx.existing.status as number, data.status as number);
}
