/**
 * Project plans (spec sections 4 and 9), as pure decisions the projects capability applies in one
 * transaction with the charge (backend/features/projects/plans.ts).
 *
 * The rule: plans bind the projects of RaaS companies (projectType raas). Such a project is on the
 * free plan or the power plan:
 *   - free: uses the company's one free slot. Only one free project of a company may be open
 *     (active or paused) at a time; opening a second is refused ('project.errors.freeSlotUsed').
 *     Opening, cancelling and closing a free project cost nothing.
 *   - power: opening it (creating it active, or activating it from inactive) costs
 *     PLAN_CHARGES.activation and starts a 30-day cycle; every further cycle costs
 *     PLAN_CHARGES.renewal (the renew_power_projects job). Cancelling ends it now, or at the end of
 *     the cycle ('cycleEnd'), without a refund.
 *   - upgrading an open free project to power costs PLAN_CHARGES.upgrade and starts a cycle
 *     (refused 'project.errors.alreadyPower' on a power project); guaranteeing a candidate costs
 *     PLAN_CHARGES.guarantee once ('project.errors.alreadyGuaranteed').
 * Projects of normal companies and internal (admin) projects have no slot and are never charged:
 * the same decisions come back with no charge. Every charge names an idempotency key built here,
 * so a repeated request or job run charges once.
 */
import { PLAN_CHARGES, PROJECT_CYCLE_DAYS, type ChargeAction } from './credits';
import { PROJECT_PLAN, PROJECT_STATUS, PROJECT_TYPE } from './pipeline';

export interface Charge {
  amount: number;
  action: ChargeAction;
  idempotencyKey: string;
}

export interface Refusal {
  ok: false;
  status: number;
  code: string;
}

export interface Change {
  ok: true;
  charge: Charge | null;
  /** A new 30-day cycle starts now (power projects opened or upgraded). */
  startsCycle: boolean;
  /** The cycle ends now: the project is closed. */
  endsCycle: boolean;
}

export type Decision = Refusal | Change;

/** What the rules need to know about a project. */
export interface PlanProject {
  id: number;
  projectType: number;
  plan: number;
  status: number;
  cancelAtCycleEnd?: boolean;
}

const refuse = (code: string, status = 409): Refusal => ({ ok: false, status, code });
const change = (charge: Charge | null, startsCycle = false, endsCycle = false): Change => ({
  ok: true,
  charge,
  startsCycle,
  endsCycle,
});

/** Whether plans (slot and charges) bind the project: projects of RaaS companies. */
export const plansApply = (p: Pick<PlanProject, 'projectType'>): boolean => p.projectType === PROJECT_TYPE.raas;

/** Open projects hold their slot and their cycle: active or paused. */
export const isOpen = (status: number): boolean => status !== PROJECT_STATUS.inactive;

/** The idempotency key of a charge: one per project, kind and cycle (or candidate). */
export function chargeKey(
  projectId: number,
  kind: 'activation' | 'upgrade' | 'renewal' | 'guarantee',
  at: string | number,
): string {
  return `project:${projectId}:${kind}:${at}`;
}

/** When a cycle that starts at `start` ends. */
export function cycleEnd(start: Date): Date {
  return new Date(start.getTime() + PROJECT_CYCLE_DAYS * 86400_000);
}

/**
 * Opening a project (creating it open, or moving it from inactive to active or paused):
 * a free project needs the free slot, a power project pays the activation.
 * `freeSlotTaken`: another free project of the company is open.
 */
export function openDecision(p: PlanProject, ctx: { freeSlotTaken: boolean; now: Date }): Decision {
  if (!plansApply(p)) return change(null);
  if (p.plan === PROJECT_PLAN.free) return ctx.freeSlotTaken ? refuse('project.errors.freeSlotUsed') : change(null);
  return change(
    {
      amount: PLAN_CHARGES.activation,
      action: 'projectCreation',
      idempotencyKey: chargeKey(p.id, 'activation', ctx.now.toISOString()),
    },
    true,
  );
}

/**
 * A status change from `p.status` to `to`: inactive → open is an opening; open → inactive closes
 * the project (a power project's cycle ends); active ↔ paused changes nothing about the plan.
 */
export function statusDecision(
  p: PlanProject,
  to: number,
  ctx: { freeSlotTaken: boolean; companyOnHold: boolean; now: Date },
): Decision {
  if (to === p.status) return change(null);
  if (!isOpen(p.status) && isOpen(to)) {
    if (ctx.companyOnHold) return refuse('project.errors.companyOnHold');
    return openDecision(p, ctx);
  }
  if (isOpen(p.status) && !isOpen(to)) return change(null, false, true);
  return change(null);
}

/** Upgrading free → power: an open project pays the upgrade and starts a cycle. */
export function upgradeDecision(p: PlanProject, ctx: { now: Date }): Decision {
  if (p.plan === PROJECT_PLAN.power) return refuse('project.errors.alreadyPower');
  if (!isOpen(p.status)) return refuse('project.errors.inactive');
  if (!plansApply(p)) return change(null);
  return change(
    {
      amount: PLAN_CHARGES.upgrade,
      action: 'projectUpgrade',
      idempotencyKey: chargeKey(p.id, 'upgrade', ctx.now.toISOString()),
    },
    true,
  );
}

export type CancelWhen = 'now' | 'cycleEnd';

/** Cancelling: a free project closes now; a power project now, or at the end of its cycle. */
export function cancelDecision(p: PlanProject, when: CancelWhen): Refusal | { ok: true; closeNow: boolean } {
  if (!isOpen(p.status)) return refuse('project.errors.inactive');
  if (p.plan === PROJECT_PLAN.power && when === 'cycleEnd') {
    return p.cancelAtCycleEnd ? refuse('project.errors.alreadyCancelled') : { ok: true, closeNow: false };
  }
  return { ok: true, closeNow: true };
}

/**
 * Keeping a Power project renewing after it was cancelled for the end of its cycle: while the cycle
 * runs, the cancellation is withdrawn and the cycle's end renews it as before.
 */
export function keepRenewingDecision(p: PlanProject): Refusal | { ok: true } {
  if (!isOpen(p.status)) return refuse('project.errors.inactive');
  if (p.plan !== PROJECT_PLAN.power || !p.cancelAtCycleEnd) return refuse('project.errors.notCancelled');
  return { ok: true };
}

/**
 * Guaranteeing a candidate of the project: 0.5 credit, once per candidate, and only on a Power project (a free one
 * cannot move a candidate to offered, where the guarantee is offered, so it would sell nothing).
 */
export function guaranteeDecision(p: PlanProject, ctx: { candidateId: number; guaranteed: boolean }): Decision {
  if (ctx.guaranteed) return refuse('project.errors.alreadyGuaranteed');
  if (!isOpen(p.status)) return refuse('project.errors.inactive');
  if (!plansApply(p)) return change(null);
  if (p.plan !== PROJECT_PLAN.power) return refuse('project.errors.guaranteeNeedsPower');
  return change({
    amount: PLAN_CHARGES.guarantee,
    action: 'guaranteeCandidate',
    idempotencyKey: chargeKey(p.id, 'guarantee', ctx.candidateId),
  });
}

/**
 * A power project whose cycle has ended: closes when it was cancelled for the cycle's end,
 * otherwise pays the renewal (keyed by the cycle that starts at the old end) and runs 30 more days
 * (from now when the old cycle ended more than a cycle ago, e.g. while its company was on hold).
 */
export function renewalDecision(
  p: PlanProject & { cycleEndsAt: Date },
  now: Date,
): { close: true } | { close: false; charge: Charge | null; nextEnd: Date } {
  if (p.cancelAtCycleEnd) return { close: true };
  const charge: Charge | null = plansApply(p)
    ? {
        amount: PLAN_CHARGES.renewal,
        action: 'projectRenewal',
        idempotencyKey: chargeKey(p.id, 'renewal', p.cycleEndsAt.toISOString()),
      }
    : null;
  const next = cycleEnd(p.cycleEndsAt);
  return { close: false, charge, nextEnd: next.getTime() > now.getTime() ? next : cycleEnd(now) };
}
