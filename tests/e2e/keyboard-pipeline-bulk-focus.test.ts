/**
 * A bulk move on the pipeline list by keyboard: the bulk bar leaves with the selection, and the keyboard focus goes
 * to the actions button of the nearest candidate still listed after the first one moved (as after a single move),
 * also when a prompt (the reveal confirmation) came first; once the whole list moved, to the open tab. Never the body.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The rows' candidate guids, top to bottom. */
const rows = (page: Page) =>
  page.locator('[data-testid="pipeline-row"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-guid')));

/** Where the focus is: the guid of the row whose actions button holds it, 'TAB <selected>', 'BODY', or the tag. */
const focusAt = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'BODY';
    if (el.getAttribute('role') === 'tab') return `TAB ${el.getAttribute('aria-selected')}`;
    const row = el.closest('[data-testid="pipeline-row"]');
    if (row && el.getAttribute('data-testid') === 'candidate-menu') return row.getAttribute('data-guid');
    return el.tagName;
  });

/** Ticks each row's checkbox with the Space key. */
async function selectByKeyboard(page: Page, guids: string[]) {
  for (const guid of guids) {
    await page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`).getByRole('checkbox').focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId('bulk-bar').innerText()).resolves.toContain(`${guids.length} selected`);
}

/** Presses the bulk bar's button by keyboard. */
async function pressInBar(page: Page, name: string) {
  await page.getByTestId('bulk-bar').getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

const demo = (anonymous: boolean, limit: number) =>
  e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .where((q) => (anonymous ? q.where('anonymous', true) : q.whereNot('anonymous', true)))
    .orderBy('id')
    .limit(limit)
    .select('id', 'guid');

describe('Pipeline list focus after a bulk move', () => {
  it('A keyboard bulk move puts the focus on the next candidate listed, then on the open tab once the list is empty', async () => {
    const candidates = await demo(false, 4);
    expect(candidates.length, 'four named demo candidates').toBe(4);
    const project = await boardProject(e2e, OWNER, { title: 'Bulk focus project' }, candidates, 0);
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}`);
    await expect.poll(() => rows(page).then((r) => r.length)).toBe(4);
    const [a, b, c, d] = (await rows(page)) as string[];

    await selectByKeyboard(page, [a, b]);
    await pressInBar(page, 'Move to Longlist');
    await expect.poll(() => rows(page)).toEqual([c, d]);
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
    await expect.poll(() => focusAt(page)).toBe(c);

    // Every candidate left moved: the list empties and the open tab takes the focus.
    await selectByKeyboard(page, [c, d]);
    await pressInBar(page, 'Move to Longlist');
    await expect.poll(() => rows(page)).toEqual([]);
    await expect.poll(() => focusAt(page)).toBe('TAB true');
  });

  it('After the reveal confirmation of a bulk move, the focus goes to the candidate listed after the moved ones', async () => {
    const anonymous = await demo(true, 2);
    const named = await demo(false, 1);
    expect(anonymous.length, 'two anonymous demo candidates').toBe(2);
    const project = await boardProject(e2e, OWNER, { title: 'Bulk reveal focus' }, [...anonymous, ...named], 0);
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}`);
    await expect.poll(() => rows(page).then((r) => r.length)).toBe(3);
    const before = (await rows(page)) as string[];
    const moving = anonymous.map((x) => x.guid as string);
    const staying = before.filter((g) => !moving.includes(g));

    await selectByKeyboard(page, moving);
    await pressInBar(page, 'Move to Longlist');
    const confirm = page.getByRole('dialog', { name: 'Reveal 2 candidates?' }).getByRole('button', {
      name: 'Reveal and move',
    });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page)).toEqual(staying);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusAt(page)).toBe(staying[0]);
  });
});
