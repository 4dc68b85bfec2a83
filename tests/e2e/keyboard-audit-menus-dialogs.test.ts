/**
 * Keys alone, on the screens a keyboard audit found wanting: the account menu walks with the arrows from its first
 * link; a section index link moves the focus into its section; a closed project's card opens the profile with Enter
 * or Space; the reject dialog asks before throwing away what was typed; and "Add to another project" leaves the focus
 * where the pressed Add button was.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, projectsWorld, type ProjectsWorld } from '../helpers/projectsE2E';

const MEMBER = 'member@acme.example.com';
const WIDE = { width: 1440, height: 900 };
const run = Date.now().toString(36);
let e2e: E2E;
let world: ProjectsWorld;

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

/** The focused element's role and accessible name (aria-label, else its text), or BODY. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'BODY';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${(el.getAttribute('aria-label') ?? el.innerText).trim()}`;
  });

const namedCandidates = (n: number) =>
  e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id', 'desc')
    .limit(n)
    .select('id', 'guid');

describe('Keyboard audit: menus and dialogs by keys alone', () => {
  it('The account menu opens on its first link and the arrows walk its items', async () => {
    const page = await e2e.signIn(MEMBER, WIDE);
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu
      .getByRole('menuitem')
      .evaluateAll((els) => els.map((el) => `menuitem: ${(el as HTMLElement).innerText.trim()}`));
    expect(items[0]).toBe('menuitem: My profile');
    // The name and email still read as the menu's first line.
    await menu.getByText(MEMBER).waitFor();
    await expect.poll(() => focused(page)).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toBe(items[1]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toBe(items[0]);
  });

  it("A section index link moves the focus to its section's heading, and Tab goes on inside the section", async () => {
    const page = await e2e.signIn('candidate@example.com', WIDE, '/candidate/profile');
    await page.locator('section#skills').waitFor();
    const link = page.getByRole('navigation', { name: 'Sections' }).locator('a[href="#skills"]');
    await link.focus();
    await page.keyboard.press('Enter');
    const where = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.tagName.toLowerCase()} in ${el?.closest('section')?.id ?? 'none'}`;
      });
    await expect.poll(where).toBe('h2 in skills');
    await page.keyboard.press('Tab');
    await expect.poll(where).toMatch(/ in skills$/);
  });

  it("A closed project's card opens the profile with Space or Enter and offers no drag help", async () => {
    const [candidate] = await namedCandidates(1);
    const project = await boardProject(
      e2e,
      MEMBER,
      { title: `Closed board ${run}`, status: PROJECT_STATUS.inactive },
      [candidate],
      1,
    );
    const page = await e2e.signIn(MEMBER, WIDE, `/project/${project.guid}?view=board`);
    const handle = page
      .locator(`[data-testid="board-card"][data-guid="${candidate.guid}"]`)
      .getByTestId('board-card-handle');
    await handle.waitFor();
    const panel = page.getByTestId('profile-panel');

    await handle.focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await panel.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    await page.goBack();
    await panel.waitFor({ state: 'detached' });
    await handle.focus();
    await page.keyboard.press('Enter');
    await panel.waitFor();
    // Not pointed at the "press Space or Enter to pick it up" help, which does not apply.
    await expect(handle.getAttribute('aria-describedby')).resolves.toBeNull();
  });

  it('Escape in the reject dialog asks before throwing away a typed comment', async () => {
    const [candidate] = await namedCandidates(1);
    const project = await boardProject(e2e, MEMBER, { title: `Reject guard ${run}` }, [candidate], 1);
    const page = await e2e.signIn(MEMBER, WIDE, `/project/${project.guid}?tab=1`);
    const row = page.locator(`[data-testid="pipeline-row"][data-guid="${candidate.guid}"]`);
    const reject = page.getByRole('dialog', { name: 'Reject candidate' });
    const discard = page.getByRole('dialog', { name: 'Discard what you entered?' });
    const openReject = async () => {
      await row.getByTestId('candidate-menu').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      for (let i = 0; i < 12 && (await focused(page)) !== 'menuitem: Reject'; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await reject.waitFor();
    };

    // Nothing typed: Escape closes at once.
    await openReject();
    await page.keyboard.press('Escape');
    await reject.waitFor({ state: 'detached' });

    await openReject();
    await reject.getByLabel('Comment (optional)').focus();
    await page.keyboard.type('Needs more Go');
    await page.keyboard.press('Escape');
    await discard.waitFor();
    // Keep editing: the comment is still there.
    await page.keyboard.press('Escape');
    await discard.waitFor({ state: 'detached' });
    await expect(reject.getByLabel('Comment (optional)').inputValue()).resolves.toBe('Needs more Go');

    // Discard: both close and the candidate stays where they were.
    await page.keyboard.press('Escape');
    await discard.waitFor();
    for (let i = 0; i < 4 && (await focused(page)) !== 'button: Discard'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await reject.waitFor({ state: 'detached' });
    const stage = await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidate.id })
      .first('stage');
    expect(stage.stage).toBe(1);
  });

  it('After Add in "Add to another project" the focus stays on that project, and Tab goes on from there', async () => {
    const titles = [`Keyboard add A ${run}`, `Keyboard add B ${run}`];
    for (const title of titles) await boardProject(e2e, MEMBER, { title }, [], 0);
    const page = await e2e.signIn(MEMBER, WIDE, `/search?jt=${world.jobTitle.id}`);
    await page.getByTestId('result-card').first().getByTestId('add-to-project').click();
    const dialog = page.getByTestId('add-to-project-dialog');
    const item = dialog.locator(`[data-project-title="${titles[0]}"]`);
    const add = item.getByRole('button', { name: `Add ${titles[0]}` });
    await add.waitFor();
    await add.focus();
    await page.keyboard.press('Enter');
    await item.getByText('Already in this project').waitFor();
    const inItem = () =>
      page.evaluate(
        () => document.activeElement?.closest('[data-project-title]')?.getAttribute('data-project-title') ?? 'none',
      );
    await expect.poll(inItem).toBe(titles[0]);
    await page.keyboard.press('Tab');
    // The next control after that project's row, not the dialog's first one.
    const after = await item.evaluate((row) => {
      const el = document.activeElement;
      return Boolean(el && el !== document.body && row.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(after).toBe(true);
  });
});
