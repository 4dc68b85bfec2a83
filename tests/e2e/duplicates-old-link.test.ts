/**
 * A company's old link to a profile since merged into another, on a laptop and on a touch phone: the project page's
 * panel opens the profile it was merged into, anonymous as the board shows it, with its notes and their form, and the
 * address names it; where that profile is not the company's to see, the panel says it is no longer available and
 * offers no note.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mergeCandidates } from '../../backend/features/duplicates';
import { STAGES } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let e2e: E2E;
let project: TestProject;
let pairs: { survivor: number; merged: number; name: string[] }[];
const TITLE = 'Old links: Counsellor';
const SIZES = [
  ['laptop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  project = await makeProject(knex, { title: TITLE });
  const ids = await activeCandidates(knex, 8, { skip: 60 });
  pairs = [];
  for (let i = 0; i < 4; i += 1) {
    const [survivor, merged] = [ids[2 * i], ids[2 * i + 1]];
    const person = await knex('candidates').where('id', survivor).first('first_name', 'last_name');
    pairs.push({ survivor, merged, name: [person.first_name, person.last_name] });
  }
  // Pairs 0 and 1: the merged profile was on the board, the anonymous survivor now is. Pairs 2 and 3: neither was.
  await addToProject(
    knex,
    project,
    pairs.slice(0, 2).map((p) => p.merged),
    STAGES.shortlist,
  );
  for (const p of pairs) {
    await knex('candidates').where('id', p.survivor).update({ anonymous: true });
    await mergeCandidates(knex, { survivorId: p.survivor, mergedId: p.merged, keep: { anonymous: 'survivor' } });
  }
});

/** The owner's project page with the panel the old link opens, in a context of the size asked. */
async function ownerAt(size: (typeof SIZES)[number][1], candidate: number): Promise<Page> {
  const signed = await e2e.signIn('owner@acme.example.com', undefined, null, { shared: true });
  const context: BrowserContext = await e2e.browser.newContext({ ...size });
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/project/${project.guid}?candidate=Candidate:${candidate}`);
  // The project's heading is there; the panel the link opens may already cover it (a modal drawer hides the page from
  // the accessibility tree), so it is looked for hidden or not.
  await page.getByRole('heading', { name: TITLE, includeHidden: true }).waitFor({ state: 'attached' });
  return page;
}

const staysOnScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("A company's old link to a merged profile", () => {
  it.each(SIZES)('opens the profile it was merged into, anonymous, with its notes (%s)', async (name, size) => {
    const pair = pairs[name === 'laptop' ? 0 : 1];
    const page = await ownerAt(size, pair.merged);
    const panel = page.getByTestId('profile-panel');
    await panel.getByTestId('note-input').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('candidate')).toBe(`Candidate:${pair.survivor}`);
    await panel.getByRole('heading', { name: 'Anonymous candidate' }).waitFor();
    const text = await panel.innerText();
    for (const part of pair.name) expect(text).not.toContain(part);
    expect(text).not.toContain('could not be');
    expect(await staysOnScreen(page)).toBe(true);
  });

  it.each(SIZES)('says it is no longer available where the company does not see it (%s)', async (name, size) => {
    const pair = pairs[name === 'laptop' ? 2 : 3];
    const page = await ownerAt(size, pair.merged);
    const panel = page.getByTestId('profile-panel');
    await panel.getByText('This profile is no longer available.').waitFor();
    await expect(panel.getByTestId('note-input').count()).resolves.toBe(0);
    await expect(panel.getByRole('button', { name: /note/i }).count()).resolves.toBe(0);
    const text = await panel.innerText();
    expect(text).not.toContain('could not be');
    for (const part of pair.name) expect(text).not.toContain(part);
    expect(await staysOnScreen(page)).toBe(true);
  });
});
