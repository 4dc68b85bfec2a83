/**
 * The plan rules of schema/rules/plans.ts applied to the database: each function runs in the
 * caller's transaction, locks the project row, decides with the pure rule, charges through the
 * ledger (spendCredits, same transaction, keyed per cycle) and changes the project. Only a change
 * that charges locks the company row (lockCredits, after the project's: the order every plan change
 * follows), so creating, pausing or closing a project that moves no credit never waits on, nor
 * answers busy for, a payment of the company's credits; the openings of a company's free projects
 * run one after another on their own lock (slotTakenFor). A refusal or a failed charge throws and
 * the caller's transaction changes nothing; two simultaneous requests for one project run one
 * after the other, so the second finds the first's result and does not charge again. Every change
 * of a project's plan, status, cycle or guarantees raises the live event `projectChanged` on the
 * project (projectChanged), which reaches only those who may read the project: their open pages
 * read the project again.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { PROJECT_PLAN, PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { guaranteeAvailable, pipelineRole } from '../../../schema/rules/stages';
import {
  cancelDecision,
  keepRenewingDecision,
  cycleEnd,
  guaranteeDecision,
  isOpen,
  openDecision,
  plansApply,
  statusDecision,
  upgradeDecision,
  type CancelWhen,
  type Charge,
  type Decision,
  type PlanProject,
} from '../../../schema/rules/plans';
import type { Config } from '../../config';
import { AppError, badRequest, notFound } from '../../errors';
import { spendCredits, type LedgerActor } from '../credits';
import { raiseLive } from '../live';
import { endProjectInterviews } from './endInterviews';
import { setProjectActor } from './projectActor';

type Trx = Knex.Transaction;

export interface LockedProject extends PlanProject {
  companyId: number | null;
  cycleEndsAt: Date | null;
}

/** The live event's kind of a change to a project's plan or status: its open pages read the project again. */
export const PROJECT_CHANGED = 'projectChanged';

/** Tells the open pages of these projects (those who may read them) that the project changed, if the transaction commits. */
export async function projectChanged(trx: Knex | Trx, ids: number | number[]): Promise<void> {
  await raiseLive(trx, 'project', ids, PROJECT_CHANGED);
}

/** Locks the project's row for this transaction and reads what the plan rules need. */
export async function lockProject(trx: Trx, id: number): Promise<LockedProject> {
  const row = await trx('projects')
    .where('id', id)
    .forUpdate()
    .first('id', 'company_id', 'project_type', 'plan', 'status', 'cancel_at_cycle_end', 'cycle_ends_at');
  if (!row) throw notFound('project.notFound');
  return {
    id: row.id,
    companyId: row.company_id,
    projectType: row.project_type,
    plan: row.plan,
    status: row.status,
    cancelAtCycleEnd: row.cancel_at_cycle_end,
    cycleEndsAt: row.cycle_ends_at,
  };
}

/**
 * Locks several projects' rows at once, in id order: the order every request that locks more than one
 * project follows, so two bulk changes of the same projects (in any order) wait for each other
 * instead of deadlocking. Each waits as lockProject does (one project's requests run one after another).
 */
export async function lockProjects(trx: Trx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx('projects').whereIn('id', ids).orderBy('id').forUpdate().select('id');
}

/** PostgreSQL's lock_not_available: a NOWAIT lock found the row taken. */
const LOCK_NOT_AVAILABLE = '55P03';
/** How long a person's charge tries for another movement of the company's credits to end before answering busy. */
export const CREDITS_LOCK_WAIT_MS = 2000;

/**
 * Locks the company's credits for a charge (the ledger's lock, taken first here so a person need not
 * wait for it inside the ledger). Movements of a company's credits run one after another (ledger.ts): a person's
 * charge tries again for up to CREDITS_LOCK_WAIT_MS while another movement holds them (a colleague paying for another
 * project at the same moment, which takes milliseconds), and only then answers 409 `credits.errors.busy`, so fifty
 * parallel paid duplicates do not hold fifty connections for long. Each try is NOWAIT in a savepoint, never a
 * blocking wait: this transaction already holds its project rows, and putting a company on hold locks the company
 * before its projects (hold.ts), so a blocking wait here could close a deadlock; a try never waits on anyone, and the
 * hold only waits for this charge to get its lock or give up. The system's own jobs (renewals) wait as long as it
 * takes. Only a change that charges takes it: one that moves no credit never answers busy.
 */
async function lockCredits(trx: Trx, companyId: number, actor: LedgerActor): Promise<void> {
  // NO KEY UPDATE: the transaction that stored the project holds the key share lock its foreign key
  // takes on the company; FOR UPDATE would wait on every other such holder and deadlock them.
  const lock = (q: Trx) => {
    const query = q('companies').where('id', companyId).forNoKeyUpdate();
    return actor === 'system' ? query.first('id') : query.noWait().first('id');
  };
  if (actor === 'system') return void (await lock(trx));
  const deadline = Date.now() + CREDITS_LOCK_WAIT_MS;
  for (;;) {
    try {
      // A savepoint: a try that finds the row taken rolls back to it, the transaction goes on; the lock, once
      // taken, stays with the transaction when the savepoint is released.
      await trx.transaction((sp) => lock(sp));
      return;
    } catch (err) {
      const code = ((err as { nativeError?: { code?: string } }).nativeError ?? (err as { code?: string }))?.code;
      if (code !== LOCK_NOT_AVAILABLE) throw err;
      if (Date.now() >= deadline) throw new AppError(409, 'credits.errors.busy', t('credits.errors.busy'));
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }
}

/**
 * Whether the company is on hold (not active). Read without a lock: putting a company on hold
 * updates its row and then its open projects, whose rows lockProject waits for, so an opening that
 * read the company as active before is closed again by the hold, and one after it reads the hold.
 */
async function companyOnHold(trx: Trx, companyId: number | null): Promise<boolean> {
  if (!companyId) return false;
  const row = await trx('companies').where('id', companyId).first('status');
  return row ? row.status !== 1 : false;
}

/**
 * Whether the company's free slot is taken, for opening project `p`; the openings of one company's
 * free projects run one after another (a transaction-long advisory lock, not the company's row, so
 * they never wait on, nor answer busy for, a movement of its credits). Only RaaS free projects ask.
 */
async function slotTakenFor(trx: Trx, p: LockedProject): Promise<boolean> {
  if (!p.companyId || !plansApply(p) || p.plan !== PROJECT_PLAN.free) return false;
  await trx.raw("select pg_advisory_xact_lock(hashtext('project-free-slot'), ?)", [p.companyId]);
  return freeSlotTaken(trx, p.companyId, p.id);
}

/** Whether another free project of the company is open (holds the company's one free slot). */
export async function freeSlotTaken(trx: Knex | Trx, companyId: number | null, exceptId?: number): Promise<boolean> {
  if (!companyId) return false;
  const q = trx('projects')
    .where({ company_id: companyId, plan: PROJECT_PLAN.free })
    .whereNot('status', PROJECT_STATUS.inactive)
    .first('id');
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q);
}

/** Throws the refusal of a decision; returns the change otherwise. */
export function settle<D extends { ok: boolean }>(decision: D | { ok: false; status: number; code: string }): D {
  if (!decision.ok) {
    const refusal = decision as { status: number; code: string };
    throw new AppError(refusal.status, refusal.code, t(refusal.code));
  }
  return decision as D;
}

/** Pays a decision's charge, if any, after taking the company's credits (lockCredits). */
async function pay(trx: Trx, charge: Charge | null, p: LockedProject, actor: LedgerActor): Promise<void> {
  if (!charge || !p.companyId) return;
  await lockCredits(trx, p.companyId, actor);
  await spendCredits(trx, {
    companyId: p.companyId,
    amount: charge.amount,
    action: charge.action,
    projectId: p.id,
    actor,
    idempotencyKey: charge.idempotencyKey,
  });
}

/** The columns a decision implies besides the status. */
function cycleColumns(decision: Extract<Decision, { ok: true }>, now: Date): Record<string, unknown> {
  if (decision.startsCycle)
    return { activated_at: now, cycle_ends_at: cycleEnd(now), cancel_at_cycle_end: false, cancelled_at: null };
  if (decision.endsCycle) return { cycle_ends_at: null, cancel_at_cycle_end: false, cancelled_at: now };
  return {};
}

/** A project just stored open (create, duplicate): takes the free slot or pays the activation. */
export async function openNewProject(trx: Trx, id: number, actor: LedgerActor, now = new Date()): Promise<void> {
  const p = await lockProject(trx, id);
  if (!isOpen(p.status)) return;
  if (await companyOnHold(trx, p.companyId))
    throw new AppError(409, 'project.errors.companyOnHold', t('project.errors.companyOnHold'));
  const decision = settle(openDecision(p, { freeSlotTaken: await slotTakenFor(trx, p), now }));
  await pay(trx, decision.charge, p, actor);
  const columns = cycleColumns(decision, now);
  if (Object.keys(columns).length) await trx('projects').where('id', id).update(columns);
}

/**
 * Moves a project to `to` by the plan rules; returns whether the status changed. A project that closes (inactive)
 * ends its pending interview requests and cancels its booked interviews (endInterviews.ts).
 */
export async function changeStatus(
  trx: Trx,
  id: number,
  to: number,
  actor: LedgerActor,
  config: Config,
  now = new Date(),
): Promise<boolean> {
  const p = await lockProject(trx, id);
  if (p.status === to) return false;
  if (actor !== 'system') await setProjectActor(trx, actor);
  const opening = !isOpen(p.status) && isOpen(to);
  const onHold = opening && (await companyOnHold(trx, p.companyId));
  const taken = opening && !onHold && (await slotTakenFor(trx, p));
  const decision = settle(statusDecision(p, to, { freeSlotTaken: taken, companyOnHold: onHold, now }));
  await pay(trx, decision.charge, p, actor);
  await trx('projects')
    .where('id', id)
    .update({ status: to, status_before_hold: null, ...cycleColumns(decision, now), updated_at: now });
  if (to === PROJECT_STATUS.inactive) await endProjectInterviews(trx, config, [id]);
  await projectChanged(trx, id);
  return true;
}

/** Upgrades free → power: pays the upgrade and starts a cycle. */
export async function upgradeProject(trx: Trx, id: number, actor: LedgerActor, now = new Date()): Promise<void> {
  const p = await lockProject(trx, id);
  const decision = settle(upgradeDecision(p, { now }));
  await pay(trx, decision.charge, p, actor);
  await trx('projects')
    .where('id', id)
    .update({ plan: PROJECT_PLAN.power, ...cycleColumns(decision, now), updated_at: now });
  await projectChanged(trx, id);
}

/** Cancels: closes now, or marks a power project to close when its cycle ends. */
export async function cancelProject(
  trx: Trx,
  id: number,
  when: CancelWhen,
  actor: LedgerActor,
  config: Config,
  now = new Date(),
): Promise<void> {
  const p = await lockProject(trx, id);
  const decision = settle(cancelDecision(p, when));
  if (decision.closeNow) await changeStatus(trx, id, PROJECT_STATUS.inactive, actor, config, now);
  else {
    await trx('projects').where('id', id).update({ cancel_at_cycle_end: true, cancelled_at: now, updated_at: now });
    await projectChanged(trx, id);
  }
}

/** Withdraws a cancellation at the cycle's end: the project renews when its cycle ends, as before. */
export async function keepRenewing(trx: Trx, id: number, now = new Date()): Promise<void> {
  const p = await lockProject(trx, id);
  settle(keepRenewingDecision(p));
  await trx('projects').where('id', id).update({ cancel_at_cycle_end: false, cancelled_at: null, updated_at: now });
  await projectChanged(trx, id);
}

/** Guarantees a candidate of the project: pays the guarantee once and records it on the candidate's row. */
export async function guaranteeCandidate(
  trx: Trx,
  projectId: number,
  candidateId: number,
  actor: LedgerActor,
  now = new Date(),
): Promise<void> {
  const p = await lockProject(trx, projectId);
  const row = await trx('project_candidates')
    .where({ project_id: projectId, candidate_id: candidateId })
    .forUpdate()
    .first('id', 'guaranteed_at', 'stage');
  if (!row) throw new AppError(404, 'project.errors.candidateNotInProject', t('project.errors.candidateNotInProject'));
  // Only a candidate with an offer (or being moved to one): a shortlisted candidate's guarantee would sell nothing.
  if (!guaranteeAvailable(row.stage, actor === 'system' ? 'admin' : pipelineRole(actor)))
    throw badRequest({ candidateId: 'project.errors.guaranteeNotOffered' });
  const decision = settle(guaranteeDecision(p, { candidateId, guaranteed: row.guaranteed_at !== null }));
  await pay(trx, decision.charge, p, actor);
  await trx('project_candidates').where('id', row.id).update({ guaranteed_at: now, updated_at: now });
  await projectChanged(trx, projectId);
}
