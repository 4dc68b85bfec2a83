/**
 * A company Member reads the credit log as the projects list and the recruiter dashboard hold them: the charges of
 * the projects they may open name their project; a colleague's charge for a project not shared with them is listed
 * (the balance they are shown is the company's, and the log's movements add up to it) but answered without its id or
 * title, 'A project not shared with you', in the JSON and in the CSV export. The company's Admin reads every title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { balance, projectBody, projectId, signInAll, type People, freshPayingCompany } from '../helpers/projects';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let p: People;
let raas: number;
let member: Client;
let memberId: number;

const TITLE = 'Confidential Finance Lead';

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
  raas = p.who('raasAdmin').actor.companyId as number;
  const email = 'ledger.member@raas.example.com';
  [{ id: memberId }] = await t
    .knex('company_users')
    .insert({ email, first_name: 'Lee', last_name: 'Member', company_id: raas, role: 2, status: 1 })
    .returning('id');
  member = client(t, await t.login(email));
});
afterAll(async () => {
  await t?.knex.destroy();
});

interface Entry {
  credits: number;
  balanceAfter: number;
  projectId: string | null;
  project: { id: string | null; title: string | null; open: boolean; hidden: boolean } | null;
}

const logOf = async (who: Client) => {
  const res = await who.get('/credit/logs?pageSize=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { entries: res.body.data as Entry[], body: JSON.stringify(res.body) };
};

describe("A Member's credit log", () => {
  it("lists a colleague's charge for a project not shared with them without its title, and keeps the balance", async () => {
    await freshPayingCompany(t.knex, raas, 5);
    const created = await p
      .as('raasAdmin')
      .post('/projects/create', await projectBody(t.knex, { plan: 2, title: TITLE }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = projectId(created.body.data.id);

    // The Member cannot open the project...
    const projects = await member.get('/projects');
    expect(JSON.stringify(projects.body)).not.toContain(TITLE);
    // ...so the log lists its charge without naming it.
    const mine = await logOf(member);
    expect(mine.body).not.toContain(TITLE);
    expect(mine.body).not.toContain(`Project:${id}`);
    const charge = mine.entries.find((e) => e.credits < 0)!;
    expect(charge).toMatchObject({ credits: -1, projectId: null, project: { id: null, title: null, hidden: true } });
    // The log adds up to the balance the Member is shown (the company's), as the Admin's does.
    const shown = await member.get('/credit/balance');
    expect(shown.body.balance).toBe(await balance(t.knex, raas));
    expect(mine.entries.reduce((sum, e) => sum + e.credits, 0)).toBe(shown.body.balance);
    expect(mine.entries[0].balanceAfter).toBe(shown.body.balance);
    const theirs = await logOf(p.as('raasAdmin'));
    expect(theirs.entries.map((e) => [e.credits, e.balanceAfter])).toEqual(
      mine.entries.map((e) => [e.credits, e.balanceAfter]),
    );
    expect(theirs.entries.find((e) => e.credits < 0)?.project).toMatchObject({ title: TITLE, open: true });

    // The console's list of the same log answers no title either.
    const crud = await member.get('/credit-logs');
    expect(JSON.stringify(crud.body)).not.toContain(TITLE);

    const csv = await member.get('/credit/logs?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(TITLE);
    expect(csv.text).toContain('A project not shared with you');
  });

  it('names the project once it is shared with the Member, with a link', async () => {
    const project = await t.knex('projects').where({ company_id: raas, title: TITLE }).first('id');
    await t
      .knex('projects')
      .where('id', project.id)
      .update({ shared_user_ids: [memberId] });
    const charge = (await logOf(member)).entries.find((e) => e.credits < 0)!;
    expect(charge.project).toMatchObject({ id: `Project:${project.id}`, title: TITLE, open: true, hidden: false });
    const csv = await member.get('/credit/logs?format=csv');
    expect(csv.text).toContain(TITLE);
  });
});
