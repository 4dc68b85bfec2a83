/**
 * What a screen reader and a keyboard meet in the states the page audit does not see (it waits for spinners to go and
 * presses nothing): the interview answer page moving focus to what replaced the button pressed (the decline form's
 * heading, the request's title on Back, the outcome's heading after Accept); the candidate's skill chips each with a
 * "Remove <skill>" button that removes it by keyboard; an AI match's requirement chips with labelled remove buttons
 * and no button that does nothing; and a running match's progress bar named (axe run while it shows).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { JD } from '../helpers/aiMatch';
import { apiToken } from '../helpers/apiToken';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, makeProject, requestEmail } from '../helpers/interviews';
import { interviewRequested } from '../helpers/interviewsE2E';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

/** What has the focus: its tag, its text, and whether it is inside the element `within` selects. */
const focused = (page: Page, within: string) =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName, text: el?.innerText.trim(), inside: Boolean(el?.closest(sel)) };
  }, within);

const BOX = '[data-testid=interview-request]';

/** The `nth` of two candidates' emailed Accept link, open on a phone at the request. */
async function answerPage(nth: number): Promise<Page> {
  const project = await makeProject(e2e.db.knex, { title: 'Focus Engineer' });
  const candidate = (await activeCandidates(e2e.db.knex, 2, { skip: 40 }))[nth];
  await interviewRequested(e2e, await apiToken(e2e, 'owner@acme.example.com'), project, [candidate]);
  const { email } = await e2e.db.knex('candidates').where('id', candidate).first('email');
  const link = new URL((await requestEmail(e2e.db.knex, email)).approveUrl);
  const page = await e2e.newPage({ width: 390, height: 844 });
  await page.goto(`${e2e.baseUrl}${link.pathname}${link.search}`);
  await page.locator(`${BOX}[data-state=details]`).waitFor();
  return page;
}

/** The AI match page as the admin, the JD's requirements read. */
async function requirementsRead(): Promise<Page> {
  const page = await e2e.signIn('admin@example.com', undefined, '/ai-match', { shared: true });
  await page.getByLabel(t('portal.aiMatchPage.jobDescription')).fill(JD);
  await page.getByRole('button', { name: t('portal.aiMatchPage.read') }).click();
  await page.getByTestId('ai-match-requirements').getByText('English').waitFor();
  return page;
}

describe('Focus and names in the states a press leaves', () => {
  it('moves focus to the outcome heading when Accept is pressed by keyboard', async () => {
    const page = await answerPage(0);
    await page.getByRole('button', { name: t('portal.interviews.answer.approveInterview') }).focus();
    await page.keyboard.press('Enter');
    await page.locator(`${BOX}[data-state=approved]`).waitFor();
    await expect
      .poll(() => focused(page, BOX))
      .toEqual({ tag: 'H2', text: t('portal.interviews.answer.approvedTitle'), inside: true });
    // Focused from script only: no stop for Tab.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('tabindex'))).toBe('-1');
  }, 90_000);

  it("moves focus to the decline form's heading on Decline, and to the request's title on Back", async () => {
    const page = await answerPage(1);
    await page.getByRole('button', { name: t('portal.interviews.answer.reject') }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('reject-form').waitFor();
    await expect
      .poll(() => focused(page, BOX))
      .toEqual({ tag: 'H2', text: t('portal.interviews.answer.rejectTitle'), inside: true });
    await page.getByRole('button', { name: t('portal.interviews.answer.back') }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page, BOX)).toEqual({ tag: 'H1', text: 'Focus Engineer', inside: true });
  }, 90_000);

  it("gives each of the candidate's skill chips a Remove button that removes the skill by keyboard", async () => {
    const page = await e2e.signIn('candidate@example.com', undefined, '/candidate/profile');
    const list = page.getByRole('list', { name: 'Skills', exact: true });
    const chips = list.getByRole('listitem');
    await chips.first().waitFor();
    await expect.poll(() => chips.first().innerText()).not.toBe(t('talent.form.loadingName'));
    const names = (await chips.allInnerTexts()).map((n) => n.trim());
    expect(names.length).toBeGreaterThan(1);
    for (const name of names)
      expect(await list.getByRole('button', { name: `Remove ${name}`, exact: true }).count(), name).toBe(1);
    expect(await list.getByRole('button', { name: /^Remove .*/ }).count()).toBe(names.length);

    // Reached by Tab from the chip's highlight button, and pressed with Enter.
    await chips.first().getByRole('button').first().focus();
    await page.keyboard.press('Tab');
    expect((await focused(page, '[role=list]')).inside).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Remove ${names[0]}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => chips.count()).toBe(names.length - 1);
    expect((await chips.allInnerTexts()).map((n) => n.trim())).not.toContain(names[0]);
    // Focus goes to the next chip's remove button, not to the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Remove ${names[1]}`);
  }, 60_000);

  it("labels the requirement chips' remove buttons and makes no button of a chip that does nothing", async () => {
    const page = await requirementsRead();
    const chips = page.getByTestId('ai-match-requirements');
    const count = await chips.locator('.MuiChip-root').count();
    expect(await chips.getByRole('button', { name: /^Remove / }).count()).toBe(count);
    expect(await chips.getByRole('button', { name: 'English', exact: true }).count()).toBe(0);
    // A skill's label is a button that switches it by keyboard.
    const java = chips.getByRole('button', { name: /^Java/ });
    const before = await java.innerText();
    await java.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => java.innerText()).not.toBe(before);
    const found = await axeViolations(page, 'requirements');
    expect(found.filter((f) => f.rule === 'nested-interactive' || f.rule === 'button-name')).toEqual([]);
  }, 90_000);

  it("names a running match's progress bar (axe run while it shows)", async () => {
    const page = await requirementsRead();
    // No worker takes the job here: the run stays queued, its progress bar on the screen while axe runs.
    await page.getByRole('button', { name: t('portal.aiMatchPage.start') }).click();
    await page.getByRole('progressbar').first().waitFor();
    const found = await axeViolations(page, 'a running AI match');
    expect(await page.getByRole('progressbar').count()).toBeGreaterThan(0);
    expect(found.filter((f) => f.rule === 'aria-progressbar-name')).toEqual([]);
    expect(await page.getByRole('progressbar', { name: t('portal.aiMatchPage.progress') }).count()).toBe(1);
  }, 90_000);
});
