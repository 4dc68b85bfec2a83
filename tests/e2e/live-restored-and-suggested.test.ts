/**
 * Board changes people make elsewhere reach two open project pages at once (one on a laptop, 1440×900, one on a touch
 * phone, 390×844), with no reload: an admin's undo of a merge brings the restored profile's card back to the company's
 * member's and owner's boards (its pipeline row the merge deleted, inserted again: migrations/20261207175500); a
 * candidate in a saved-search project's Suggested tab only through its filters (no pipeline row: admins' looks mark
 * nothing seen) leaves the admin's and the advocate's open tabs when paused, and when their profile is edited out of
 * the search (the `suggested_live` job, pipeline/suggestedLive.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHOSEN_FIELDS, mergeCandidates } from '../../backend/features/duplicates';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { LIVE_SIZES, livePageOn } from '../helpers/livePage';

const WORD = `quokkaharbour${Date.now() % 100000}`;
let e2e: E2E;
let board: TestProject;
let suggested: TestProject;
let survivor: { id: number; guid: string };
let restored: { id: number; guid: string };
let mergeRef: string;
let found: { id: number; guid: string }[];

const [LAPTOP, PHONE] = LIVE_SIZES;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  board = await makeProject(knex, { title: 'Live undo: Harbour pilot' });
  suggested = await makeProject(knex, {
    title: 'Live suggested: Harbour pilot',
    advocateEmail: 'advocate@example.com',
  });
  await knex('projects').whereIn('id', [board.id, suggested.id]).update({ shared_with_company: true });
  await knex('projects')
    .where('id', suggested.id)
    .update({ current_url: `ts=${WORD}` });

  // The merged profile is a bare second one of the survivor's person, in the same project: the merge deletes its row.
  const [keptId] = await activeCandidates(knex, 1, { skip: 70 });
  const [{ id: mergedId }] = await knex('candidates')
    .insert({ first_name: 'Restored', last_name: 'Pilot', email: `restored.${WORD}@example.org`, status: 1 })
    .returning('id');
  await addToProject(knex, board, [keptId, mergedId], 1);
  const keep = Object.fromEntries(CHOSEN_FIELDS.map((f) => [f, 'survivor'])) as Record<string, 'survivor'>;
  const { mergeId } = await mergeCandidates(knex, { survivorId: keptId, mergedId, keep });
  mergeRef = String(formatId(entity('candidateMerge'), mergeId));
  survivor = await knex('candidates').where('id', keptId).first('id', 'guid');
  restored = {
    id: mergedId,
    guid: (await knex('candidate_merges').where('id', mergeId).first('journal')).journal.merged.guid,
  };

  // Two candidates the saved search finds by a word of their summaries, in no pipeline.
  const ids = await activeCandidates(knex, 2, { skip: 80 });
  await knex('candidates')
    .whereIn('id', ids)
    .update({ summary: `Harbour pilot, ${WORD} certified.` });
  found = await knex('candidates').whereIn('id', ids).orderBy('id').select('id', 'guid');
});

/** A request as an admin's own screen makes it. */
async function asAdmin(method: 'put' | 'post', path: string, data: unknown = {}) {
  const admin = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
  const res = await admin.request[method](`${e2e.baseUrl}/api/v1${path}`, { data, headers: { origin: e2e.baseUrl } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** `laptop`'s page on a laptop and `phone`'s on a touch phone, both open at once; none reloads afterwards. */
async function bothOpen(at: string, laptop: string, phone: string): Promise<Page[]> {
  const pages = [await livePageOn(e2e, laptop, LAPTOP, at), await livePageOn(e2e, phone, PHONE, at)];
  for (const page of pages) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  return pages;
}

const stayed = (page: Page) =>
  page.evaluate(() => ({
    reloaded: !(window as unknown as { stayed?: boolean }).stayed,
    fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  }));

describe('An undone merge reaches open boards', () => {
  it('brings the restored profile’s card back to both open boards at once', async () => {
    const pages = await bothOpen(
      `/project/${board.guid}?view=board`,
      'member@acme.example.com',
      'owner@acme.example.com',
    );
    const card = (page: Page, guid: string) => page.locator(`[data-testid="board-column"] [data-guid="${guid}"]`);
    for (const page of pages) {
      await card(page, survivor.guid).waitFor();
      expect(await card(page, restored.guid).count()).toBe(0);
    }
    await asAdmin('post', `/candidate-merges/${encodeURIComponent(mergeRef)}/undo`);
    for (const page of pages) {
      await card(page, restored.guid).waitFor({ timeout: 5000 });
      await expect(card(page, survivor.guid).count()).resolves.toBe(1);
      expect(await stayed(page)).toEqual({ reloaded: false, fits: true });
    }
  });
});

describe('A change to a candidate in a Suggested tab reaches it', () => {
  it('a pause and an edit out of the saved search take the candidates off both open Suggested tabs', async () => {
    // Admins' pages: a company's look marks the candidates it is shown seen, a pipeline row the board triggers know.
    const pages = await bothOpen(`/project/${suggested.guid}?tab=0`, 'admin@example.com', 'advocate@example.com');
    const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);
    for (const page of pages) for (const c of found) await row(page, c.guid).waitFor();

    await asAdmin('put', `/candidates/Candidate:${found[0].id}`, { status: 2 });
    await runJobs({ url: e2e.db.url, config: e2e.config });
    for (const page of pages) {
      await row(page, found[0].guid).waitFor({ state: 'detached', timeout: 5000 });
      await expect(row(page, found[1].guid).count()).resolves.toBe(1);
    }

    await asAdmin('put', `/candidates/Candidate:${found[1].id}`, { summary: 'Harbour pilot, retired.' });
    await runJobs({ url: e2e.db.url, config: e2e.config });
    for (const page of pages) {
      await row(page, found[1].guid).waitFor({ state: 'detached', timeout: 5000 });
      expect(await stayed(page)).toEqual({ reloaded: false, fits: true });
    }
  });
});
