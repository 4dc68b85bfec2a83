/**
 * The demo data a fresh start shows keeps the product's own rules: no company or person is active
 * before it was created, and no free RaaS project holds a candidate in a stage its plan forbids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_PLAN, PROJECT_TYPE } from '../../schema/rules/pipeline';
import { PAID_STAGES } from '../../schema/rules/stages';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

describe('Demo data', () => {
  it('has no company or company user last active before it was created, nor a user who joined before the company', async () => {
    const companies = await t.knex('companies').whereRaw('last_active_at < created_at').pluck('company_name');
    expect(companies).toEqual([]);
    const users = await t.knex('company_users').whereRaw('last_active_at < created_at').pluck('email');
    expect(users).toEqual([]);
    const early = await t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .whereRaw('u.created_at < c.created_at')
      .pluck('u.email');
    expect(early).toEqual([]);
    expect(await t.knex('companies').whereNotNull('last_active_at').count({ n: '*' })).not.toEqual([{ n: '0' }]);
  });

  it('has no free RaaS project with a candidate in a stage only Power reaches', async () => {
    const rows = await t
      .knex('project_candidates as pc')
      .join('projects as p', 'p.id', 'pc.project_id')
      .where({ 'p.project_type': PROJECT_TYPE.raas, 'p.plan': PROJECT_PLAN.free })
      .whereIn('pc.stage', [...PAID_STAGES])
      .pluck('p.title');
    expect(rows).toEqual([]);
    const free = await t
      .knex('projects')
      .where({ project_type: PROJECT_TYPE.raas, plan: PROJECT_PLAN.free })
      .count({ n: '*' });
    expect(Number(free[0].n)).toBeGreaterThan(0);
  });
});
