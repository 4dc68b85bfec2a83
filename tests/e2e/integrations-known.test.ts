/**
 * Know before you reveal in a real browser, on a laptop (1440×900) and a phone (390×844), with
 * Acme's Workable connected to the stand-in, which already holds three people of a project: a
 * named candidate in the longlist, an anonymous one curated into the longlist and not revealed, and
 * a named one still suggested. The named longlisted candidate's card, profile panel and the reveal
 * dialog of a move that includes them say "Already in your Workable since Mar 2021"; the anonymous
 * and the suggested one show it nowhere, and their emails are never asked about. The board asks
 * once for a screen of cards, and not again when the same cards show in the other view; an answer arriving after the
 * board drew a later column still reaches its card.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';
import { call } from '../helpers/projectsE2E';

let e2e: E2E;
let ws: WorkableStandIn;
const OWNER = 'owner@acme.example.com';
const KNOWN = 'Already in your Workable since Mar 2021';

beforeAll(async () => {
  ws = await startWorkableStandIn();
  e2e = await startE2E();
  e2e.config.ats = { ...e2e.config.ats, workableUrl: ws.baseTemplate };
  const page = await e2e.signIn(OWNER);
  const res = await call(page, 'POST', 'integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
});
afterAll(async () => {
  await ws?.close();
});

interface Person {
  id: number;
  guid: string;
  email: string;
  name: string;
}

/** A project of Acme's owner with a named and an anonymous candidate in the longlist and a named one suggested, all in Workable. */
async function setUp(n: number) {
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', OWNER).first('id', 'company_id');
  const pick = (anonymous: boolean, offset: number) =>
    knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNotNull('email')
      .modify((q) => (anonymous ? q.where('anonymous', true) : q.whereNot('anonymous', true)))
      .orderBy('id', 'desc')
      .offset(offset)
      .first('id', 'guid', 'email', knex.raw("trim(first_name || ' ' || last_name) as name"));
  const named = (await pick(false, 40 + 2 * n)) as Person;
  const suggested = (await pick(false, 41 + 2 * n)) as Person;
  const anonymous = (await pick(true, 10 + n)) as Person;
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const [project] = await knex('projects')
    .insert({
      title: `Known before reveal ${n}`,
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
    })
    .returning(['id', 'guid']);
  await knex('project_candidates').insert(
    [
      [named, 1],
      [anonymous, 1],
      [suggested, 0],
    ].map(([c, stage]) => ({
      project_id: project.id,
      candidate_id: (c as Person).id,
      company_id: owner.company_id,
      stage,
      curated: true,
      last_recruitment_updated_at: new Date(),
    })),
  );
  for (const [i, c] of [named, anonymous, suggested].entries())
    ws.candidates.push({
      id: `known-${n}-${i}`,
      job: 'DS03',
      stage: 'sourced',
      disqualified: false,
      sourced: true,
      created_at: '2021-03-04T05:06:07Z',
      candidate: { name: c.name || 'Someone', email: c.email },
    });
  return { project, named, anonymous, suggested };
}

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);
const card = (page: Page, guid: string) => page.locator(`[data-testid="board-card"][data-guid="${guid}"]`);

/** The look-ups the page sends, with the candidates each names. */
function lookUps(page: Page): string[][] {
  const seen: string[][] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/api/v1/integrations/already-known/batch'))
      seen.push((JSON.parse(req.postData() ?? '{}') as { candidateIds: string[] }).candidateIds);
  });
  return seen;
}

describe('Know before you reveal', () => {
  for (const [n, viewport] of [
    [0, { width: 1440, height: 900 }],
    [1, { width: 390, height: 844 }],
  ] as const) {
    it(`shows on the card, the panel and the reveal dialog, only for a candidate whose contact the company sees (${viewport.width}×${viewport.height})`, async () => {
      const { project, named, anonymous, suggested } = await setUp(n);
      const page = await e2e.signIn(OWNER, viewport, null);
      const asked = lookUps(page);
      const lookedUpBefore = ws.calls.length;
      await page.goto(`${e2e.baseUrl}/project/${project.guid}?tab=1`);

      await row(page, named.guid).getByTestId('known-in-ats').getByText(KNOWN).waitFor();
      await row(page, anonymous.guid).waitFor();
      expect(await row(page, anonymous.guid).getByTestId('known-in-ats').count()).toBe(0);
      expect(await row(page, anonymous.guid).innerText()).not.toContain('Already in your');
      // One look-up for the screen, naming only the candidate whose contact the board was given.
      expect(asked).toEqual([[`Candidate:${named.id}`]]);
      const emailsAsked = ws.calls
        .slice(lookedUpBefore)
        .map((c) => new URL(c.path, 'http://x').searchParams.get('email'))
        .filter(Boolean);
      expect(emailsAsked).toEqual([named.email]);

      // The profile panel says it before anything else.
      await row(page, named.guid).getByTestId('result-card').getByRole('button').first().click();
      const panel = page.getByTestId('profile-panel');
      await panel.getByTestId('known-in-ats').getByText(KNOWN).waitFor();
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'hidden' });
      await row(page, anonymous.guid).getByTestId('result-card').getByRole('button').first().click();
      await panel.waitFor();
      await panel.getByTestId('notes').waitFor();
      expect(await panel.getByTestId('known-in-ats').count()).toBe(0);
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'hidden' });

      // A move of both asks to reveal the anonymous one, and says which of them Workable already has.
      await row(page, named.guid).getByRole('checkbox').check();
      await row(page, anonymous.guid).getByRole('checkbox').check();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to Shortlist' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal 2 candidates?' });
      const known = dialog.getByTestId('known-in-ats');
      await known.waitFor();
      await expect(known.innerText()).resolves.toBe(`${named.name}: ${KNOWN}`);
      expect(await axeViolations(page, `reveal dialog ${viewport.width}`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await e2e.db.knex('project_candidates').where({ project_id: project.id, stage: 1 }).count({ n: '*' }).first(),
      ).toEqual({ n: 2 });

      // The still-suggested candidate shows nothing, and the board's same cards are not asked about again.
      await page.goto(`${e2e.baseUrl}/project/${project.guid}?tab=0`);
      await row(page, suggested.guid).waitFor();
      expect(await row(page, suggested.guid).getByTestId('known-in-ats').count()).toBe(0);
      if (viewport.width > 1000) {
        await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
        await card(page, named.guid).getByTestId('known-in-ats').getByText(KNOWN).waitFor();
        expect(await card(page, anonymous.guid).getByTestId('known-in-ats').count()).toBe(0);
        expect(await card(page, suggested.guid).getByTestId('known-in-ats').count()).toBe(0);
      }
      expect(asked.flat().filter((id) => id !== `Candidate:${named.id}`)).toEqual([]);
      const sent = JSON.stringify(ws.calls.slice(lookedUpBefore));
      expect(sent).not.toContain(anonymous.email);
      expect(sent).not.toContain(suggested.email);
    });
  }

  it('on the board, one look-up covers every column and a second view of the same cards asks nothing more', async () => {
    const { project, named } = await setUp(2);
    const page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, null);
    const asked = lookUps(page);
    await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
    await card(page, named.guid).getByTestId('known-in-ats').getByText(KNOWN).waitFor();
    expect(asked).toEqual([[`Candidate:${named.id}`]]);
    await page.getByTestId('pipeline-toolbar').getByRole('button', { name: 'List', exact: true }).click();
    await page.getByTestId('tab-1').click();
    await row(page, named.guid).getByTestId('known-in-ats').getByText(KNOWN).waitFor();
    expect(asked).toHaveLength(1);
  });

  it('on the board, an answer arriving after a later column still reaches its card', async () => {
    const { project, named, suggested } = await setUp(3);
    const page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, null);
    // The Suggested column (a saved search, often the slowest) arrives while the look-up of the longlist's cards is
    // under way, and the board draws again meanwhile; the look-up's answer comes after.
    let lookUpSent!: () => void;
    const sent = new Promise<void>((resolve) => (lookUpSent = resolve));
    let suggestedDrawn!: () => void;
    const drawn = new Promise<void>((resolve) => (suggestedDrawn = resolve));
    await page.route('**/api/v1/projects/candidates/search?**', async (route) => {
      await sent;
      await route.continue();
    });
    await page.route('**/api/v1/integrations/already-known/batch', async (route) => {
      lookUpSent();
      await drawn;
      await route.continue();
    });
    await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
    await card(page, suggested.guid).waitFor();
    suggestedDrawn();
    await card(page, named.guid).getByTestId('known-in-ats').getByText(KNOWN).waitFor({ timeout: 10_000 });
  });
});
