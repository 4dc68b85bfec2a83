/**
 * The plan rules of schema/rules/plans.ts as tables: what opening, changing status, upgrading,
 * cancelling, guaranteeing and renewing cost for a project of a normal company and of a RaaS
 * company, on the free plan and on the power plan.
 */
import { describe, expect, it } from 'vitest';
import { PLAN_CHARGES } from '../../schema/rules/credits';
import {
  cancelDecision,
  chargeKey,
  cycleEnd,
  guaranteeDecision,
  openDecision,
  renewalDecision,
  statusDecision,
  upgradeDecision,
  type PlanProject,
} from '../../schema/rules/plans';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const [NORMAL, RAAS] = [1, 2];
const [FREE, POWER] = [1, 2];
const [ACTIVE, PAUSED, INACTIVE] = [0, 1, 3];
const project = (projectType: number, plan: number, status: number, extra: Partial<PlanProject> = {}): PlanProject => ({
  id: 7,
  projectType,
  plan,
  status,
  ...extra,
});
const cost = (d: { ok: boolean; charge?: { amount: number; action: string } | null; code?: string }) =>
  d.ok ? (d.charge ? `${d.charge.amount} ${d.charge.action}` : 'free') : d.code;

describe('Opening a project (creating it active, or activating it)', () => {
  it.each([
    ['a normal company, free plan, slot taken', NORMAL, FREE, true, 'free'],
    ['a normal company, power plan', NORMAL, POWER, false, 'free'],
    ['a RaaS company, free plan, slot free', RAAS, FREE, false, 'free'],
    ['a RaaS company, free plan, slot taken', RAAS, FREE, true, 'project.errors.freeSlotUsed'],
    ['a RaaS company, power plan', RAAS, POWER, false, `${PLAN_CHARGES.activation} projectCreation`],
    [
      'a RaaS company, power plan, free slot taken (power needs none)',
      RAAS,
      POWER,
      true,
      `${PLAN_CHARGES.activation} projectCreation`,
    ],
  ])('%s costs %s', (_label, type, plan, freeSlotTaken, expected) => {
    expect(
      cost(
        openDecision(project(type as number, plan as number, ACTIVE), {
          freeSlotTaken: freeSlotTaken as boolean,
          now: NOW,
        }),
      ),
    ).toBe(expected);
  });

  it('A RaaS power activation is keyed by project and cycle start, and starts a 30-day cycle', () => {
    const d = openDecision(project(RAAS, POWER, ACTIVE), { freeSlotTaken: false, now: NOW });
    expect(d).toMatchObject({
      ok: true,
      startsCycle: true,
      charge: { idempotencyKey: 'project:7:activation:2026-11-24T10:00:00.000Z' },
    });
    expect(cycleEnd(NOW).toISOString()).toBe('2026-12-24T10:00:00.000Z');
  });
});

describe('Changing status', () => {
  it.each([
    [
      'RaaS power inactive → active pays the activation',
      RAAS,
      POWER,
      INACTIVE,
      ACTIVE,
      false,
      `${PLAN_CHARGES.activation} projectCreation`,
    ],
    [
      'RaaS power inactive → paused pays the activation',
      RAAS,
      POWER,
      INACTIVE,
      PAUSED,
      false,
      `${PLAN_CHARGES.activation} projectCreation`,
    ],
    ['RaaS power active → paused is free', RAAS, POWER, ACTIVE, PAUSED, false, 'free'],
    ['RaaS power paused → active is free', RAAS, POWER, PAUSED, ACTIVE, false, 'free'],
    ['RaaS power active → inactive is free', RAAS, POWER, ACTIVE, INACTIVE, false, 'free'],
    ['RaaS free inactive → active needs the slot', RAAS, FREE, INACTIVE, ACTIVE, true, 'project.errors.freeSlotUsed'],
    ['RaaS free inactive → active with the slot free is free', RAAS, FREE, INACTIVE, ACTIVE, false, 'free'],
    ['normal power inactive → active is free', NORMAL, POWER, INACTIVE, ACTIVE, false, 'free'],
    ['normal free inactive → active is free, whatever else is open', NORMAL, FREE, INACTIVE, ACTIVE, true, 'free'],
  ])('%s', (_label, type, plan, from, to, freeSlotTaken, expected) => {
    const d = statusDecision(project(type as number, plan as number, from as number), to as number, {
      freeSlotTaken: freeSlotTaken as boolean,
      companyOnHold: false,
      now: NOW,
    });
    expect(cost(d)).toBe(expected);
  });

  it('A project of a pending or inactive company cannot be reopened', () => {
    expect(
      cost(
        statusDecision(project(NORMAL, FREE, INACTIVE), ACTIVE, {
          freeSlotTaken: false,
          companyOnHold: true,
          now: NOW,
        }),
      ),
    ).toBe('project.errors.companyOnHold');
  });

  it('Closing a project ends its cycle', () => {
    expect(
      statusDecision(project(RAAS, POWER, ACTIVE), INACTIVE, { freeSlotTaken: false, companyOnHold: false, now: NOW }),
    ).toMatchObject({ endsCycle: true });
  });
});

describe('Upgrading, cancelling, guaranteeing', () => {
  it.each([
    ['RaaS free active', RAAS, FREE, ACTIVE, `${PLAN_CHARGES.upgrade} projectUpgrade`],
    ['RaaS free paused', RAAS, FREE, PAUSED, `${PLAN_CHARGES.upgrade} projectUpgrade`],
    ['RaaS power', RAAS, POWER, ACTIVE, 'project.errors.alreadyPower'],
    ['RaaS free inactive', RAAS, FREE, INACTIVE, 'project.errors.inactive'],
    ['normal free active', NORMAL, FREE, ACTIVE, 'free'],
    ['normal power', NORMAL, POWER, ACTIVE, 'project.errors.alreadyPower'],
  ])('Upgrading a %s project: %s', (_label, type, plan, status, expected) => {
    expect(cost(upgradeDecision(project(type as number, plan as number, status as number), { now: NOW }))).toBe(
      expected,
    );
  });

  it.each([
    ['free, now', FREE, ACTIVE, 'now', false, { ok: true, closeNow: true }],
    [
      'free, at cycle end (a free project has no cycle: now)',
      FREE,
      ACTIVE,
      'cycleEnd',
      false,
      { ok: true, closeNow: true },
    ],
    ['power, now', POWER, ACTIVE, 'now', false, { ok: true, closeNow: true }],
    ['power, at cycle end', POWER, ACTIVE, 'cycleEnd', false, { ok: true, closeNow: false }],
    [
      'power, at cycle end twice',
      POWER,
      ACTIVE,
      'cycleEnd',
      true,
      { ok: false, code: 'project.errors.alreadyCancelled' },
    ],
    ['an inactive project', FREE, INACTIVE, 'now', false, { ok: false, code: 'project.errors.inactive' }],
  ])('Cancelling %s', (_label, plan, status, when, cancelAtCycleEnd, expected) => {
    expect(
      cancelDecision(
        project(RAAS, plan as number, status as number, { cancelAtCycleEnd: cancelAtCycleEnd as boolean }),
        when as 'now' | 'cycleEnd',
      ),
    ).toMatchObject(expected);
  });

  it.each([
    ['RaaS, not yet guaranteed', RAAS, false, `${PLAN_CHARGES.guarantee} guaranteeCandidate`],
    ['RaaS, already guaranteed', RAAS, true, 'project.errors.alreadyGuaranteed'],
    ['normal, not yet guaranteed', NORMAL, false, 'free'],
  ])('Guaranteeing a candidate (%s): %s', (_label, type, guaranteed, expected) => {
    expect(
      cost(
        guaranteeDecision(project(type as number, POWER, ACTIVE), {
          candidateId: 5,
          guaranteed: guaranteed as boolean,
        }),
      ),
    ).toBe(expected);
  });

  it('A guarantee is keyed by project and candidate', () => {
    expect(guaranteeDecision(project(RAAS, POWER, ACTIVE), { candidateId: 5, guaranteed: false })).toMatchObject({
      charge: { idempotencyKey: chargeKey(7, 'guarantee', 5) },
    });
  });
});

describe('Renewing a power project at the end of its cycle', () => {
  const ended = new Date('2026-11-24T09:00:00.000Z');
  it('pays the renewal keyed by the cycle and runs 30 days from the old end', () => {
    expect(renewalDecision({ ...project(RAAS, POWER, ACTIVE), cycleEndsAt: ended }, NOW)).toEqual({
      close: false,
      charge: {
        amount: PLAN_CHARGES.renewal,
        action: 'projectRenewal',
        idempotencyKey: 'project:7:renewal:2026-11-24T09:00:00.000Z',
      },
      nextEnd: new Date('2026-12-24T09:00:00.000Z'),
    });
  });
  it('closes when it was cancelled for the end of the cycle', () => {
    expect(
      renewalDecision({ ...project(RAAS, POWER, ACTIVE, { cancelAtCycleEnd: true }), cycleEndsAt: ended }, NOW),
    ).toEqual({ close: true });
  });
  it('a cycle that ended long ago (company on hold) starts again from now', () => {
    const old = new Date('2026-08-01T00:00:00.000Z');
    expect(renewalDecision({ ...project(RAAS, POWER, ACTIVE), cycleEndsAt: old }, NOW)).toMatchObject({
      nextEnd: cycleEnd(NOW),
    });
  });
  it('a normal company renews without a charge', () => {
    expect(renewalDecision({ ...project(NORMAL, POWER, ACTIVE), cycleEndsAt: ended }, NOW)).toMatchObject({
      close: false,
      charge: null,
    });
  });
});
