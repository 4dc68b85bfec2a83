/**
 * The console's duplicate queue and review as an admin reads them: the queue shows that it is loading, pages through
 * the pairs and says when a scan could not be asked for; the review shows that it is loading, offers to try again
 * when the pair could not be loaded, shows each value in words (names for ids, a starred skill, a notice period, a
 * CV) and what else each profile holds by kind, asks before recording two people, and sends a merge once however
 * often its button is pressed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findTwins, refreshKeys } from '../../backend/features/duplicates';
import { axeViolations } from '../helpers/axe';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let e2e: E2E;
let pairRef: string;
let owner: string;

/** A route held until `release` is called, then passed on (or dropped, as a lost connection would be). */
async function hold(page: Page, url: RegExp, drop = false) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    await (drop ? route.abort() : route.continue());
  });
  return release;
}

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const city = await knex('cities').where('name', 'Singapore').orderBy('id').first('id');
  const skill = await knex('skills').where('name', 'TypeScript').first('id');
  const admin = await knex('admins').where('email', 'admin@example.com').first('id', 'first_name', 'last_name');
  owner = `${admin.first_name} ${admin.last_name}`.trim();
  const person = async (n: number, phone: string, extra: Record<string, unknown> = {}) => {
    const [{ id }] = await knex('candidates')
      .insert({
        first_name: 'Wren',
        last_name: `Halvorsen${n}`,
        email: `wren.${n}.${Date.now()}@example.org`,
        phone,
        ...extra,
      })
      .returning('id');
    return id as number;
  };
  const rich = {
    current_location_id: city.id,
    owner_id: admin.id,
    skills: JSON.stringify([{ skillId: skill.id, isStar: true }]),
    notice_period: JSON.stringify({ type: 1, option: '2' }),
    resume_path: `cvs/2026-03/${'cd'.repeat(16)}.pdf`,
  };
  const ids = [await person(0, '+65 6345 0100', rich), await person(1, '+65 6345 0100')];
  await knex('candidate_experiences').insert({
    candidate_id: ids[0],
    company: 'Fjord Labs',
    title: 'Analyst',
    start_date: '2022-01-01',
    current_position: true,
  });
  // Eleven more pairs: more than a page of the queue.
  for (let n = 2; n < 24; n++)
    ids.push(await person(n, `+65 6345 ${String(200 + Math.floor(n / 2)).padStart(4, '0')}`));
  await refreshKeys(knex, ids);
  await findTwins(knex, ids);
  const pair = await knex('candidate_duplicates')
    .where({ candidate_id: ids[0] })
    .orWhere({ other_id: ids[0] })
    .first('id');
  pairRef = String(formatId(entity('candidateDuplicate'), pair.id));
});

describe("The console's duplicate screens", () => {
  it('shows the queue loading, pages through it and reports a scan that failed', async () => {
    const page = await e2e.signIn('admin@example.com', PHONE, null, { shared: true });
    const total = Number((await e2e.db.knex('candidate_duplicates').where('status', 0).count({ n: '*' }))[0].n);
    expect(total).toBeGreaterThan(10);
    const release = await hold(page, /\/api\/v1\/candidate-duplicates\?/);
    await page.goto(`${e2e.baseUrl}/admin/duplicates`);
    await page.getByRole('progressbar', { name: 'Loading likely duplicates' }).waitFor();
    release();
    await page.getByText(`1–10 of ${total}`).waitFor();
    const next = page.getByRole('button', { name: 'Next page' });
    const review = await page.getByRole('link', { name: 'Review' }).first().boundingBox();
    expect(review!.x + review!.width).toBeLessThanOrEqual(PHONE.width);
    const box = await next.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize(DESKTOP);
    await next.click();
    await page.getByText(`11–${Math.min(20, total)} of ${total}`).waitFor();
    await page.getByRole('progressbar', { name: 'Loading likely duplicates' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('link', { name: 'Review' }).count()).toBe(Math.min(10, total - 10));
    expect(await axeViolations(page, 'duplicate queue')).toEqual([]);

    await page.route(/\/candidate-duplicates\/scan$/, (route) => route.abort());
    await page.getByRole('button', { name: 'Scan the pool' }).click();
    await page
      .getByText(
        'You seem to be offline or the connection dropped, so your change may not have been saved. Check, then try again.',
      )
      .waitFor();
  });

  it('reads the pair in words, asks before recording two people and merges once', async () => {
    const page = await e2e.signIn('admin@example.com', PHONE, null, { shared: true });
    const pairUrl = /\/api\/v1\/candidate-duplicates\/[^/?]+$/;
    const release = await hold(page, pairUrl, true);
    // Not waiting for the page's load: the server announces the held call as a preload, which the load waits for.
    await page.goto(`${e2e.baseUrl}/admin/duplicates/${encodeURIComponent(pairRef)}`, { waitUntil: 'commit' });
    await page.getByRole('progressbar', { name: 'Loading both profiles' }).waitFor();
    release();
    await page.getByText('The pair could not be loaded').waitFor();
    await page.unroute(pairUrl);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Same person?' }).waitFor();

    const value = (field: string, text: string) =>
      page.getByRole('radiogroup', { name: field, exact: true }).getByLabel(text, { exact: true }).waitFor();
    await value('Current location', 'Singapore');
    await value('Owner', owner);
    await value('Skills', 'TypeScript ★');
    await value('Notice period', '2 months');
    await value('CV', 'CV attached (PDF, uploaded Mar 2026)');
    const counts = await page.getByTestId('counts-first').textContent();
    expect(counts).toContain('1 experience,');
    expect(counts).toContain('0 interview requests');
    expect(await page.locator('main').textContent()).not.toMatch(/skillId|interviewRequests|Admin:|cvs\//);
    expect(await axeViolations(page, 'duplicate review')).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Not the same person' }).click();
    const ask = page.getByRole('dialog', { name: 'Not the same person?' });
    expect(await ask.textContent()).toMatch(/Wren Halvorsen0 and Wren Halvorsen1|Wren Halvorsen1 and Wren Halvorsen0/);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(
      (
        await e2e.db
          .knex('candidate_duplicates')
          .where('id', Number(pairRef.split(':').pop()))
          .first()
      ).status,
    ).toBe(0);

    const merges: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/merge') && merges.push(r.url())));
    const letGo = await hold(page, /\/merge$/);
    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    await page.getByRole('dialog', { name: 'Merge these profiles?' }).getByRole('button', { name: 'Merge' }).dblclick();
    await page.locator('button:disabled', { hasText: 'Merge into one profile' }).waitFor();
    await page.locator('button:disabled', { hasText: 'Not the same person' }).waitFor();
    letGo();
    await page.getByText('Merged into Wren Halvorsen').waitFor();
    expect(merges).toHaveLength(1);
  });
});
