/**
 * A change to a candidate made elsewhere reaches a teammate's open project page without a reload, on a laptop and on
 * a touch phone: an admin's pause takes the card off the member's open board and out of the tab count; the owner's
 * note appears in the member's open profile panel, whose note being typed stays, and the owner's reject shows there.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let e2e: E2E;
let project: TestProject;
let people: { id: number; guid: string }[];
const TITLE = 'Live candidates: Data engineer';
const SIZES = [
  ['laptop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: TITLE });
  await e2e.db.knex('projects').where('id', project.id).update({ shared_with_company: true });
  const ids = await activeCandidates(e2e.db.knex, 6, { skip: 40 });
  await addToProject(e2e.db.knex, project, ids, 1);
  people = await e2e.db.knex('candidates').whereIn('id', ids).orderBy('id').select('id', 'guid');
});

/** The member's project page in a context of the size asked, signed in through the file's shared session. */
async function memberAt(size: (typeof SIZES)[number][1], path: string): Promise<Page> {
  const signed = await e2e.signIn('member@acme.example.com', undefined, null, { shared: true });
  const context: BrowserContext = await e2e.browser.newContext({ ...size });
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${path}`);
  // An open panel covers the page on a phone, and hides the rest from the accessibility tree.
  if (path.includes('candidate=')) await page.getByTestId('profile-panel').waitFor();
  else await page.getByRole('heading', { name: TITLE }).waitFor();
  // The page is not reloaded: a mark on its window survives.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  return page;
}

/** A request with the session of `page`'s context, as another person's own screen makes it. */
async function call(page: Page, method: 'put' | 'post', path: string, data: unknown): Promise<number> {
  const res = await page.context().request[method](`${e2e.baseUrl}/api/v1${path}`, {
    data,
    headers: { origin: e2e.baseUrl },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status();
}

const cardOf = (page: Page, guid: string) => page.locator(`[data-testid="board-column"] [data-guid="${guid}"]`);
const staysOnScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("A candidate's change reaches an open board", () => {
  it.each(SIZES)("an admin's pause takes the card off the member's open board at once (%s)", async (name, size) => {
    const [gone, stays] = name === 'laptop' ? people.slice(0, 2) : people.slice(2, 4);
    const member = await memberAt(size, `/project/${project.guid}?view=board`);
    await cardOf(member, gone.guid).waitFor();
    await cardOf(member, stays.guid).waitFor();
    const before = Number(await member.getByTestId('count-1').innerText());

    const admin = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
    await call(admin, 'put', `/candidates/Candidate:${gone.id}`, { status: 2 });

    await cardOf(member, gone.guid).waitFor({ state: 'detached', timeout: 4000 });
    await expect.poll(() => member.getByTestId('count-1').innerText()).toBe(String(before - 1));
    await expect(cardOf(member, stays.guid).count()).resolves.toBe(1);
    expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await staysOnScreen(member)).toBe(true);
  });
});

describe("An open candidate panel follows a teammate's note and reject", () => {
  it.each(SIZES)("the owner's note appears, the draft stays, and the reject shows (%s)", async (name, size) => {
    const person = name === 'laptop' ? people[4] : people[5];
    const member = await memberAt(size, `/project/${project.guid}?view=board&candidate=Candidate:${person.id}`);
    const panel = member.getByTestId('profile-panel');
    await panel.getByTestId('note-list').waitFor();
    await panel.getByTestId('note-input').fill('A draft not saved yet');

    const owner = await e2e.signIn('owner@acme.example.com', undefined, null, { shared: true });
    const text = `Called them today (${name})`;
    await call(owner, 'post', '/candidate-note', {
      candidateId: `Candidate:${person.id}`,
      projectId: `Project:${project.id}`,
      note: text,
      visibility: 2,
    });
    await panel.getByTestId('note').filter({ hasText: text }).waitFor({ timeout: 4000 });
    await expect(panel.getByTestId('note-input').inputValue()).resolves.toBe('A draft not saved yet');

    await expect.poll(() => panel.getByTestId('panel-stage').innerText()).toBe('Stage: Longlist');
    await call(owner, 'post', '/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${person.id}`,
      recruitmentStatus: 6,
      rejectFormData: { reason: 'Position filled' },
    });
    await expect.poll(() => panel.getByTestId('panel-stage').innerText(), { timeout: 4000 }).toBe('Stage: Rejected');
    await expect(panel.getByTestId('note-input').inputValue()).resolves.toBe('A draft not saved yet');
    expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await staysOnScreen(member)).toBe(true);
  });
});
