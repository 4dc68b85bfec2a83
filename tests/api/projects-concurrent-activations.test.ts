/**
 * Paid activations sent all at once, as an attacker or a double-clicking user would: a RaaS
 * company past its trial with one credit left duplicates a Power project 50 times in parallel. One copy is
 * made and charged; every other call answers at once with the credits message, never a 5xx, and
 * the money stays right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { balance, payingCompany, projectBody, signInAll, type People, freshPayingCompany } from '../helpers/projects';

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

describe('Fifty parallel paid duplicates of a project', () => {
  it('make one copy for the one credit; the 49 others answer 409 with the credits message, no 5xx', async () => {
    await freshPayingCompany(t.knex, raas, 2);
    // A Power project (one credit); each copy is a Power project too and needs the last credit.
    const original = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(original.status, JSON.stringify(original.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(1);
    const before = Number((await t.knex('projects').where('company_id', raas).count({ n: '*' }))[0].n);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        p.as('raasAdmin').post('/projects/duplicate-project', { projectId: original.body.data.id }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(answers.find((a) => a.status >= 500)?.body),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toMatch(/^credits\.errors\.|^project\.errors\.freeSlotUsed$/);
      expect(r.body.error.message).toBeTruthy();
    }
    expect(Number((await t.knex('projects').where('company_id', raas).count({ n: '*' }))[0].n)).toBe(before + 1);
    expect(await balance(t.knex, raas)).toBe(0);
  });

  it('answer a paid duplicate at once with the credits message while another payment of the company holds its credits', async () => {
    await payingCompany(t.knex, raas, 2);
    const original = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(original.status, JSON.stringify(original.body)).toBe(201);
    const before = await balance(t.knex, raas);
    // Another movement of the company's credits is under way and does not commit within the wait (about 2 s,
    // CREDITS_LOCK_WAIT_MS): the duplicate gives up with the credits message rather than queue until it ends.
    const holder = await t.knex.transaction();
    try {
      await holder('companies').where('id', raas).forNoKeyUpdate().first('id');
      const answer = await p.as('raasAdmin').post('/projects/duplicate-project', { projectId: original.body.data.id });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.error.code).toBe('credits.errors.busy');
      expect(answer.body.error.message).toMatch(/credits/);
    } finally {
      await holder.rollback();
    }
    expect(await balance(t.knex, raas)).toBe(before);
    const again = await p.as('raasAdmin').post('/projects/duplicate-project', { projectId: original.body.data.id });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });
});
