/**
 * Lost updates (backend/crud/staleness.ts): a form saves the whole record it read, so a save made after someone else
 * changed the row would put back what they changed. A save that sends the `updatedAt` it read is refused with 409
 * 'errors.changedMeanwhile' (field `updatedAt`) when the row changed since, and nothing is written: an admin's lot
 * edit from a list row read before a charge, the console's project, company, company user and admin forms read
 * before a close, a suspension or a deactivation, the portal's project settings read before a colleague's
 * hand-over. Of two saves from the same copy only the first passes; a body without `updatedAt` writes as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryWindow } from '../../schema/rules/credits';
import type { TestApp } from '../helpers/app';
import { balance, payingCompany, projectBody, projectId, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

const CHANGED = { code: 'errors.changedMeanwhile', fields: { updatedAt: 'errors.changedMeanwhile' } };

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
  for (const company of [acme, raas]) {
    await t.knex('projects').where('company_id', company).update({ status: 3 });
    await t.knex('credit_logs').where('company_id', company).del();
    await t.knex('credit_lots').where('company_id', company).del();
  }
  await payingCompany(t.knex, raas, 0);
  await payingCompany(t.knex, acme, 5);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** A project the company admin creates in the portal (active); answers its API id. */
async function newProject(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await p.as('companyAdmin').post('/projects/create', await projectBody(t.knex, overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

/** The record as the console's edit form reads it (react-admin sends it back whole). */
async function consoleRead(resource: string, id: number): Promise<Record<string, unknown>> {
  const res = await p.as('general').get(`/${resource}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(typeof res.body.updatedAt).toBe('string');
  return res.body as Record<string, unknown>;
}

describe("An admin's lot edit from a list row read before a charge", () => {
  it('is refused and the lot keeps what the charge left; read again, the edit goes through', async () => {
    const granted = await p.as('general').post('/credit', { companyId: `Company:${raas}`, noOfCredits: 10 });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const lotId = Number(String(granted.body.creditDataId).replace('Credit:', ''));
    const row = await consoleRead('credits', lotId);

    // The company spends 1 (a Power project) from the lot.
    const project = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    expect(await balance(t.knex, raas)).toBe(9);

    const edit = (read: Record<string, unknown>) =>
      p.as('general').put(`/credit/Credit:${lotId}`, {
        companyId: `Company:${raas}`,
        creditDataId: `Credit:${lotId}`,
        noOfCredits: Number(read.remaining),
        expiryDate: expiryWindow().max,
        updatedAt: read.updatedAt,
      });
    const stale = await edit(row);
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject(CHANGED);
    expect(await balance(t.knex, raas)).toBe(9);

    const fresh = await edit(await consoleRead('credits', lotId));
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(await balance(t.knex, raas)).toBe(9);
    // The portal's list answers the version its edit dialog sends back.
    const listed = await p.as('general').get(`/credit?companyId=Company:${raas}`);
    const { updatedAt } = await consoleRead('credits', lotId);
    expect(listed.body.data[0]).toMatchObject({ creditDataId: `Credit:${lotId}`, noOfCredits: 9, updatedAt });
  });
});

describe("The portal's project settings read before a colleague's hand-over", () => {
  it('are refused and the hand-over stands; without updatedAt the update writes as before', async () => {
    const id = await newProject();
    const ownerId = p.who('companyAdmin').actor.id as number;
    const memberId = p.who('member').actor.id as number;
    const read = await p.as('companyAdmin').get(`/projects/find/${encodeURIComponent(id)}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const readAt = read.body.data.updatedAt as string;
    expect(typeof readAt).toBe('string');

    const handOver = await p.as('general').put('/projects/update/project', { projectId: id, ownerId: memberId });
    expect(handOver.status, JSON.stringify(handOver.body)).toBe(200);

    const stale = await p
      .as('companyAdmin')
      .put('/projects/update/project', { projectId: id, title: 'Renamed', ownerId, updatedAt: readAt });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject(CHANGED);
    expect(await t.knex('projects').where('id', projectId(id)).first('owner_id', 'title')).toEqual({
      owner_id: memberId,
      title: 'Senior Backend Engineer',
    });

    const plain = await p.as('companyAdmin').put('/projects/update/project', { projectId: id, title: 'Renamed' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(await t.knex('projects').where('id', projectId(id)).first('owner_id', 'title')).toEqual({
      owner_id: memberId,
      title: 'Renamed',
    });
  });
});

describe("The console's project form read before the project was closed", () => {
  it('is refused: the project stays closed and nothing is charged', async () => {
    const id = projectId(await newProject({ plan: 2 }));
    const record = await consoleRead('projects', id);
    const closed = await p.as('companyAdmin').put('/projects', { keys: [`Project:${id}`], status: 3 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const before = await balance(t.knex, acme);

    const stale = await p.as('general').put(`/projects/${id}`, { ...record, title: 'Renamed' });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject(CHANGED);
    expect(await t.knex('projects').where('id', id).first('status', 'title')).toMatchObject({ status: 3 });
    expect(await balance(t.knex, acme)).toBe(before);

    const fresh = await p.as('general').put(`/projects/${id}`, { ...(await consoleRead('projects', id)), title: 'X' });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ status: 3, title: 'X' });
  });

  it('of two saves from the same copy, only one is written', async () => {
    const id = projectId(await newProject());
    const record = await consoleRead('projects', id);
    const answers = await Promise.all(
      ['First', 'Second'].map((title) => p.as('general').put(`/projects/${id}`, { ...record, title })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe("The console's company user and admin forms read before a deactivation", () => {
  it('are refused: the member and the admin stay inactive', async () => {
    const memberId = p.who('member').actor.id as number;
    const member = await consoleRead('company-users', memberId);
    const off = await p.as('companyAdmin').put('/company-users/status', { users: [memberId], status: 2 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const staleMember = await p.as('general').put(`/company-users/${memberId}`, { ...member, jobTitle: 'Lead' });
    expect(staleMember.status, JSON.stringify(staleMember.body)).toBe(409);
    expect(staleMember.body.error).toMatchObject(CHANGED);
    expect(await t.knex('company_users').where('id', memberId).first('status')).toEqual({ status: 2 });

    const advocateId = p.who('advocate').actor.id as number;
    const advocate = await consoleRead('admins', advocateId);
    const down = await p.as('general').put(`/admins/${advocateId}`, { status: 0 });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const staleAdmin = await p.as('general').put(`/admins/${advocateId}`, { ...advocate, jobTitle: 'Lead' });
    expect(staleAdmin.status, JSON.stringify(staleAdmin.body)).toBe(409);
    expect(await t.knex('admins').where('id', advocateId).first('status')).toEqual({ status: 0 });
  });
});

describe("The console's company form read before a suspension", () => {
  it('is refused: the company stays suspended', async () => {
    const record = await consoleRead('companies', acme);
    const suspended = await p.as('general').put(`/companies/${acme}`, { status: 2 });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);

    const stale = await p.as('general').put(`/companies/${acme}`, { ...record, companyName: 'Acme Two' });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject(CHANGED);
    expect(await t.knex('companies').where('id', acme).first('status', 'company_name')).toEqual({
      status: 2,
      company_name: 'Acme',
    });
  });
});
