/**
 * The interview-request list through the candidate gate, from the attacker's side: a company never
 * reads there a name the board withholds (nor confirms one through the text filter), nor a request of a
 * candidate the board no longer shows, a Member never
 * reads the requests of a project not shared with them, and admins still see every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let owner: Client;
let ownerToken: string;
let member: Client;
let admin: Client;
let raas: Client;
let project: TestProject;
let anonymous: { id: number; first: string; last: string };
let publicOne: { id: number; first: string; last: string };

/** The multipart call as the portal's dialog sends it. */
function send(token: string, fields: Record<string, string>) {
  const req = t.http.post('/api/v1/projects/candidate/interview/request').set('Authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  return req;
}

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  owner = client(t, ownerToken);
  member = client(t, await t.login('member@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  raas = client(t, await t.login('owner@raas.example.com'));
  const [a, b] = await activeCandidates(t.knex, 2, { skip: 40 });
  await t.knex('candidates').where('id', a).update({ anonymous: true, first_name: 'Zqpriya', last_name: 'Zqiyer' });
  await t.knex('candidates').where('id', b).update({ first_name: 'Zqpublic', last_name: 'Zqperson' });
  anonymous = { id: a, first: 'Zqpriya', last: 'Zqiyer' };
  publicOne = { id: b, first: 'Zqpublic', last: 'Zqperson' };
  // A project of Acme's owner, shared with nobody; an admin curated the anonymous candidate into it.
  project = await makeProject(t.knex, { title: 'Zqunshared Platform Lead' });
  await t.knex('project_candidates').insert([
    { project_id: project.id, candidate_id: a, company_id: project.companyId, stage: 0, curated: true },
    { project_id: project.id, candidate_id: b, company_id: project.companyId, stage: 1 },
  ]);
  for (const id of [a, b]) {
    const res = await send(ownerToken, {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${id}`,
      requestAction: 'request_interview',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(async () => {
  await t?.knex.destroy();
});

const list = (who: Client, query = '') => who.get(`/dashboard/interview-request-list?perPage=100${query}`);
const rowOf = (body: { data: { candidate: { id: string } }[] }, id: number) =>
  body.data.find((r) => r.candidate.id === `Candidate:${id}`);

describe('The interview-request list names candidates by the board’s rule', () => {
  it('shows the project’s company an anonymous candidate as "Anonymous candidate", before and after they answer', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    const row = rowOf(res.body, anonymous.id);
    expect(row).toMatchObject({ candidate: { name: null, anonymous: true, label: 'Anonymous candidate' } });
    expect(JSON.stringify(res.body)).not.toContain(anonymous.last);
    expect(JSON.stringify(res.body)).not.toContain(anonymous.first);
    // The board agrees: the same candidate is anonymous in the pipeline.
    expect(rowOf(res.body, publicOne.id)).toMatchObject({
      candidate: { name: `${publicOne.first} ${publicOne.last}` },
    });
  });

  it('is no name oracle: the text filter finds no request by a name the company may not read', async () => {
    const byHidden = await list(owner, `&q=${anonymous.last}`);
    expect(byHidden.status).toBe(200);
    expect(byHidden.body.data).toEqual([]);
    expect(byHidden.body.pagination.dataCount).toBe(0);
    const byPublic = await list(owner, `&q=${publicOne.last}`);
    expect(byPublic.body.data.map((r: { candidate: { id: string } }) => r.candidate.id)).toEqual([
      `Candidate:${publicOne.id}`,
    ]);
  });

  it('names the candidate once the company revealed them in the project', async () => {
    await t.knex('project_candidates').where({ project_id: project.id, candidate_id: anonymous.id }).update({
      revealed_at: new Date(),
      stage: 1,
    });
    const res = await list(owner, `&q=${anonymous.last}`);
    expect(rowOf(res.body, anonymous.id)).toMatchObject({
      candidate: { name: `${anonymous.first} ${anonymous.last}`, anonymous: false },
    });
    await t.knex('project_candidates').where({ project_id: project.id, candidate_id: anonymous.id }).update({
      revealed_at: null,
      stage: 0,
    });
  });

  it('shows admins every request with the name', async () => {
    const res = await list(admin, `&projectId=Project:${project.id}`);
    expect(res.status).toBe(200);
    expect(rowOf(res.body, anonymous.id)).toMatchObject({
      candidate: { name: `${anonymous.first} ${anonymous.last}` },
    });
  });
});

describe('The interview-request list follows the project rule', () => {
  it('shows a Member none of the requests of a project not shared with them, as by-project answers 404', async () => {
    expect((await member.get(`/projects/interview-request/by-project?projectId=Project:${project.id}`)).status).toBe(
      404,
    );
    const res = await list(member);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('Zqunshared');
    expect(rowOf(res.body, publicOne.id)).toBeUndefined();
    const filtered = await list(member, `&projectId=Project:${project.id}`);
    expect(filtered.body.data).toEqual([]);
  });

  /** The candidates of a project's requests, in its by-project list and in the dashboard's list, both. */
  const ids = async (who: Client, projectId = project.id) => {
    const byProject = await who.get(`/projects/interview-request/by-project?projectId=Project:${projectId}`);
    const dashboard = await list(who, `&projectId=Project:${projectId}`);
    const of = (rows: { candidateId?: string; candidate?: { id: string } }[]) =>
      rows.map((r) => r.candidateId ?? r.candidate?.id).sort();
    expect(of(dashboard.body.data)).toEqual(of(byProject.body.data));
    return of(byProject.body.data);
  };

  it("keeps a project's requests to the candidates its board shows: none of one who paused, until they are back", async () => {
    expect(await ids(owner)).toEqual(expect.arrayContaining([`Candidate:${publicOne.id}`]));
    await t.knex('candidates').where('id', publicOne.id).update({ status: 2 });
    expect(await ids(owner)).not.toContain(`Candidate:${publicOne.id}`);
    expect(await ids(owner)).toContain(`Candidate:${anonymous.id}`);
    await t.knex('candidates').where('id', publicOne.id).update({ status: 1 });
    expect(await ids(owner)).toContain(`Candidate:${publicOne.id}`);
  });

  it('shows the Member the same requests once the project is shared with them', async () => {
    const memberRow = await t.knex('company_users').where('email', 'member@acme.example.com').first('id');
    await t
      .knex('projects')
      .where('id', project.id)
      .update({ shared_user_ids: [memberRow.id] });
    const res = await list(member, `&projectId=Project:${project.id}`);
    expect(res.body.data).toHaveLength(2);
    expect(rowOf(res.body, anonymous.id)).toMatchObject({ candidate: { name: null, anonymous: true } });
    await t.knex('projects').where('id', project.id).update({ shared_user_ids: [] });
  });

  it('shows another company nothing of it', async () => {
    const res = await list(raas, `&q=${publicOne.last}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(JSON.stringify((await list(raas)).body)).not.toContain('Zqunshared');
  });

  it("keeps a RaaS company's requests to its board's stages: none of a candidate in the advocates' longlist", async () => {
    const raasProject = await makeProject(t.knex, { title: 'Zqraas Data Lead', ownerEmail: 'owner@raas.example.com' });
    await t.knex('project_candidates').insert({
      ...{ project_id: raasProject.id, candidate_id: publicOne.id, company_id: raasProject.companyId, stage: 1 },
    });
    const sent = await send(await t.login('admin@example.com'), {
      projectId: `Project:${raasProject.id}`,
      candidateId: `Candidate:${publicOne.id}`,
      requestAction: 'request_interview',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await ids(admin, raasProject.id)).toEqual([`Candidate:${publicOne.id}`]);
    expect(await ids(raas, raasProject.id)).toEqual([]);
    // Shortlisted by the advocate, the candidate and their request are on the company's board.
    await t.knex('project_candidates').where({ project_id: raasProject.id }).update({ stage: 2 });
    expect(await ids(raas, raasProject.id)).toEqual([`Candidate:${publicOne.id}`]);
  });
});
