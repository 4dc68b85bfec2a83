/**
 * What plans cost a RaaS company through HTTP, with exact balances and credit log entries: the free
 * slot, Power activation, upgrade, guarantee, cancelling, refusals that change nothing, concurrent
 * activations charged once, a normal company never charged and the free trial paying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import type { TestApp } from '../helpers/app';
import {
  balance,
  payingCompany,
  projectBody,
  projectId,
  projectsApp,
  type People,
  freshPayingCompany,
} from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Starts each case from a RaaS company with no open projects, past its trial, holding `credits`. */
async function fresh(credits: number) {
  await freshPayingCompany(t.knex, raas, credits);
}

const body = (overrides: Record<string, unknown> = {}) => projectBody(t.knex, overrides);
const logOf = (projectApiId: string) =>
  t
    .knex('credit_logs')
    .where('project_id', projectId(projectApiId))
    .orderBy('id')
    .select('action', t.knex.raw('amount::float as amount'), t.knex.raw('balance_after::float as balance'));
const raasCreate = async (overrides: Record<string, unknown> = {}) =>
  p.as('raasAdmin').post('/projects/create', await body(overrides));

describe('The free slot', () => {
  it('A RaaS company opens one free project at a time; a second is refused with a clear message', async () => {
    await fresh(0);
    const first = await raasCreate();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ plan: 1, projectType: 2, status: 0 });
    expect((await p.as('raasAdmin').get('/projects/raas/status')).body.data).toEqual({
      freeSlotAvailable: false,
      balance: 0,
      onTrial: false,
      trialEndsAt: null,
    });
    const count = await t.knex('projects').where('company_id', raas).count({ n: '*' });
    const second = await raasCreate({ title: 'Second free' });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'project.errors.freeSlotUsed',
      message: expect.stringContaining('free project'),
    });
    expect(await t.knex('projects').where('company_id', raas).count({ n: '*' })).toEqual(count);
    // Closing the first frees the slot.
    expect((await p.as('raasAdmin').post('/projects/cancel', { projectId: first.body.data.id })).body.data.status).toBe(
      3,
    );
    expect((await raasCreate({ title: 'Now free again' })).status).toBe(201);
  });

  it('A RaaS project cannot be made a normal one, which its plan would then stop charging for', async () => {
    await fresh(0);
    const first = await raasCreate({ title: 'Stays RaaS' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.data.id;
    for (const who of ['raasAdmin', 'general'] as const) {
      const flip = await p.as(who).put('/projects/update/project', { projectId: id, projectType: 1 });
      expect(flip.status, JSON.stringify(flip.body)).toBe(400);
      expect(flip.body.error.fields).toEqual({ projectType: 'project.errors.typeFixed' });
    }
    expect(await t.knex('projects').where('id', projectId(id)).first('project_type')).toEqual({ project_type: 2 });
    // So the free slot stays taken, and an upgrade is still charged.
    expect((await raasCreate({ title: 'Second free' })).status).toBe(409);
    expect((await p.as('raasAdmin').put('/projects/update/project', { projectId: id, projectType: 2 })).status).toBe(
      200,
    );
  });

  it('A normal company has no slot: any number of projects, never charged', async () => {
    await payingCompany(t.knex, acme, 0);
    for (const plan of [1, 1, 2])
      expect((await p.as('companyAdmin').post('/projects/create', await body({ plan }))).status).toBe(201);
    expect(await t.knex('credit_logs').where('company_id', acme).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('Power projects', () => {
  it('Creating a Power project costs the activation: 3 credits become 2 and the log names the project', async () => {
    await fresh(3);
    const res = await raasCreate({ plan: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(2);
    expect(await logOf(res.body.data.id)).toEqual([{ action: CREDIT_ACTIONS.projectCreation, amount: -1, balance: 2 }]);
    const stored = await t
      .knex('projects')
      .where('id', projectId(res.body.data.id))
      .first('cycle_ends_at', 'activated_at');
    expect(stored.cycle_ends_at.getTime() - stored.activated_at.getTime()).toBe(30 * 86400_000);
  });

  it('Without credits a Power project is refused with 409 credits.errors.insufficient and nothing is created', async () => {
    await fresh(0);
    const before = await t.knex('projects').count({ n: '*' });
    const res = await raasCreate({ plan: 2 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('credits.errors.insufficient');
    expect(await t.knex('projects').count({ n: '*' })).toEqual(before);
    expect(await t.knex('credit_logs').where('company_id', raas).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('Upgrading a free project costs 1 credit once; a Power project cannot be upgraded again', async () => {
    await fresh(2);
    const created = (await raasCreate()).body.data;
    const up = await p.as('raasAdmin').post('/projects/upgrade', { projectId: created.id });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.plan).toBe(2);
    expect(await balance(t.knex, raas)).toBe(1);
    const again = await p.as('raasAdmin').post('/projects/upgrade', { projectId: created.id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.errors.alreadyPower');
    expect(await logOf(created.id)).toEqual([{ action: CREDIT_ACTIONS.projectUpgrade, amount: -1, balance: 1 }]);
  });

  it('Guaranteeing a candidate costs 0.5 once; a candidate outside the project is not found', async () => {
    await fresh(2);
    const created = (await raasCreate({ plan: 2 })).body.data;
    const [candidate, outsider] = (await t
      .knex('candidates')
      .where('status', 1)
      .orderBy('id')
      .limit(2)
      .pluck('id')) as number[];
    await t.knex('project_candidates').insert({
      project_id: projectId(created.id),
      candidate_id: candidate,
      company_id: raas,
      stage: 4,
      interview_scheduled_at: new Date(),
    });
    const res = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { projectId: created.id, candidateId: `Candidate:${candidate}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balance(t.knex, raas)).toBe(0.5);
    expect(
      (
        await t
          .knex('project_candidates')
          .where({ project_id: projectId(created.id), candidate_id: candidate })
          .first()
      ).guaranteed_at,
    ).not.toBeNull();
    const again = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { project_id: created.id, candidate_id: candidate });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.errors.alreadyGuaranteed');
    expect(
      (await p.as('raasAdmin').post('/projects/guarantee', { projectId: created.id, candidateId: outsider })).status,
    ).toBe(404);
    expect(await logOf(created.id)).toEqual([
      { action: CREDIT_ACTIONS.projectCreation, amount: -1, balance: 1 },
      { action: CREDIT_ACTIONS.guaranteeCandidate, amount: -0.5, balance: 0.5 },
    ]);
  });

  it("Guaranteeing a candidate the board does not show (the advocates' longlist) is not found and charges nothing", async () => {
    await fresh(2);
    const created = (await raasCreate({ plan: 2 })).body.data;
    const [hidden] = (await t.knex('candidates').where('status', 1).orderBy('id').limit(1).pluck('id')) as number[];
    const row = { project_id: projectId(created.id), candidate_id: hidden, company_id: raas, stage: 1 };
    await t.knex('project_candidates').insert(row);
    const res = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { projectId: created.id, candidateId: `Candidate:${hidden}` });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
    expect(await balance(t.knex, raas)).toBe(1);
    expect((await t.knex('project_candidates').where(row).first()).guaranteed_at).toBeNull();
  });

  it('Cancelling a Power project at the end of its cycle keeps it active until then; cancelling now closes it', async () => {
    await fresh(2);
    const created = (await raasCreate({ plan: 2 })).body.data;
    const later = await p.as('raasAdmin').post('/projects/cancel', { projectId: created.id, when: 'cycleEnd' });
    expect(later.body.data).toMatchObject({ status: 0, cancelAtCycleEnd: true });
    expect(
      (await p.as('raasAdmin').post('/projects/cancel', { projectId: created.id, when: 'cycleEnd' })).body.error.code,
    ).toBe('project.errors.alreadyCancelled');
    const now = await p.as('raasAdmin').post('/projects/cancel', { projectId: created.id, when: 'now' });
    expect(now.body.data).toMatchObject({ status: 3, cancelAtCycleEnd: false });
    expect(await balance(t.knex, raas)).toBe(1);
  });

  it('Activating an inactive Power project pays the activation again; simultaneous activations charge once', async () => {
    await fresh(1);
    await t.knex.transaction(async (trx) => {
      const { grantCredits } = await import('../../backend/features/credits/ledger');
      await grantCredits(trx, { companyId: raas, amount: 4, source: 'admin', actor: 'system' });
    });
    const created = (await raasCreate({ plan: 2 })).body.data;
    await p.as('raasAdmin').post('/projects/cancel', { projectId: created.id, when: 'now' });
    expect(await balance(t.knex, raas)).toBe(4);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.as('raasAdmin').put('/projects', { keys: [created.id], status: 0 })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.updated).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(await balance(t.knex, raas)).toBe(3);
    expect((await logOf(created.id)).filter((l) => l.action === CREDIT_ACTIONS.projectCreation)).toHaveLength(2);
  });

  it('A failure after the charge leaves the balance and the project as they were (bulk: all or nothing)', async () => {
    await fresh(5);
    const a = (await raasCreate({ plan: 2 })).body.data;
    const b = (await raasCreate({ plan: 2 })).body.data;
    for (const project of [a, b])
      await p.as('raasAdmin').post('/projects/cancel', { projectId: project.id, when: 'now' });
    const acmeProject = (await p.as('companyAdmin').post('/projects/create', await body())).body.data;
    // Credits for one activation only: the first project is charged, the second is refused for want of credits.
    await fresh(1);
    const before = await balance(t.knex, raas);
    const logs = await t.knex('credit_logs').where('company_id', raas).count({ n: '*' });
    const keys = [a.id, acmeProject.id, b.id];
    const res = await p.as('raasAdmin').put('/projects', { keys, status: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('credits.errors.insufficient');
    expect(await balance(t.knex, raas)).toBe(before);
    expect(await t.knex('credit_logs').where('company_id', raas).count({ n: '*' })).toEqual(logs);
    expect(
      await t
        .knex('projects')
        .whereIn('id', [projectId(a.id), projectId(b.id)])
        .pluck('status'),
    ).toEqual([3, 3]);
    // Another company's key reads as gone and is skipped, as a bulk delete's does: the one paid for opens.
    const one = await p.as('raasAdmin').put('/projects', { keys: [a.id, acmeProject.id], status: 0 });
    expect(one.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: [acmeProject.id] });
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });

  it("During the company's free trial a Power project costs nothing and the log says so", async () => {
    await fresh(0);
    await t
      .knex('companies')
      .where('id', raas)
      .update({ trial_ends_at: new Date(Date.now() + 10 * 86400_000).toISOString().slice(0, 10) });
    const res = await raasCreate({ plan: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [entry] = await t.knex('credit_logs').where('project_id', projectId(res.body.data.id));
    expect(entry).toMatchObject({ action: CREDIT_ACTIONS.projectCreation, note: 'Free trial' });
    expect(Number(entry.amount)).toBe(0);
    expect((await p.as('raasAdmin').get('/projects/raas/status')).body.data).toMatchObject({
      onTrial: true,
      balance: 0,
    });
  });
});
