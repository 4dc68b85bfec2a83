/**
 * Where the keyboard goes when a control it was on goes away or a submit is refused (WCAG 2.4.3 focus order, 3.3.1
 * error identification): a project refused for an interview slot whose end comes before its start puts the focus on
 * that slot, described by the error; the support chat's message box takes the focus when the chat opens and gives it
 * back to the chat button when it closes; a card moved from its menu on the board keeps the focus in its new column.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedConversation } from '../helpers/chat';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, pick, projectsWorld, type ProjectsWorld } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';
let e2e: E2E;
let world: ProjectsWorld;

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

/** The focused element: its tag, name attribute, accessible label, the text of what describes it, and its card. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', label: '', description: '', card: '', testId: '' };
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return {
      tag: el.tagName,
      name: el.getAttribute('name') ?? '',
      label: el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
      description: ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      card: el.closest<HTMLElement>('[data-testid="board-card"]')?.dataset.id ?? '',
      testId: el.getAttribute('data-testid') ?? '',
    };
  });

describe('Focus where the person is', () => {
  it('A project refused for a slot ending before it starts focuses that slot, described by the error', async () => {
    const page = await e2e.signIn(OWNER, undefined, '/projects');
    await page.getByTestId('add-project').click();
    const dialog = page.getByTestId('add-project-dialog');
    await dialog.getByRole('heading', { name: 'New project' }).waitFor();
    await dialog.getByLabel(/^Project name/).fill(`Slot focus ${Date.now().toString(36)}`);
    await pick(page, /^Job title/, world.jobTitle.name.slice(0, 6), world.jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', world.singapore.name);
    await dialog.getByLabel(/^From/).first().fill('5000');
    await dialog.getByLabel(/^To/).first().fill('8000');
    await dialog.getByLabel(/^Job description text/).fill('Build and run our hiring platform.');
    await dialog.getByRole('button', { name: 'Add a date and time' }).click();
    const date = dialog.getByRole('textbox', { name: /^Date/ });
    await date.fill(`${new Date().getFullYear() + 1}-04-07`);
    await date.press('Tab');
    const times = dialog.locator('input[type="time"]');
    await times.nth(0).fill('11:00');
    await times.nth(1).fill('10:00');

    await page.getByTestId('create-project').focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('The end time must be after the start time').waitFor();
    await expect.poll(() => focused(page).then((f) => f.name)).toMatch(/^dateTimeSlots\.0(\.endTime)?$/);
    const now = await focused(page);
    expect(now.label).toMatch(/slot 1/i);
    expect(now.description).toContain('The end time must be after the start time');
    expect(await dialog.getByRole('button', { name: 'Remove slot 1' }).count()).toBe(1);
    // No project was made.
    expect(await e2e.db.knex('projects').where('title', 'like', 'Slot focus %').first('id')).toBeUndefined();
  });

  it('The support chat takes the focus into its message box on open and gives it back to its button on close', async () => {
    const project = await boardProject(e2e, OWNER, { title: 'Chat focus project' }, [], 0);
    const owner = await e2e.db.knex('company_users').where('email', OWNER).first('id');
    await seedConversation(e2e.db.knex, { ...project, ownerId: owner.id as number }, ['Hello from your advocate.']);
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}`);
    const button = page.getByRole('button', { name: /^Support chat/ });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Chat focus project/ }).waitFor();
    await expect.poll(() => focused(page).then((f) => f.label)).toBe('Write a message');

    await page.getByRole('button', { name: 'Close the chat' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testId)).toBe('support-chat');
  });

  it("A card moved from its menu on the board keeps the focus, on the card's own actions in its new column", async () => {
    const candidates = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .limit(2)
      .select('id', 'guid');
    expect(candidates.length, 'two named demo candidates').toBe(2);
    const project = await boardProject(e2e, MEMBER, { title: 'Board focus project' }, candidates, 0);
    const page = await e2e.signIn(MEMBER, undefined, `/project/${project.guid}?view=board`);
    const menus = page.locator('[data-testid="board-card"] [data-testid="candidate-menu"]');
    await expect.poll(() => menus.count()).toBe(2);
    const card = page.locator('[data-testid="board-card"]').first();
    const moved = (await card.getAttribute('data-id')) as string;

    await card.getByTestId('candidate-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const item = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    // The next stage's item also shows its shortcut (Shift+→) beside its name.
    const isLonglist = async () => (await item())?.startsWith('Move to Longlist') ?? false;
    for (let i = 0; i < 12 && !(await isLonglist()); i++) await page.keyboard.press('ArrowDown');
    expect(await item()).toMatch(/^Move to Longlist/);
    await page.keyboard.press('Enter');

    const longlist = page.locator(`[data-testid="board-column"][data-stage="1"] [data-id="${moved}"]`);
    await longlist.waitFor();
    await expect.poll(() => focused(page).then((f) => f.card)).toBe(moved);
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', testId: 'candidate-menu' });
    await expect.poll(() => longlist.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});
