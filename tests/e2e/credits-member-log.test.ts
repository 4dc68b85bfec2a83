/**
 * A RaaS company's Member reads the company's credit history on its Credits page without the titles of colleagues'
 * projects not shared with them: the charge is listed (its credits and the balance after, the company's), its
 * project shown as "A project not shared with you", with no link, at 1440×900 and 390×844.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;
const EMAIL = 'log.member@raas.example.com';
const TITLE = 'Private Treasury Lead';

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@raas.example.com').first('company_id');
  await knex('company_users').insert({
    email: EMAIL,
    first_name: 'Log',
    last_name: 'Member',
    company_id: owner.company_id,
    role: 2,
    status: 1,
  });
  const project = await boardProject(e2e, 'owner@raas.example.com', { title: TITLE, project_type: 2, plan: 2 }, [], 2);
  const last = await knex('credit_logs').where('company_id', owner.company_id).orderBy('id', 'desc').first();
  await knex('credit_logs').insert({
    company_id: owner.company_id,
    action: 5,
    amount: -1,
    balance_after: Number(last?.balance_after ?? 0),
    project_id: project.id,
    by_name: 'Fx Colleague',
    idempotency_key: `member-log-${Date.now()}`,
  });
});

describe("A Member's credit history", () => {
  it("lists a colleague's charge without the title of a project not shared with them, on both screens", async () => {
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await e2e.signIn(EMAIL, size, '/credits/company');
      const entry = page.getByTestId('credit-log-entry').filter({ hasText: 'Fx Colleague' });
      await entry.waitFor();
      expect(await entry.innerText(), `${size.width}`).toContain('A project not shared with you');
      expect(await entry.getByRole('link').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain(TITLE);
      await page.close();
    }
  });
});
