/**
 * A guarantee is sold only on a Power project: on a RaaS company's free project (which cannot move a candidate to
 * offered, where the guarantee is offered) it is 409 project.errors.guaranteeNeedsPower and charges nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('Guaranteeing a candidate of a free project', () => {
  it('is refused with a clear message, and the balance and the candidate stay as they were', async () => {
    await freshPayingCompany(t.knex, raas, 2);
    const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 1 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ plan: 1, projectType: 2 });
    const [candidate] = (await t.knex('candidates').where('status', 1).orderBy('id').limit(1).pluck('id')) as number[];
    const row = { project_id: projectId(created.body.data.id), candidate_id: candidate, company_id: raas };
    await t.knex('project_candidates').insert({ ...row, stage: 4, interview_scheduled_at: new Date() });

    const res = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { projectId: created.body.data.id, candidateId: `Candidate:${candidate}` });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'project.errors.guaranteeNeedsPower',
      message: expect.stringContaining('Power project'),
    });
    expect(await balance(t.knex, raas)).toBe(2);
    expect((await t.knex('project_candidates').where(row).first('guaranteed_at')).guaranteed_at).toBeNull();
  });
});
