/**
 * The board's keyboard shortcut: Shift+Right arrow on a focused card moves the candidate to the next stage by the same
 * rules and route as a drag (the interview's schedule prompt included), says so to screen readers and keeps the focus
 * on the card; Shift+Left arrow asks for a move the rules refuse and says why. The card describes the shortcut, and
 * its menu shows it beside the next stage's item.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
let e2e: E2E;
let project: { id: number; guid: string };
let person: { id: number; guid: string; name: string };

beforeAll(async () => {
  e2e = await startE2E();
  [person] = (await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .offset(10)
    .limit(1)
    .select('id', 'guid', e2e.db.knex.raw(`first_name || ' ' || last_name as name`))) as (typeof person)[];
  project = await boardProject(e2e, OWNER, { title: 'Shortcut board: Site engineer' }, [person], 1);
});

const card = (page: Page, stage: number) =>
  page.locator(`[data-testid="board-column"][data-stage="${stage}"] [data-guid="${person.guid}"]`);
const stageOf = async () =>
  (
    (await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: person.id })
      .first('stage')) as { stage: number }
  ).stage;
/** Whether the keyboard is on the candidate's card handle, in the column of `stage`. */
const handleFocused = (page: Page, stage: number) =>
  page.evaluate(
    ([guid, s]) => {
      const el = document.activeElement;
      const at = el?.closest('[data-testid="board-card"]');
      return (
        el?.getAttribute('data-testid') === 'board-card-handle' &&
        at?.getAttribute('data-guid') === guid &&
        at.closest('[data-testid="board-column"]')?.getAttribute('data-stage') === String(s)
      );
    },
    [person.guid, stage] as const,
  );

describe('The board’s move shortcut', () => {
  it('moves a focused card to the next stage, says so, keeps the focus on it, and refuses what the rules refuse', async () => {
    const page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, `/project/${project.guid}?view=board`);
    const handle = card(page, 1).getByTestId('board-card-handle');
    await handle.waitFor();
    await expect.poll(() => page.locator('[data-testid="board-column"][data-loading]').count()).toBe(0);
    // The shortcut is named on the card and in its description.
    expect(await handle.getAttribute('aria-keyshortcuts')).toContain('Shift+ArrowRight');
    const described = await handle.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(described).toContain('Shift and the Right arrow key');

    await handle.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await card(page, 2).waitFor();
    await expect.poll(stageOf).toBe(2);
    await expect.poll(() => page.getByTestId('board-status').innerText()).toBe(`${person.name} moved to Shortlist.`);
    await expect.poll(() => handleFocused(page, 2)).toBe(true);

    // Back a stage is not a move the rules allow: refused, with the reason.
    await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(() => page.getByTestId('board-status').innerText())
      .toContain(`${person.name} stays in Shortlist: Candidates move one stage at a time`);
    expect(await stageOf()).toBe(2);
    expect(await handleFocused(page, 2)).toBe(true);

    // To Interviewed the interview is scheduled first, as after a drag; cancelled, nothing moves.
    await page.keyboard.press('Shift+ArrowRight');
    const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await stageOf()).toBe(2);
    await expect.poll(() => handleFocused(page, 2)).toBe(true);

    // The menu shows the shortcut beside the next stage's item.
    await card(page, 2).getByTestId('candidate-menu').click();
    const next = page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true });
    expect(await next.getAttribute('aria-keyshortcuts')).toBe('Shift+ArrowRight');
    expect(await next.innerText()).toContain('Shift+→');
    await page.keyboard.press('Escape');
  });
});
