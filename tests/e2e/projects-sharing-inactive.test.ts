/**
 * A colleague deactivated while a project is shared with them is marked so in the sharing panel, whose removal ends
 * the share: their access does not come back with a reactivation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { projectsWorld, row } from '../helpers/projectsE2E';

let e2e: E2E;
let jobTitle: { id: number; name: string };
let singapore: { id: number; name: string };
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  ({ jobTitle, singapore } = await projectsWorld(e2e));
});

describe('The sharing panel', () => {
  it('marks a deactivated colleague the project is still shared with, and removes the share', async () => {
    const [colleague] = await e2e.db
      .knex('company_users')
      .insert({
        company_id: (await e2e.db.knex('company_users').where('email', 'owner@acme.example.com').first('company_id'))
          .company_id,
        email: `ina-${run}@acme.example.com`,
        first_name: 'Ina',
        last_name: 'Colleague',
        role: 3,
        status: 1,
      })
      .returning('id');
    const page = await e2e.signIn('owner@acme.example.com', undefined, null);
    const api = async (method: string, path: string, data: unknown) => {
      const res = await page.request.fetch(`${e2e.baseUrl}/api/v1/${path}`, {
        method,
        data,
        headers: { origin: e2e.baseUrl, Accept: 'application/json' },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as { data: { id: string } };
    };
    const title = `Shared with Ina ${run}`;
    const project = await api('POST', 'projects/create', {
      title,
      jobTitleId: jobTitle.id,
      countries: [singapore.id],
      headcount: 1,
      salaryMin: 5000,
      salaryMax: 8000,
      salaryCurrency: 'SGD',
      jobDescription: 'Run our payroll.',
    });
    await api('POST', 'project-share/access/user', {
      projectId: project.data.id,
      userId: `User:${colleague.id}`,
      accessType: 1,
    });
    await e2e.db.knex('company_users').where('id', colleague.id).update({ status: 2 });

    await page.goto(`${e2e.baseUrl}/projects?q=${run}`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const ina = page.getByTestId('project-sharing').locator(`[data-user-email="ina-${run}@acme.example.com"]`);
    await ina.getByText(/Deactivated: no access now, back if reactivated unless removed/).waitFor();
    await ina.getByRole('button', { name: 'Remove access of Ina Colleague' }).click();
    await page.getByRole('button', { name: 'Remove access' }).click();
    await ina.waitFor({ state: 'detached' });
    const res = await page.request.get(`${e2e.baseUrl}/api/v1/projects/access/user/list?project_id=${project.data.id}`);
    const listed = ((await res.json()) as { data: { id: string }[] }).data.map((u) => u.id);
    expect(listed).not.toContain(`User:${colleague.id}`);
  });
});
