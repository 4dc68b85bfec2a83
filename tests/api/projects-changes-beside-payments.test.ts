/**
 * Project changes that move no credit go on while a payment of the company's credits is under way: only a change
 * that charges (a paid activation) answers 409 `credits.errors.busy` at once instead of queueing behind it. A
 * normal company's Member creates and pauses a project, a RaaS company opens and closes its free project, while
 * another transaction holds the company's credits (its row locked, as a payment holds it until it commits).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
import { testApp, type TestApp } from '../helpers/app';
import { balance, payingCompany, projectBody, signInAll, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
  acme = p.who('member').actor.companyId as number;
  raas = p.who('raasAdmin').actor.companyId as number;
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Runs `body` while another transaction holds company `companyId`'s row as a payment of its credits does. */
async function whilePaying(companyId: number, body: () => Promise<void>) {
  const holder: Knex.Transaction = await t.knex.transaction();
  try {
    await holder('companies').where('id', companyId).forNoKeyUpdate().first('id');
    await body();
  } finally {
    await holder.rollback();
  }
}

describe("Project changes while a payment holds the company's credits", () => {
  it("a normal company's Member creates a project and pauses it", async () => {
    await whilePaying(acme, async () => {
      const created = await p.as('member').post('/projects/create', await projectBody(t.knex));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const paused = await p
        .as('member')
        .put('/projects', { keys: [created.body.data.id], status: PROJECT_STATUS.paused });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      const closed = await p
        .as('member')
        .put('/projects', { keys: [created.body.data.id], status: PROJECT_STATUS.inactive });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    });
  });

  it('a RaaS company opens, pauses and closes its free project; a paid activation still answers busy', async () => {
    await t.knex('projects').where('company_id', raas).update({ status: PROJECT_STATUS.inactive });
    await payingCompany(t.knex, raas, 2);
    const before = await balance(t.knex, raas);
    await whilePaying(raas, async () => {
      const free = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 1 }));
      expect(free.status, JSON.stringify(free.body)).toBe(201);
      const paused = await p
        .as('raasAdmin')
        .put('/projects', { keys: [free.body.data.id], status: PROJECT_STATUS.paused });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      const closed = await p
        .as('raasAdmin')
        .put('/projects', { keys: [free.body.data.id], status: PROJECT_STATUS.inactive });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);

      const paid = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
      expect(paid.status, JSON.stringify(paid.body)).toBe(409);
      expect(paid.body.error.code).toBe('credits.errors.busy');
    });
    expect(await balance(t.knex, raas)).toBe(before);
    const paid = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });
});
