/**
 * A RaaS company's free-plan project must upgrade before its candidates are interviewed (spec
 * section 4): an interview request or job description sent from it is refused as the move to
 * interviewing is, with `project.recruitment.errors.upgradeRequired`, and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { SCHEDULE } from '../helpers/pipeline';

let t: TestApp;
let raasToken: string;
let raas: Client;
let admin: Client;
let raasId: number;
let candidate: number;

beforeAll(async () => {
  t = await testApp();
  raasToken = await t.login('owner@raas.example.com');
  raas = client(t, raasToken);
  admin = client(t, await t.login('admin@example.com'));
  raasId = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id')).company_id;
  [candidate] = await activeCandidates(t.knex, 1);
  // No credits to pay an upgrade with: the admin deletes every lot the company holds.
  const lots = (await admin.get(`/credit?companyId=Company:${raasId}&pageSize=100`)).body.data as {
    creditDataId: string;
  }[];
  for (const lot of lots)
    expect((await admin.delete(`/credit/Company:${raasId}/${lot.creditDataId}`)).status).toBe(200);
  expect((await raas.get('/credit/balance')).body.balance).toBe(0);
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function raasProject(plan: number): Promise<TestProject> {
  const project = await makeProject(t.knex, { ownerEmail: 'owner@raas.example.com' });
  await t.knex('projects').where('id', project.id).update({ project_type: 2, plan });
  await addToProject(t.knex, project, [candidate], STAGES.shortlist);
  await t.knex('project_candidates').where({ project_id: project.id }).update({ revealed_at: new Date() });
  return project;
}

const request = (project: TestProject, requestAction: string) =>
  t.http
    .post('/api/v1/projects/candidate/interview/request')
    .set('Authorization', `Bearer ${raasToken}`)
    .field('projectId', `Project:${project.id}`)
    .field('candidateId', `Candidate:${candidate}`)
    .field('requestAction', requestAction);

describe('Interview requests from a RaaS free-plan project', () => {
  it('are refused as the move to interviewing is, and nothing is sent', async () => {
    const project = await raasProject(1);
    const move = await raas.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      recruitmentStatus: STAGES.interviewing,
      scheduleFormData: SCHEDULE,
    });
    expect(move.status).toBe(409);
    expect(move.body.error.code).toBe('project.recruitment.errors.upgradeRequired');

    for (const action of ['request_interview', 'request_public']) {
      const res = await request(project, action);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'project.recruitment.errors.upgradeRequired',
        candidateIds: [`Candidate:${candidate}`],
      });
    }
    expect(await t.knex('interview_requests').where('project_id', project.id).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(
      (await t.knex('project_candidates').where('project_id', project.id).first('interview_requested_at'))
        .interview_requested_at,
    ).toBeNull();
  });

  it('go out from a power-plan project of the same company', async () => {
    const project = await raasProject(2);
    const res = await request(project, 'request_interview');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
