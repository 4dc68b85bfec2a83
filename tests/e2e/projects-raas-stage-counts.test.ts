/**
 * The projects list's stage counts follow the board's stage visibility (schema/rules/stages.ts
 * `tabsFor`): a RaaS company's cards and its shared project page count only the stages its board shows,
 * from the shortlist on, never "Open 0 · Longlist 0" for the advocates' work; a company's count every stage.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, row } from '../helpers/projectsE2E';

let e2e: E2E;
const run = Date.now().toString(36);
const RAAS_TITLE = `Northwind counts ${run}`;
const COMPANY_TITLE = `Acme counts ${run}`;
const ALL = ['open', 'qualify', 'shortlist', 'interviewing', 'interviewing2', 'offered', 'placed', 'rejected'];

beforeAll(async () => {
  e2e = await startE2E();
  const candidates = await e2e.db.knex('candidates').where({ status: 1 }).orderBy('id').limit(1).select('id');
  await boardProject(e2e, 'owner@raas.example.com', { title: RAAS_TITLE, project_type: 2, plan: 2 }, candidates, 2);
  await boardProject(e2e, 'owner@acme.example.com', { title: COMPANY_TITLE }, candidates, 2);
});

describe('Stage counts on the projects list', () => {
  it('A RaaS owner sees no open or longlist counts on its project card, nor on its shared page', async () => {
    const page = await e2e.signIn('owner@raas.example.com', { width: 1440, height: 900 }, '/projects');
    const counts = row(page, RAAS_TITLE).getByTestId('stage-counts');
    await counts.waitFor();
    const stages = await counts
      .locator('[data-stage]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-stage')));
    expect(stages).toEqual(ALL.slice(2));
    const text = await counts.innerText();
    expect(text).not.toMatch(/Suggested|Longlist/);
    expect(text).toMatch(/Shortlist\s*1/);

    const guid = (await e2e.db.knex('projects').where('title', RAAS_TITLE).first('guid')).guid as string;
    await page.goto(`${e2e.baseUrl}/shared-project/${guid}`);
    await page.getByRole('heading', { name: RAAS_TITLE }).waitFor();
    const card = page.getByText('Shortlist', { exact: true }).first();
    await card.waitFor();
    for (const name of ['Suggested', 'Longlist'])
      expect(await page.getByText(name, { exact: true }).count(), name).toBe(0);
  });

  it("A company owner's card counts every stage", async () => {
    const page = await e2e.signIn('owner@acme.example.com', { width: 1440, height: 900 }, '/projects');
    const counts = row(page, COMPANY_TITLE).getByTestId('stage-counts');
    await counts.waitFor();
    const stages = await counts
      .locator('[data-stage]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-stage')));
    expect(stages).toEqual(ALL);
  });
});
