/**
 * The board of a saved-search project with a long Suggested column, at 1440×900 and 390×844: while a column's
 * candidates are on their way it says it is loading (never "0" and "Drop candidates here" beside a tab that counts
 * 2), and once they are there a long column scrolls its cards inside itself, each card at its full height with its
 * whole name, the column no taller than the screen. However often the board draws as its columns arrive, each
 * suggested and shortlisted candidate is marked seen once.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let project: { id: number; guid: string };
const SUGGESTED = 80;

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  [project] = await knex('projects')
    .insert({
      title: 'Board columns test: Software engineer',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
      current_url: 'ts=engineer',
    })
    .returning(['id', 'guid']);
  const ids = (await knex('candidates')
    .where({ status: 1, visibility: true })
    .orderBy('id')
    .limit(SUGGESTED + 4)
    .pluck('id')) as number[];
  const row = (candidateId: number, stage: number) => ({
    project_id: project.id,
    candidate_id: candidateId,
    company_id: owner.company_id,
    stage,
    curated: true,
    revealed_at: stage ? new Date() : null,
    last_recruitment_updated_at: new Date(),
  });
  await knex('project_candidates').insert([
    ...ids.slice(0, SUGGESTED).map((id) => row(id, 0)),
    ...ids.slice(SUGGESTED, SUGGESTED + 2).map((id) => row(id, 1)),
    ...ids.slice(SUGGESTED + 2).map((id) => row(id, 2)),
  ]);
}, 120_000);

const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const tabCount = async (page: Page, name: string) =>
  (await page.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText()).replace(/\D+/g, '');

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('The board at $width×$height', (viewport) => {
  it('shows a column loading until its candidates arrive, never a count the tabs contradict', async () => {
    const page = await e2e.signIn('owner@acme.example.com', viewport, `/project/${project.guid}`);
    await page.getByRole('tab', { name: /^Longlist/ }).waitFor();
    // The Suggested column's search is held back, as a long saved search is slow.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/api/v1/projects/candidates/search?**', async (route) => {
      held += 1;
      await gate;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Board' }).click();
    await expect.poll(() => held).toBeGreaterThan(0);
    const longlist = column(page, 1);
    await longlist.getByTestId('board-card').first().waitFor();
    expect(await longlist.getByTestId('board-column-count').innerText()).toBe(await tabCount(page, 'Longlist'));
    // Each column says it is loading until its own candidates arrive, whichever arrives first.
    await column(page, 2).getByTestId('board-card').first().waitFor();
    expect(await column(page, 2).getByTestId('board-column-count').innerText()).toBe('2');
    const suggested = column(page, 0);
    expect(await suggested.getAttribute('aria-busy')).toBe('true');
    expect(await suggested.getByTestId('board-column-count').innerText()).toBe('Loading…');
    expect(await suggested.getByText('Drop candidates here').count()).toBe(0);
    release();
    await suggested.getByTestId('board-card').first().waitFor();
    expect(await suggested.getAttribute('aria-busy')).toBe('false');
    expect(Number(await suggested.getByTestId('board-column-count').innerText())).toBeGreaterThanOrEqual(SUGGESTED);
  });

  it('scrolls a long column inside itself, each card at its full height with its whole name', async () => {
    const page = await e2e.signIn('owner@acme.example.com', viewport, `/project/${project.guid}?view=board`);
    const suggested = column(page, 0);
    await suggested.getByTestId('board-card').nth(49).waitFor();
    const cards = await suggested.getByTestId('board-card').evaluateAll((els) =>
      els.map((el) => {
        const name = el.querySelector('[data-testid="board-card-name"]') as HTMLElement;
        return { height: el.getBoundingClientRect().height, nameCut: name.scrollHeight > name.clientHeight + 1 };
      }),
    );
    expect(cards).toHaveLength(50);
    for (const card of cards) {
      expect(card.height).toBeGreaterThanOrEqual(60);
      expect(card.nameCut).toBe(false);
    }
    const list = suggested.getByTestId('board-column-cards');
    const box = await list.evaluate((el) => ({ scrolls: el.scrollHeight > el.clientHeight + 100 }));
    expect(box.scrolls).toBe(true);
    const column0 = await suggested.boundingBox();
    expect(column0!.height).toBeLessThanOrEqual(viewport.height);
    // The last card is reached by scrolling the column.
    const last = suggested.getByTestId('board-card').nth(49);
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
  });
});

it('The board marks each suggested and shortlisted candidate seen once, however often it draws as its columns arrive', async () => {
  await e2e.db.knex('project_candidates').where('project_id', project.id).update({ seen_at: null });
  const page = await e2e.signIn('owner@acme.example.com', { width: 1440, height: 900 }, null);
  const marked: string[] = [];
  page.on('request', (req) => {
    if (!req.url().endsWith('/api/v1/projects/candidate/seen')) return;
    const body = req.postDataJSON() as { candidates: string[]; tab: number };
    marked.push(...body.candidates.map((id) => `${body.tab} ${id}`));
  });
  await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
  // The board is drawn once the project's alert state has answered: its columns first, then none of them loading.
  await page.getByTestId('board-column').first().waitFor();
  await expect.poll(() => page.locator('[data-testid="board-column"][data-loading]').count()).toBe(0);
  const shortlisted = await e2e.db
    .knex('project_candidates')
    .where({ project_id: project.id, stage: 2 })
    .pluck('candidate_id');
  // The marks go out once the columns' answers have been drawn, which a busy machine can hold back past the network's
  // first quiet moment (networkidle fires once per load): the marks themselves are waited for, then repeats counted.
  await expect
    .poll(() => marked.filter((m) => m.startsWith('2 ')).sort())
    .toEqual(shortlisted.map((id) => `2 Candidate:${id}`).sort());
  await expect.poll(() => marked.filter((m) => m.startsWith('0 ')).length).toBeGreaterThanOrEqual(50);
  await page.waitForLoadState('networkidle');
  expect(marked.length - new Set(marked).size).toBe(0);
});
