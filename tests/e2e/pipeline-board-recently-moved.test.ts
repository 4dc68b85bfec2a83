/**
 * The board of a project whose Longlist holds more than a column loads (50): a candidate moved into it last shows
 * there, first, after a reload, whichever sort is chosen (the columns but Suggested are asked for their most recently
 * moved candidates). The sort menu says on the board that it sorts the Suggested column, and is the plain sort in the
 * list view.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let project: { id: number; guid: string };
let latecomer: { id: number; guid: string };
const IN_STAGE = 55;

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  [project] = await knex('projects')
    .insert({
      title: 'Recently moved board: Data engineer',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
    })
    .returning(['id', 'guid']);
  // Oldest profiles first: the one moved in last is the oldest, which recently added puts last.
  const people = (await knex('candidates')
    .where({ status: 1, visibility: true })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(IN_STAGE + 1)
    .select('id', 'guid')) as { id: number; guid: string }[];
  latecomer = people[0];
  const start = Date.now() - 24 * 3600_000;
  const row = (candidateId: number, stage: number, at: number) => ({
    project_id: project.id,
    candidate_id: candidateId,
    company_id: owner.company_id,
    stage,
    curated: true,
    revealed_at: new Date(),
    last_recruitment_updated_at: new Date(at),
  });
  await knex('project_candidates').insert([
    ...people.slice(1).map((p, i) => row(p.id, 1, start + i * 60_000)),
    row(latecomer.id, 0, start),
  ]);
}, 120_000);

const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);

/** A call made by the page itself, with its session: the move the board's menu sends. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) =>
      (
        await fetch(`/api/v1${p}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).status,
    [path, body] as const,
  );

describe('A column of more than 50', () => {
  it('shows the candidate moved into it last, first, after a reload, under either sort', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    await page.getByRole('heading', { name: 'Recently moved board: Data engineer' }).waitFor();
    await column(page, 1).getByTestId('board-card').first().waitFor();
    expect(
      await post(page, '/projects/recruitment', {
        projectId: `Project:${project.id}`,
        candidateId: `Candidate:${latecomer.id}`,
        recruitmentStatus: 1,
      }),
    ).toBe(200);
    for (const sort of ['', '&sort=recentlyAdded']) {
      await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board${sort}`);
      const longlist = column(page, 1);
      await longlist.getByTestId('board-card').first().waitFor();
      await expect.poll(() => longlist.getByTestId('board-column-count').innerText()).toBe(String(IN_STAGE + 1));
      expect(await longlist.getByTestId('board-card').count()).toBe(50);
      expect(await longlist.getByTestId('board-card').first().getAttribute('data-guid'), sort).toBe(latecomer.guid);
    }
  });

  it('has a sort menu that says on the board it sorts Suggested, and is the plain sort in the list', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    const toolbar = page.getByTestId('pipeline-toolbar');
    await toolbar.getByLabel('Sort Suggested by').waitFor();
    await toolbar.getByRole('button', { name: 'List', exact: true }).click();
    await toolbar.getByLabel('Sort by', { exact: true }).waitFor();
    expect(await toolbar.getByLabel('Sort Suggested by').count()).toBe(0);
  });
});
