/**
 * The console worked by keyboard alone, once signed in (WCAG 2.1.1 keyboard, 2.4.3 focus order):
 * - a list's row opens from the link of its primary cell: Tab reaches it, Enter opens the record (a tag's edit panel,
 *   a company's edit page, a talent's page);
 * - the bulk actions toolbar, collapsed while nothing is selected, is no Tab stop; after a bulk deletion the focus is
 *   on something visible in the list, not on the toolbar's now hidden Delete;
 * - the tag icon picker is one radio group (one Tab stop, the arrows choose) and its required error reads in words;
 * - opening the tag panel with Create puts the focus on its first field;
 * - the search box's "Clear value" leaves the focus in the search box.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TAG_ICONS } from '../../schema/rules/tagIcons';
import { startE2E, type E2E } from '../helpers/e2e';

const ADMIN = 'admin@example.com';
const DESKTOP = { width: 1440, height: 900 };
// Codes asked for per address are limited (RATE_LIMIT_PER_EMAIL, 5 a window): tests that keep no filter share one
// signed-in context, the others sign in on their own.
/** More Tab presses than any console page has stops before its list's rows. */
const MAX_TABS = 150;

let e2e: E2E;
const stamp = Date.now().toString(36);
/** Tags of one test: `Kbd <stamp> <group><n>`. */
const tagName = (group: string, n: number) => `Kbd ${stamp} ${group}${n}`;

beforeAll(async () => {
  e2e = await startE2E();
});

interface Focused {
  tag: string;
  role: string;
  name: string;
  text: string;
  placeholder: string;
  value: string;
  visible: boolean;
  inRow: boolean;
  inBulkToolbar: boolean;
  inList: boolean;
  inRadioGroup: boolean;
  inPanel: boolean;
}

/** What has the focus: the page's body reads as tag BODY. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = (document.activeElement ?? document.body) as HTMLElement;
    const rect = el.getBoundingClientRect();
    return {
      tag: el.tagName,
      role: el.getAttribute('role') ?? '',
      name: el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
      text: (el.textContent ?? '').trim(),
      placeholder: el.getAttribute('placeholder') ?? '',
      value: (el as HTMLInputElement).value ?? '',
      visible: el !== document.body && el.checkVisibility({ visibilityProperty: true }) && rect.height > 0,
      inRow: !!el.closest('tbody tr'),
      inBulkToolbar: !!el.closest('.RaBulkActionsToolbar-toolbar'),
      inList: !!el.closest('.RaList-main'),
      inRadioGroup: !!el.closest('[role="radiogroup"]'),
      inPanel: !!el.closest('aside'),
    };
  });

/** Presses Tab (Shift+Tab when `back`) until `wanted` holds of the focused element; every stop passed is returned. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, back = false): Promise<Focused[]> {
  const passed: Focused[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    passed.push(now);
    if (wanted(now)) return passed;
  }
  throw new Error(
    `no such stop in ${MAX_TABS} presses of Tab; passed: ${passed.map((f) => `${f.tag}:${f.name || f.text}`).join(', ')}`,
  );
}

async function insertTags(group: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: tagName(group, i),
    description: 'Made by the keyboard test',
    identifier: `kbd${stamp}${group}${i}`,
    icon: TAG_ICONS[0],
    status: 1,
  }));
  const inserted: { id: number }[] = await e2e.db.knex('tags').insert(rows).returning('id');
  return inserted.map((r) => String(r.id));
}

const listOf = (resource: string, q: string) =>
  `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

describe('The console by keyboard alone', () => {
  it("A list's row opens from its primary cell's link: Tab reaches it, Enter opens the record", async () => {
    const [id] = await insertTags('a', 1);
    const page = await e2e.signIn(ADMIN, DESKTOP, listOf('tags', tagName('a', 0)));
    await page.getByText(tagName('a', 0)).first().waitFor();
    await tabTo(page, (f) => f.inRow && f.tag === 'A' && f.text === tagName('a', 0));
    await page.keyboard.press('Enter');
    // A tag opens in the edit panel beside its list.
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/admin/tags/Tags:${id}`);
    await page.getByRole('complementary', { name: 'Edit tag' }).waitFor();

    // A list of its own pages: a company opens on its edit page.
    const company = await e2e.db.knex('companies').orderBy('id').first('id', 'company_name');
    await page.goto(`${e2e.baseUrl}${listOf('companies', company.company_name)}`, { waitUntil: 'domcontentloaded' });
    await page.getByText(company.company_name).first().waitFor();
    await tabTo(page, (f) => f.inRow && f.tag === 'A' && f.text === company.company_name);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/admin/companies/Company:${company.id}`);
  });

  it("The talent list's name opens the talent, with no hidden bulk button on the way", async () => {
    const { id, email } = await e2e.db.knex('candidates').whereNotNull('email').orderBy('id').first('id', 'email');
    const page = await e2e.signIn(ADMIN, DESKTOP, listOf('talent', email));
    await page.getByRole('row').filter({ hasText: email }).waitFor();
    const passed = await tabTo(page, (f) => f.inRow && f.tag === 'A');
    expect(passed.filter((f) => f.inBulkToolbar || !f.visible).map((f) => f.name || f.text)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/admin/talent/Candidate:${id}`);
  });

  it('The collapsed bulk toolbar is no Tab stop; after a bulk deletion the focus is on the list', async () => {
    await insertTags('b', 2);
    const page = await e2e.signIn(ADMIN, DESKTOP, listOf('tags', `Kbd ${stamp} b`));
    await page.getByText(tagName('b', 1)).first().waitFor();
    const passed = await tabTo(page, (f) => f.inRow && f.tag === 'INPUT');
    expect(passed.filter((f) => f.inBulkToolbar || !f.visible).map((f) => f.name || f.text)).toEqual([]);

    // Select the row, then back to the toolbar's Delete.
    await page.keyboard.press('Space');
    await page.getByText('1 item selected').waitFor();
    await tabTo(page, (f) => f.inBulkToolbar && f.text === 'Delete', true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toMatch(/Delete 1 selected/);
    await tabTo(page, (f) => f.text === 'Confirm');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () =>
        Number((await e2e.db.knex('tags').where('name', 'like', `Kbd ${stamp} b%`).count({ n: '*' }))[0].n),
      )
      .toBe(1);
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const f = await focused(page);
        return f.visible && f.inList && !f.inBulkToolbar;
      })
      .toBe(true);
  });

  it('The tag icon picker is one Tab stop whose arrows choose; its required error reads in words', async () => {
    const page = await e2e.signIn(ADMIN, DESKTOP, '/admin/tags/create', { shared: true });
    const panel = page.getByRole('complementary', { name: 'Add tag' });
    await panel.getByLabel(/^Name/).waitFor();
    await tabTo(page, (f) => f.inPanel && f.tag === 'INPUT' && /^Name/.test(f.name));
    await page.keyboard.type(`Kbd ${stamp} icon`);
    // Submitted from the name with Enter: the icon is still to choose.
    await page.keyboard.press('Enter');
    const icons = panel.getByTestId('icon-input-icon');
    await expect.poll(() => icons.innerText()).toMatch(/This field is required/);
    await expect(icons.innerText()).resolves.not.toMatch(/@@/);

    await tabTo(page, (f) => f.role === 'radio');
    await expect(focused(page)).resolves.toMatchObject({ inRadioGroup: true });
    const radios = panel.getByRole('radio');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => radios.nth(1).getAttribute('aria-checked')).toBe('true');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).resolves.toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => radios.nth(0).getAttribute('aria-checked')).toBe('true');
    // One Tab leaves the group.
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ inRadioGroup: false });
    // The form is left unsaved: its page would hold the next test's navigation at "leave this page?".
    await page.close({ runBeforeUnload: false });
  });

  it('Create opens the tag panel with the focus on its first field', async () => {
    const page = await e2e.signIn(ADMIN, DESKTOP, '/admin/tags', { shared: true });
    await tabTo(page, (f) => f.tag === 'A' && f.text === 'Create');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/tags\/create$/);
    await page.getByRole('complementary', { name: 'Add tag' }).waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Name/);
    await expect(focused(page)).resolves.toMatchObject({ inPanel: true, tag: 'INPUT' });
  });

  it("The search box's Clear value keeps the focus in the search box", async () => {
    // The one signed-in context of the file: the filter typed is cleared again, so the list keeps none.
    const page = await e2e.signIn(ADMIN, DESKTOP, '/admin/companies', { shared: true });
    await tabTo(page, (f) => f.tag === 'INPUT' && f.placeholder === 'Search');
    await page.keyboard.type('zz');
    await tabTo(page, (f) => f.name === 'Clear value');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).placeholder).toBe('Search');
    await expect(focused(page)).resolves.toMatchObject({ tag: 'INPUT', value: '' });
  });
});
