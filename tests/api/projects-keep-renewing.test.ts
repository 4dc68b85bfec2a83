/**
 * A Power project cancelled for the end of its cycle can be kept renewing while the cycle runs
 * (POST projects/keep-renewing, the access of cancelling, strict input), after which the cycle's end
 * renews it for 1 credit as before; or it can still be cancelled now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDueProjects } from '../../backend/features/projects';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { testApp, type TestApp } from '../helpers/app';
import { balance, projectBody, projectId, signInAll, type People, freshPayingCompany } from '../helpers/projects';

let t: TestApp;
let p: People;
let raas: number;

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
  raas = p.who('raasAdmin').actor.companyId as number;
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function fresh(credits: number) {
  await freshPayingCompany(t.knex, raas, credits);
}

async function powerProject(): Promise<string> {
  const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}
const row = (id: string) =>
  t.knex('projects').where('id', projectId(id)).first('status', 'cancel_at_cycle_end', 'cycle_ends_at');

describe('A Power project cancelled for the end of its cycle', () => {
  it('kept renewing, the cycle end charges 1 credit and the project stays open', async () => {
    await fresh(3);
    const id = await powerProject();
    const cancelled = await p.as('raasAdmin').post('/projects/cancel', { projectId: id, when: 'cycleEnd' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await row(id)).cancel_at_cycle_end).toBe(true);

    // Strict input, the same access as cancelling.
    expect((await p.as('raasAdmin').post('/projects/keep-renewing', { projectId: id, when: 'now' })).status).toBe(400);
    expect((await p.as('candidate').post('/projects/keep-renewing', { projectId: id })).status).toBeGreaterThanOrEqual(
      403,
    );
    const kept = await p.as('raasAdmin').post('/projects/keep-renewing', { projectId: id });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ status: 0, cancelAtCycleEnd: false });
    expect((await row(id)).cancel_at_cycle_end).toBe(false);
    const again = await p.as('raasAdmin').post('/projects/keep-renewing', { projectId: id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.errors.notCancelled');

    await t
      .knex('projects')
      .where('id', projectId(id))
      .update({ cycle_ends_at: new Date(Date.now() - 60_000) });
    expect(await balance(t.knex, raas)).toBe(2);
    await renewDueProjects(t.knex, t.config);
    expect((await row(id)).status).toBe(0);
    expect(await balance(t.knex, raas)).toBe(1);
    const last = await t
      .knex('credit_logs')
      .where('project_id', projectId(id))
      .orderBy('id', 'desc')
      .first('action', t.knex.raw('amount::float as amount'));
    expect(last).toEqual({ action: CREDIT_ACTIONS.projectRenewal, amount: -1 });
  });

  it('can still be cancelled now', async () => {
    await fresh(2);
    const id = await powerProject();
    expect((await p.as('raasAdmin').post('/projects/cancel', { projectId: id, when: 'cycleEnd' })).status).toBe(200);
    const now = await p.as('raasAdmin').post('/projects/cancel', { projectId: id, when: 'now' });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect((await row(id)).status).toBe(3);
    expect((await p.as('raasAdmin').post('/projects/keep-renewing', { projectId: id })).status).toBe(409);
  });
});
