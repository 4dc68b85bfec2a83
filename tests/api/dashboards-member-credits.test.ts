/**
 * The recruiter dashboard's "credits spent" counts what its funnel counts: a Member reads the charges of the
 * projects they may open (owned by them or shared with them or the whole company), never those of the company's
 * other projects nor its charges naming no project; the company's Owner reads them all, as an admin naming the
 * company does. Over the seeded history (tests/helpers/dashboards.ts): Acme's Alpha, not shared with the Member,
 * used 1 credit in the range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { RANGE, seedDashboardHistory, type DashboardHistory } from '../helpers/dashboards';
import { makeProject } from '../helpers/interviews';

let t: TestApp;
let admin: Client;
let owner: Client;
let member: Client;
let h: DashboardHistory;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  owner = client(t, await t.login('owner@acme.example.com'));
  member = client(t, await t.login('member@acme.example.com'));
  h = await seedDashboardHistory(t.knex, (body) => admin.put('/projects/update/project', body));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const spent = async (who: Client, query = '') => {
  const res = await who.get(`/dashboard/recruiter?${RANGE}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.creditsSpent as number;
};
const charge = (projectId: number | null, amount: number) =>
  t.knex('credit_logs').insert({
    company_id: h.acme,
    action: CREDIT_ACTIONS.projectRenewal,
    amount: -amount,
    balance_after: 0,
    project_id: projectId,
    created_at: '2024-03-13T10:00:00Z',
  });

describe('Credits spent on the recruiter dashboard', () => {
  it('a Member does not count the charge of a project not shared with them; the Owner does', async () => {
    const mine = await member.get(`/dashboard/recruiter?${RANGE}`);
    expect(mine.body.projects.map((p: { id: string }) => p.id)).not.toContain(`Project:${h.alpha}`);
    expect(await spent(member)).toBe(0);
    expect(await spent(owner)).toBe(1);
    expect(await spent(admin, `&companyId=Company:${h.acme}`)).toBe(1);
  });

  it("a Member counts the charges of a project shared with them, not the company's charges naming no project", async () => {
    const memberId = (await t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
    const shared = await makeProject(t.knex, { title: 'Dashboard Shared' });
    await t
      .knex('projects')
      .where('id', shared.id)
      .update({ shared_user_ids: [memberId] });
    await charge(shared.id, 2);
    await charge(null, 4);

    expect(await spent(member)).toBe(2);
    expect(await spent(member, `&projectId=Project:${shared.id}`)).toBe(2);
    expect(await spent(owner)).toBe(7);
    expect(await spent(owner, `&projectId=Project:${h.alpha}`)).toBe(1);
    expect(await spent(admin, `&companyId=Company:${h.acme}`)).toBe(7);
  });
});
