/**
 * Deleting a company user without naming who takes over (DELETE /company-users/:id, no ?transferTo=) leaves no
 * project without an owner while someone can take it: the projects go to the colleague the console's bulk deletion
 * picks, the first active one by name (GET user-list-to-transfer's first). The last active person of a company can
 * still be deleted; their projects then keep no owner, as the dialogs say.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
});

/** A new active Member of `companyId` owning two projects: their id and the projects'. */
async function leaverOf(companyId: number, name: string): Promise<{ id: number; projects: number[] }> {
  const [user] = await t
    .knex('company_users')
    .insert({
      email: `${name}.${Date.now()}@example.com`,
      first_name: name,
      last_name: 'Leaver',
      company_id: companyId,
      role: 2,
      status: 1,
    })
    .returning('id');
  const jobTitle = await t.knex('job_titles').first('id');
  const country = await t.knex('countries').first('id');
  const project = (title: string) => ({
    title,
    company_id: companyId,
    owner_id: user.id,
    job_title_id: jobTitle.id,
    countries: [country.id],
    headcount: 1,
    salary_min: 1000,
    salary_max: 2000,
  });
  const rows = await t
    .knex('projects')
    .insert([project('First'), project('Second')])
    .returning('id');
  return { id: user.id, projects: rows.map((r: { id: number }) => r.id) };
}

describe('Deleting a company user without a chosen successor', () => {
  it('hands their projects to the first colleague the transfer list offers, leaving none ownerless', async () => {
    const acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id as number;
    const leaver = await leaverOf(acme, 'Lena');
    const offered = await t.http
      .get(`/api/v1/company-users/user-list-to-transfer?id=User:${leaver.id}`)
      .set(admin)
      .expect(200);
    const heir = Number(String(offered.body[0].id).split(':').pop());

    await t.http.delete(`/api/v1/company-users/User:${leaver.id}`).set(admin).expect(200);

    expect(await t.knex('company_users').where('id', leaver.id).first('id')).toBeUndefined();
    expect(await t.knex('projects').whereIn('id', leaver.projects).pluck('owner_id')).toEqual([heir, heir]);
  });

  it('deletes the last active person of a company, whose projects then keep no owner', async () => {
    const raas = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id'))
      .company_id as number;
    const leaver = await leaverOf(raas, 'Solo');
    await t.knex('company_users').where('company_id', raas).whereNot('id', leaver.id).update({ status: 2 });

    await t.http.delete(`/api/v1/company-users/User:${leaver.id}`).set(admin).expect(200);

    expect(await t.knex('company_users').where('id', leaver.id).first('id')).toBeUndefined();
    expect(await t.knex('projects').whereIn('id', leaver.projects).pluck('owner_id')).toEqual([null, null]);
  });
});
