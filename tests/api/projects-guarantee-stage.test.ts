/**
 * A guarantee is sold only for a candidate with an offer (schema/rules/stages.ts guaranteeAvailable): at offered or
 * placed, or one step from offered (interviewing2: the portal's prompt buys it before the move). A shortlisted
 * candidate's guarantee is refused at candidateId ('project.errors.guaranteeNotOffered') and charges nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { STAGES } from '../../schema/rules/pipeline';
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

describe('Guaranteeing a candidate by stage', () => {
  it('refuses a shortlisted candidate at candidateId and charges nothing; one about to be offered is guaranteed', async () => {
    await freshPayingCompany(t.knex, raas, 2);
    const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = projectId(created.body.data.id);
    const [shortlisted, interviewed] = (await t
      .knex('candidates')
      .where('status', 1)
      .orderBy('id')
      .limit(2)
      .pluck('id')) as number[];
    const base = { project_id: id, company_id: raas };
    await t.knex('project_candidates').insert([
      { ...base, candidate_id: shortlisted, stage: STAGES.shortlist },
      { ...base, candidate_id: interviewed, stage: STAGES.interviewing2, interview_scheduled_at: new Date() },
    ]);
    expect(await balance(t.knex, raas)).toBe(1);

    const res = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { projectId: created.body.data.id, candidateId: `Candidate:${shortlisted}` });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ candidateId: 'project.errors.guaranteeNotOffered' });
    expect(await balance(t.knex, raas)).toBe(1);
    expect(
      (await t.knex('project_candidates').where({ project_id: id, candidate_id: shortlisted }).first('guaranteed_at'))
        .guaranteed_at,
    ).toBeNull();
    expect(await t.knex('credit_logs').where({ project_id: id, action: CREDIT_ACTIONS.guaranteeCandidate })).toEqual(
      [],
    );

    const ok = await p
      .as('raasAdmin')
      .post('/projects/guarantee', { projectId: created.body.data.id, candidateId: `Candidate:${interviewed}` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balance(t.knex, raas)).toBe(0.5);
  });
});
