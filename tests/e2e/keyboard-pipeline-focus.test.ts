/**
 * The pipeline list by keyboard: a candidate moved or hidden (through the hide confirmation) with its actions menu
 * leaves the tab, and the keyboard focus goes to the next candidate's actions button (the previous one's after the last row, the open tab once the list
 * is empty) instead of falling to the page's body.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const MEMBER = 'member@acme.example.com';
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The focused element's accessible name (its aria-label, else its text), or BODY when nothing holds the focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'BODY';
    return (el.getAttribute('aria-label') ?? el.innerText).trim();
  });

/** The list's actions buttons' names, top to bottom. */
const actionNames = (page: Page) =>
  page
    .locator('[data-testid="pipeline-row"] [data-testid="candidate-menu"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));

/** Opens the actions menu of the button named `name` with Enter, walks down to `item` with the arrows, and picks it. */
async function pickByKeyboard(page: Page, name: string, item: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  for (let i = 0; i < 12 && (await focused(page)) !== item; i++) await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toBe(item);
  await page.keyboard.press('Enter');
}

describe('Pipeline list focus after a move', () => {
  it('Moving or hiding a candidate by keyboard puts the focus on the next, then the previous candidate, then the tab', async () => {
    const candidates = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .limit(3)
      .select('id', 'guid');
    expect(candidates.length, 'three named demo candidates').toBe(3);
    const project = await boardProject(e2e, MEMBER, { title: 'Keyboard focus project' }, candidates, 0);
    const page = await e2e.signIn(MEMBER, undefined, `/project/${project.guid}`);
    await expect.poll(() => actionNames(page).then((names) => names.length)).toBe(3);
    const [first, second, third] = await actionNames(page);

    await pickByKeyboard(page, first, 'Move to Longlist');
    await expect.poll(() => actionNames(page)).toEqual([second, third]);
    await expect.poll(() => focused(page)).toBe(second);

    // The last row hidden (after its confirmation): the row above it takes the focus.
    await pickByKeyboard(page, third, 'Hide');
    const confirm = page.getByRole('dialog', { name: 'Hide candidate' }).getByRole('button', { name: 'Hide' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => actionNames(page)).toEqual([second]);
    await expect.poll(() => focused(page)).toBe(second);

    // The only row left moved: the list empties and the open tab takes the focus.
    await pickByKeyboard(page, second, 'Move to Longlist');
    await expect.poll(() => actionNames(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? 'none')).toBe('tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
  });
});
