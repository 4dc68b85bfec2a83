/**
 * Power-plan renewal (the renew_power_projects job): every open Power project whose cycle has
 * ended either pays PLAN_CHARGES.renewal (action projectRenewal, one idempotency key per cycle) and
 * runs 30 more days, or, when it was cancelled for the cycle's end or the balance cannot pay,
 * becomes inactive and its owner is emailed. One transaction per project, the project row locked
 * and the conditions read again under the lock, so two runs at once or one after the other
 * renew or close each cycle once.
 */
import type { Knex } from 'knex';
import { PROJECT_PLAN, PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { isOpen, renewalDecision } from '../../../schema/rules/plans';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { endProjectInterviews } from './endInterviews';
import { spendCredits } from '../credits';
import { queueProjectEndedEmail } from './notices';
import { lockProject, projectChanged } from './plans';

export interface RenewalRun {
  renewed: number;
  closed: number;
}

async function close(
  trx: Knex.Transaction,
  config: Config,
  id: number,
  reason: 'cancelled' | 'noCredits',
  now: Date,
): Promise<void> {
  await trx('projects').where('id', id).update({
    status: PROJECT_STATUS.inactive,
    cycle_ends_at: null,
    cancel_at_cycle_end: false,
    cancelled_at: now,
    updated_at: now,
  });
  await endProjectInterviews(trx, config, [id]);
  await projectChanged(trx, id);
  const project = await trx('projects').where('id', id).first('guid', 'title', 'owner_id', 'owner_admin_id');
  await queueProjectEndedEmail(trx, config, project, reason);
}

/** Renews or closes every open Power project whose cycle ended by `now`. */
export async function renewDueProjects(knex: Knex, config: Config, now = new Date()): Promise<RenewalRun> {
  const due = (await knex('projects')
    .where('plan', PROJECT_PLAN.power)
    .whereNot('status', PROJECT_STATUS.inactive)
    .where('cycle_ends_at', '<=', now)
    .orderBy('id')
    .pluck('id')) as number[];
  const run: RenewalRun = { renewed: 0, closed: 0 };
  for (const id of due) {
    await knex.transaction(async (trx) => {
      const p = await lockProject(trx, id);
      if (
        p.plan !== PROJECT_PLAN.power ||
        !isOpen(p.status) ||
        !p.cycleEndsAt ||
        p.cycleEndsAt.getTime() > now.getTime()
      )
        return;
      const decision = renewalDecision({ ...p, cycleEndsAt: p.cycleEndsAt }, now);
      if (decision.close) {
        await close(trx, config, id, 'cancelled', now);
        run.closed += 1;
        return;
      }
      const charge = decision.charge;
      if (charge && p.companyId) {
        try {
          await trx.transaction((sp) =>
            spendCredits(sp, {
              companyId: p.companyId as number,
              amount: charge.amount,
              action: charge.action,
              projectId: id,
              actor: 'system',
              idempotencyKey: charge.idempotencyKey,
            }),
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'credits.errors.insufficient') throw err;
          await close(trx, config, id, 'noCredits', now);
          run.closed += 1;
          return;
        }
      }
      await trx('projects').where('id', id).update({ cycle_ends_at: decision.nextEnd, updated_at: now });
      await projectChanged(trx, id);
      run.renewed += 1;
    });
  }
  return run;
}
