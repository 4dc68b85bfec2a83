/**
 * The portal's long forms keep what was typed and not saved, in a real browser against the real server, on a laptop
 * and on a touch phone: the account form, a project's settings, the new-project modal and the candidate's profile,
 * typed into and reloaded, show the typed values again with "Unsaved changes restored" and Discard (the profile's
 * notice word for word the account form's), fitting the screen. The drafts are the
 * person's and the record's own: another person signed in on the same browser tab sees the forms as stored (and the
 * first person's drafts are gone), another project's settings show nothing of them, and saving or signing out forgets
 * them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';
const CANDIDATE = 'candidate@example.com';
const RESTORED = 'Unsaved changes restored';
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

/** A tab signed in as `email` on `at`: a touch phone's (isMobile, hasTouch), or a laptop's with a mouse. */
async function open(email: string, at: string, phone: boolean): Promise<Page> {
  const context = await e2e.browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } },
  );
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await signAs(page, email);
  await page.goto(`${e2e.baseUrl}${at}`);
  return page;
}

/** The tab's session becomes `email`'s (the last one's ended), as when someone else signs in on the same browser. */
async function signAs(page: Page, email: string): Promise<void> {
  const signed = await e2e.signIn(email, undefined, null, { shared: true });
  await page.context().clearCookies();
  await page.context().addCookies(await signed.context().cookies());
}

/** What the tab keeps of unsaved forms, as one text. */
const kept = (page: Page) =>
  page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.includes('draft') || key.includes('Draft'))
      .map((key) => `${key} ${sessionStorage.getItem(key)}`)
      .join('\n'),
  );

/** The restored notice shows whole, its Discard a usable tap target, and nothing overflows the screen sideways. */
async function noticeFits(page: Page, phone: boolean) {
  const notice = page.getByTestId('draft-restored');
  await notice.getByText(RESTORED).waitFor();
  const discard = notice.getByRole('button', { name: 'Discard' });
  const box = (await discard.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  if (phone) expect(box.height).toBeGreaterThanOrEqual(40);
  expect(await notice.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const noNotice = async (page: Page) => {
  await page.waitForTimeout(300);
  expect(await page.getByText(RESTORED).count()).toBe(0);
};

async function openSettings(page: Page, title: string) {
  await row(page, title).getByTestId('project-actions').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByTestId('project-settings');
  await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).not.toBe('');
  return settings;
}

describe.each([
  { size: '1440×900', phone: false },
  { size: '390×844 touch', phone: true },
])('Unsaved form drafts at $size', ({ phone }) => {
  const tag = `${run} ${phone ? 'phone' : 'laptop'}`;

  it('the account form gives typed values back after a reload, and not to the next person on the browser', async () => {
    const page = await open(OWNER, '/account', phone);
    const jobTitle = page.getByRole('textbox', { name: /^Job title/ });
    const stored = await jobTitle.inputValue();
    const typed = `Head of drafts ${tag}`;
    await jobTitle.fill(typed);
    await page.reload();
    await noticeFits(page, phone);
    await expect.poll(() => jobTitle.inputValue()).toBe(typed);

    // Discard puts the stored value back and forgets the draft.
    await page.getByTestId('draft-restored').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => jobTitle.inputValue()).toBe(stored);
    await page.reload();
    await expect.poll(() => jobTitle.inputValue()).toBe(stored);
    await noNotice(page);

    // Typed again; the session ends and a colleague signs in on the same tab.
    await jobTitle.fill(typed);
    await page.reload();
    await page.getByText(RESTORED).waitFor();
    await signAs(page, MEMBER);
    await page.goto(`${e2e.baseUrl}/account`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(MEMBER);
    expect(await jobTitle.inputValue()).not.toBe(typed);
    await noNotice(page);
    expect(await kept(page)).not.toContain(typed);

    // The owner signing in again finds the form as stored: the colleague's sign-in dropped the owner's draft.
    await signAs(page, OWNER);
    await page.goto(`${e2e.baseUrl}/account`);
    await expect.poll(() => jobTitle.inputValue()).toBe(stored);
    await noNotice(page);
  });

  it("the candidate's profile gives typed edits back with the account form's notice, word for word", async () => {
    const account = await open(OWNER, '/account', phone);
    const jobTitle = account.getByRole('textbox', { name: /^Job title/ });
    await expect.poll(() => jobTitle.inputValue()).not.toBe('');
    await jobTitle.fill(`Notice words ${tag}`);
    await account.reload();
    const accountNotice = account.getByTestId('draft-restored');
    await accountNotice.getByText(RESTORED).waitFor();
    const words = await accountNotice.innerText();
    await accountNotice.getByRole('button', { name: 'Discard' }).click();

    const page = await open(CANDIDATE, '/candidate/profile', phone);
    // The profile asks before a page with unsaved edits is left; the reload goes ahead.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByText('All changes saved').waitFor();
    const summary = page.getByRole('textbox', { name: 'Summary' });
    const stored = await summary.inputValue();
    const typed = `Kept through a reload ${tag}`;
    await summary.fill(typed);
    await page.reload();
    const notice = page.getByTestId('draft-restored');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(words);
    await expect.poll(() => summary.inputValue()).toBe(typed);
    await noticeFits(page, phone);

    // Discard puts the stored profile back and forgets the draft; nothing was saved.
    await notice.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => summary.inputValue()).toBe(stored);
    expect(await kept(page)).not.toContain(typed);
  });

  it("a project's settings give typed values back after a reload, for that project only", async () => {
    const page = await open(OWNER, '/projects', phone);
    const [a, b] = [`Draft A ${tag}`, `Draft B ${tag}`];
    await createProject(page, world, a);
    await createProject(page, world, b);
    await page.reload();

    let settings = await openSettings(page, a);
    await settings.getByRole('textbox', { name: /^To/ }).fill('9500');
    await settings.getByRole('textbox', { name: /^Job description text/ }).fill(`Runs the drafts team ${tag}`);
    await page.reload();
    settings = await openSettings(page, a);
    await noticeFits(page, phone);
    expect(await settings.getByRole('textbox', { name: /^To/ }).inputValue()).toBe('9500');
    expect(await settings.getByRole('textbox', { name: /^Job description text/ }).inputValue()).toBe(
      `Runs the drafts team ${tag}`,
    );

    // Another project's settings show nothing of it.
    await page.reload();
    settings = await openSettings(page, b);
    expect(await settings.getByRole('textbox', { name: /^To/ }).inputValue()).toBe('8000');
    await noNotice(page);
  });

  it("a project's settings forget the draft once saved", async () => {
    const page = await open(OWNER, '/projects', phone);
    const a = `Saved draft ${tag}`;
    const { guid } = await createProject(page, world, a);
    await page.reload();
    let settings = await openSettings(page, a);
    await settings.getByRole('textbox', { name: /^To/ }).fill('9500');
    await settings.getByRole('textbox', { name: /^Job description text/ }).fill(`Runs the drafts team ${tag}`);
    await page.reload();
    settings = await openSettings(page, a);
    await page.getByText(RESTORED).waitFor();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    expect(Number((await e2e.db.knex('projects').where('guid', guid).first('salary_max')).salary_max)).toBe(9500);
    await page.reload();
    settings = await openSettings(page, a);
    expect(await settings.getByRole('textbox', { name: /^To/ }).inputValue()).toBe('9500');
    await noNotice(page);
    expect(await kept(page)).not.toContain('drafts team');
  });

  it('the new-project modal gives typed values back after a reload, and not to the next person', async () => {
    const page = await open(OWNER, '/projects?add_project=true', phone);
    const dialog = page.getByTestId('add-project-dialog');
    const name = dialog.getByRole('textbox', { name: /^Project name/ });
    const typed = `New draft ${tag}`;
    await name.fill(typed);
    await dialog.getByRole('textbox', { name: /^Job description text/ }).fill(`Draft description ${tag}`);
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe(typed);
    await noticeFits(page, phone);
    expect(await dialog.getByRole('textbox', { name: /^Job description text/ }).inputValue()).toBe(
      `Draft description ${tag}`,
    );
    if (phone) expect(await dialog.evaluate((d) => d.scrollWidth <= window.innerWidth)).toBe(true);

    await signAs(page, MEMBER);
    await page.goto(`${e2e.baseUrl}/projects?add_project=true`);
    await name.waitFor();
    await noNotice(page);
    expect(await name.inputValue()).toBe('');
    expect(await kept(page)).not.toContain(typed);
  });
});

describe('Unsaved form drafts and signing out', () => {
  it('signing out forgets every draft in the tab', async () => {
    const page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, '/account');
    const jobTitle = page.getByRole('textbox', { name: /^Job title/ });
    const stored = await jobTitle.inputValue();
    const typed = `Signed out ${run}`;
    await jobTitle.fill(typed);
    await expect.poll(() => kept(page)).toContain(typed);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    expect(await kept(page)).toBe('');

    await signAs(page, OWNER);
    await page.goto(`${e2e.baseUrl}/account`);
    await expect.poll(() => jobTitle.inputValue()).toBe(stored);
    await noNotice(page);
  });
});
