/**
 * A card moved on the board is drawn at once where the server will list it (the column's order is the server's: the
 * last move first), even when the mover's clock is behind the server's, and a teammate watching the board live sees
 * the column in the same order.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const MEMBER = 'member@acme.example.com';
const OWNER = 'owner@acme.example.com';
let e2e: E2E;
let project: { id: number; guid: string };
let mover: { id: number; guid: string };
let shortlisted: { id: number; guid: string }[];

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const found = (await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .limit(4)
    .select('id', 'guid')) as { id: number; guid: string }[];
  [mover, ...shortlisted] = found;
  project = await boardProject(e2e, MEMBER, { title: 'Move order board: Platform engineer' }, [mover], 1, true, {
    last_recruitment_updated_at: new Date(Date.now() - 3600_000),
  });
  const owner = await knex('company_users').where('email', MEMBER).first('company_id');
  // Moved into the shortlist a minute or three ago: newer than the mover's clock says it is now.
  await knex('project_candidates').insert(
    shortlisted.map((c, i) => ({
      project_id: project.id,
      candidate_id: c.id,
      company_id: owner.company_id,
      stage: 2,
      curated: true,
      last_recruitment_updated_at: new Date(Date.now() - (i + 1) * 60_000),
    })),
  );
});

const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const order = (page: Page, stage: number) =>
  column(page, stage)
    .getByTestId('board-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-guid')));

describe('A card moved on the board', () => {
  it('is drawn first in its new column at once, as the server lists it and a teammate watching sees it', async () => {
    const page = await e2e.signIn(MEMBER, { width: 1440, height: 900 }, null);
    // The mover's clock is ten minutes behind the server's.
    await page.clock.setSystemTime(new Date(Date.now() - 10 * 60_000));
    await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
    const watcher = await e2e.signIn(OWNER, { width: 1440, height: 900 }, `/project/${project.guid}?view=board`);
    const before = shortlisted.map((c) => c.guid);
    for (const p of [page, watcher]) {
      await column(p, 1).locator(`[data-guid="${mover.guid}"]`).waitFor();
      await expect.poll(() => order(p, 2)).toEqual(before);
    }

    // The server's answer is held back: what is drawn meanwhile is the board's own placing.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/projects/recruitment', async (route) => {
      await held;
      await route.continue();
    });
    await column(page, 1).locator(`[data-guid="${mover.guid}"]`).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Shortlist', exact: true }).click();
    await column(page, 2).locator(`[data-guid="${mover.guid}"]`).waitFor();
    expect(await order(page, 2), 'drawn where the server will list it').toEqual([mover.guid, ...before]);
    release();

    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .knex('project_candidates')
              .where({ project_id: project.id, candidate_id: mover.id })
              .first('stage')
          ).stage,
      )
      .toBe(2);
    // The teammate's board, told live, and the mover's, once reloaded after the move, list the column alike.
    await expect.poll(() => order(watcher, 2)).toEqual([mover.guid, ...before]);
    await expect.poll(() => order(page, 2)).toEqual([mover.guid, ...before]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
