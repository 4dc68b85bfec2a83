/**
 * Page size in a real browser: the portal offers 10/20/50 and defaults to 20 (spec section 9), while the API's own
 * default is 25 (section 5). The search page and a project's list view ask the API for their own page size, so a
 * page holds as many cards as "Showing" and the pager count; a page past the last one offers the pager rather than
 * saying nothing matches.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';
import { candidatePayload, talentIds } from '../helpers/talent';

const OWNER = 'owner@acme.example.com';
/** A word only the 22 candidates written here hold (in their summary). */
const WORD = 'Quillfeatherby';
const MATCHES = 22;

let e2e: E2E;
let project: { guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const ids = await talentIds(knex);
  const admin = await e2e.signIn('admin@example.com', undefined, null);
  const created: { id: number }[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const res = await admin.request.post(`${e2e.baseUrl}/api/v1/candidates`, {
      headers: { origin: e2e.baseUrl },
      data: candidatePayload(ids, {
        firstName: `Pager${String(i + 1).padStart(2, '0')}`,
        lastName: 'Sizetest',
        status: 1,
        summary: `Platform engineer, known as a ${WORD} among colleagues.`,
      }),
    });
    expect(res.status(), await res.text()).toBe(201);
    created.push({ id: Number(String((await res.json()).id).replace(/^\D+:/, '')) });
  }
  project = await boardProject(e2e, OWNER, { title: 'Page size test' }, created, 1, true, { revealed_at: new Date() });
}, 180_000);

/** Waits until the results shown answer the URL's query. */
async function settled(page: Page) {
  const query = new URL(page.url()).search.replace(/^\?/, '');
  await page.locator(`[data-testid="results"][data-answered="${query.replace(/"/g, '\\"')}"]`).waitFor();
}

/** Waits until every card of the page is drawn: the cards come a screenful first, the pager after the last one. */
const drawn = (page: Page) => page.getByRole('navigation', { name: 'pagination navigation' }).waitFor();

describe('The search page with 22 matches at the default page size', () => {
  it('shows 20 cards under "Showing 1–20 of 22" on page 1, and the other 2 on page 2', async () => {
    const page = await e2e.signIn(OWNER, undefined, `/search?ts=${WORD}`);
    await settled(page);
    await expect.poll(() => page.getByTestId('showing').innerText()).toBe('Showing 1–20 of 22');
    await drawn(page);
    expect(await page.getByTestId('result-card').count()).toBe(20);
    expect(await page.getByTestId('per-page').inputValue()).toBe('20');

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('p') === '2');
    await settled(page);
    await expect.poll(() => page.getByTestId('showing').innerText()).toBe('Showing 21–22 of 22');
    await drawn(page);
    expect(await page.getByTestId('result-card').count()).toBe(2);
    // The address keeps the default page size out.
    expect(new URL(page.url()).searchParams.has('pp')).toBe(false);
  });

  it('a page past the last one offers the pager, not "no candidates match"', async () => {
    const page = await e2e.signIn(OWNER, undefined, `/search?ts=${WORD}&p=3`);
    await settled(page);
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByText('No candidates match').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await page.waitForURL((url) => !url.searchParams.has('p'));
    await settled(page);
    await drawn(page);
    expect(await page.getByTestId('result-card').count()).toBe(20);
  });
});

describe("A project's list view with 22 candidates in a tab", () => {
  const rows = (page: Page) => page.getByTestId('pipeline-row');

  it('shows 20 rows on page 1 and the other 2 on page 2, as "Showing" says', async () => {
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}?tab=1`);
    await expect.poll(() => page.getByTestId('pipeline-showing').innerText()).toBe('Showing 1–20 of 22');
    await expect.poll(() => rows(page).count()).toBe(20);

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('p') === '2');
    await expect.poll(() => page.getByTestId('pipeline-showing').innerText()).toBe('Showing 21–22 of 22');
    await expect.poll(() => rows(page).count()).toBe(2);
  });

  it('a page past the last one offers the pager', async () => {
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}?tab=1&p=3`);
    await page.getByTestId('empty-state').waitFor();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('p') === '2');
    await expect.poll(() => rows(page).count()).toBe(2);
  });
});
