/**
 * A project's plan changed by a teammate reaches the project page another person has open, in a real browser:
 * two pages of the RaaS owner on the same free project; one upgrades it through the API, and the other's plan badge
 * shows Power without a reload (the live event `projectChanged` reads the project again in place).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, call } from '../helpers/projectsE2E';

let e2e: E2E;

/** The UTC day `offset` days from today, as 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startE2E();
});

describe("A teammate's upgrade on an open project page", () => {
  it('shows the Power plan on the other page without a reload', async () => {
    const project = await boardProject(
      e2e,
      'owner@raas.example.com',
      { title: 'Live plan badge test', project_type: 2, plan: 1 },
      [],
      1,
    );
    // During the free trial the upgrade costs nothing.
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    const page = await e2e.signIn('owner@raas.example.com', undefined, `/project/${project.guid}`);
    const badge = page.getByTestId('project-plan');
    await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe('Plan: Free');
    // The page is not reloaded: a mark on its window survives.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const other = await e2e.signIn('owner@raas.example.com', undefined, `/project/${project.guid}`);
    await other.getByTestId('project-plan').waitFor();
    const upgraded = await call(other, 'POST', 'projects/upgrade', { projectId: project.id });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);

    await expect.poll(() => badge.innerText(), { timeout: 10_000 }).toBe('Plan: Power');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByTestId('project-header').count()).resolves.toBe(1);
  });
});
