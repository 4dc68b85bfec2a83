/**
 * Project changes that move no credit go on while a payment of the company's credits is under way: only a change
 * that charges (a paid activation) waits for it, up to about 2 s (CREDITS_LOCK_WAIT_MS), and answers 409
 * `credits.errors.busy` when it lasts longer. A normal company's Member creates and pauses a project, a RaaS company
 * opens and closes its free project, while another transaction holds the company's credits (its row locked, as a
 * payment holds it until it commits); a colleague's paid activation made during a short payment goes through.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
import type { TestApp } from '../helpers/app';
import { balance, payingCompany, projectBody, projectsApp, type People, type Who } from '../helpers/projects';

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

/** `who` pauses project `id`, then closes it; both answer 200. */
async function pauseAndClose(who: Who, id: string) {
  for (const status of [PROJECT_STATUS.paused, PROJECT_STATUS.inactive]) {
    const res = await p.as(who).put('/projects', { keys: [id], status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe("Project changes while a payment holds the company's credits", () => {
  it("a normal company's Member creates a project and pauses it", async () => {
    await whilePaying(acme, async () => {
      const created = await p.as('member').post('/projects/create', await projectBody(t.knex));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await pauseAndClose('member', created.body.data.id);
    });
  });

  it('a RaaS company opens, pauses and closes its free project; a paid activation still answers busy', async () => {
    await t.knex('projects').where('company_id', raas).update({ status: PROJECT_STATUS.inactive });
    await payingCompany(t.knex, raas, 2);
    const before = await balance(t.knex, raas);
    await whilePaying(raas, async () => {
      const free = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 1 }));
      expect(free.status, JSON.stringify(free.body)).toBe(201);
      await pauseAndClose('raasAdmin', free.body.data.id);

      // A payment that outlasts the wait: busy.
      const paid = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
      expect(paid.status, JSON.stringify(paid.body)).toBe(409);
      expect(paid.body.error.code).toBe('credits.errors.busy');
    });
    expect(await balance(t.knex, raas)).toBe(before);
    const paid = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });

  it("a paid activation made while a colleague's payment is under way waits for it and is charged", async () => {
    await t.knex('projects').where('company_id', raas).update({ status: PROJECT_STATUS.inactive });
    await payingCompany(t.knex, raas, 2);
    const before = await balance(t.knex, raas);
    const holder: Knex.Transaction = await t.knex.transaction();
    await holder('companies').where('id', raas).forNoKeyUpdate().first('id');
    // The colleague's payment commits 300 ms later, well within the wait.
    const released = new Promise<void>((resolve) =>
      setTimeout(() => void holder.rollback().then(() => resolve()), 300),
    );
    const paid = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    await released;
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });
});
