/**
 * The ATS's status on screen, in a real browser on a laptop (1440×900) and a phone (390×844):
 * Acme's Workable is connected to the stand-in, a shortlisted candidate's application there was
 * moved to the interview stage, and a sync read it back. The board's card and the list's row say
 * "In Workable: Interview, since …" and offer the matching move, which opens the pipeline's own
 * move (nothing moved until a person confirms); the profile panel says it too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_KIND } from '../../schema/rules/ats';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { startWorkableStandIn, type WorkableStandIn } from '../helpers/ats/workable';
import { call } from '../helpers/projectsE2E';

let e2e: E2E;
let ws: WorkableStandIn;
let integrationId: number;
const OWNER = 'owner@acme.example.com';
const SINCE = '2026-11-03T10:00:00.000Z';
const LINE = 'In Workable: Interview, since 3 Nov 2026';

beforeAll(async () => {
  ws = await startWorkableStandIn();
  e2e = await startE2E();
  e2e.config.ats = { ...e2e.config.ats, workableUrl: ws.baseTemplate };
  const page = await e2e.signIn(OWNER);
  const res = await call(page, 'POST', 'integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  integrationId = res.body.id as number;
});
afterAll(async () => {
  await ws?.close();
});

/** A project of Acme's owner with one named shortlisted candidate whose Workable application is at the interview stage. */
async function setUp(n: number) {
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', OWNER).first('id', 'company_id');
  const candidate = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('email')
    .orderBy('id', 'desc')
    .offset(60 + n)
    .first('id', 'guid');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const [project] = await knex('projects')
    .insert({
      title: `ATS status ${n}`,
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
    })
    .returning(['id', 'guid']);
  const [pc] = await knex('project_candidates')
    .insert({
      project_id: project.id,
      candidate_id: candidate.id,
      company_id: owner.company_id,
      stage: 2,
      curated: true,
      revealed_at: new Date(),
      last_recruitment_updated_at: new Date(),
    })
    .returning('id');
  await knex('integration_links').insert([
    // Each screen's project has a job of its own: a job is linked to one project.
    {
      integration_id: integrationId,
      local_kind: LINK_KIND.project,
      local_id: project.id,
      remote_id: ['BE01', 'FE02'][n],
    },
    {
      integration_id: integrationId,
      local_kind: LINK_KIND.projectCandidate,
      local_id: pc.id,
      remote_id: `w-${n}`,
      synced_stage: 2,
      remote_status: 'Interview',
      remote_stage: 'interviewing',
      remote_status_since: SINCE,
      remote_read_at: new Date(),
    },
  ]);
  return { project, candidate };
}

const card = (page: Page, guid: string) => page.locator(`[data-testid="board-card"][data-guid="${guid}"]`);
const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

describe("The ATS's status on the card and the panel", () => {
  for (const [n, viewport] of [
    [0, { width: 1440, height: 900 }],
    [1, { width: 390, height: 844 }],
  ] as const) {
    it(`says where the ATS has the candidate and offers the matching move, moving nothing by itself (${viewport.width}×${viewport.height})`, async () => {
      const { project, candidate } = await setUp(n);
      const page = await e2e.signIn(OWNER, viewport, null);
      const board = viewport.width > 1000;
      await page.goto(`${e2e.baseUrl}/project/${project.guid}?tab=2${board ? '&view=board' : ''}`);
      const item = board ? card(page, candidate.guid) : row(page, candidate.guid);
      const status = item.getByTestId('ats-status');
      await status.getByText(LINE).waitFor();
      expect(await axeViolations(page, `ats status ${viewport.width}`)).toEqual([]);

      // The matching move is the pipeline's own: its dialog opens, and nothing moves until it is confirmed.
      await status.getByRole('button', { name: /^Move to .+ here too$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const pc = await e2e.db
        .knex('project_candidates')
        .where({ project_id: project.id, candidate_id: candidate.id })
        .first('stage');
      expect(pc.stage).toBe(2);

      // The profile panel says it too.
      if (board) await item.getByTestId('board-card-handle').click();
      else await item.getByTestId('result-card').getByRole('button').first().click();
      const panel = page.getByTestId('profile-panel');
      await panel.getByTestId('ats-status').getByText(LINE).waitFor();
    });
  }
});
