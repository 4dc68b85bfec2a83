/**
 * /ai-match in a real browser, with no language model configured: the start form says so before a
 * run starts; projects are named by company and title in the start form and in "Add to project"
 * (two companies' "Backend Engineer" told apart), and the dialog's search finds a project by its
 * company; a run reopened from the past runs shows every recommendation (the filter back to All);
 * a failed lookup of projects says so with a Retry rather than "No project found".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';
import { candidatePayload, talentIds } from '../helpers/talent';

const TITLE = 'Backend Engineer Twin';

let e2e: E2E;
let worker: Worker;
let admin: Page;
let acme: string;
let raas: string;

const companyOf = async (email: string) =>
  (
    await e2e.db
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where('u.email', email)
      .first('c.company_name')
  ).company_name as string;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
  expect(e2e.config.llm, 'no language model configured').toBeFalsy();
  admin = await e2e.signIn('admin@example.com');
  const knex = e2e.db.knex;
  const ids = await talentIds(knex);
  const skill = async (name: string) => (await knex('skills').where('name', name).first('id')).id as number;
  const skills = await Promise.all(['Java', 'Spring Boot', 'Apache Kafka', 'PostgreSQL'].map(skill));
  const backend = (await knex('job_titles').where('name', 'Senior Backend Engineer').first('id')).id as number;
  const year = new Date().getUTCFullYear();
  for (const [firstName, held, start] of [
    ['Fulla', skills, year - 8],
    ['Halva', skills.slice(0, 1), year - 1],
  ] as const) {
    const res = await admin.request.post(`${e2e.baseUrl}/api/v1/candidates`, {
      headers: { origin: e2e.baseUrl },
      data: candidatePayload(ids, {
        firstName,
        lastName: 'Twintest',
        status: 1,
        jobTitleLookingFor: [backend],
        skills: held.map((skillId, i) => ({ skillId, isStar: i < 2 })),
        experiences: [
          { title: 'Senior Backend Engineer', company: 'Grab', startDate: `${start}-01-01`, currentPosition: true },
        ],
        preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
        expectedSalary: 10000,
        expectedSalaryCurrency: 'SGD',
      }),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await makeProject(knex, { title: TITLE, jobDescription: JD });
  await makeProject(knex, { title: TITLE, jobDescription: JD, ownerEmail: 'owner@raas.example.com' });
  acme = await companyOf('owner@acme.example.com');
  raas = await companyOf('owner@raas.example.com');
  expect(acme).not.toBe(raas);
}, 180_000);

afterAll(async () => {
  await worker?.stop();
});

/** Pastes the description, confirms the requirements and waits for the run to end. */
async function matchPasted(page: Page) {
  await page.getByRole('tab', { name: 'Paste text' }).click();
  await page.getByLabel('Job description').fill(JD);
  await page.getByRole('button', { name: 'Read requirements' }).click();
  await page.getByRole('heading', { name: 'Requirements' }).waitFor();
  await page.getByRole('button', { name: 'Start matching' }).click();
  await expect.poll(() => page.getByTestId('ai-match-state').innerText(), { timeout: 60_000 }).toBe('Done');
}

describe('AI match projects, filter and notices', () => {
  it('says on the start form that no language model is configured', async () => {
    await admin.goto(`${e2e.baseUrl}/ai-match`);
    const notice = admin.getByTestId('ai-match-no-model');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('No language model is configured');
    expect(await admin.getByTestId('ai-match-run').count()).toBe(0);
  }, 120_000);

  it('names projects by company and title, in the start form and when adding, and finds one by its company', async () => {
    await admin.goto(`${e2e.baseUrl}/ai-match`);
    await admin.getByRole('tab', { name: "A project's job description" }).click();
    await admin.getByRole('combobox', { name: 'Project' }).fill(TITLE);
    await admin.getByRole('option', { name: `${raas} — ${TITLE}`, exact: true }).waitFor();
    expect(await admin.getByRole('option').allInnerTexts()).toEqual(
      expect.arrayContaining([`${acme} — ${TITLE}`, `${raas} — ${TITLE}`]),
    );
    await admin.keyboard.press('Escape');

    await matchPasted(admin);
    const rows = admin.getByTestId('ai-match-result');
    await rows.first().getByRole('button', { name: 'Add to project' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    const listbox = admin.getByRole('listbox');
    await listbox.getByRole('option', { name: `${acme} — ${TITLE}`, exact: true }).waitFor();
    expect(await listbox.getByRole('option', { name: `${raas} — ${TITLE}`, exact: true }).count()).toBe(1);
    await admin.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });

    // The search reaches projects by their company.
    await dialog.getByRole('searchbox', { name: 'Find a project by title or company' }).fill(raas);
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    const offered = () => admin.getByRole('listbox').getByRole('option').allInnerTexts();
    // Only the company's projects, once the search's answer is in.
    const onlyRaas = (list: string[]) => list.includes(`${raas} — ${TITLE}`) && list.every((o) => o.startsWith(raas));
    await expect.poll(async () => onlyRaas(await offered())).toBe(true);
    await admin.getByRole('option', { name: `${raas} — ${TITLE}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Add to project' }).click();
    await admin.getByText('Added to the project').waitFor();
  }, 180_000);

  it('reopens another run on every recommendation, whatever the filter of the last one', async () => {
    await admin.goto(`${e2e.baseUrl}/ai-match`);
    // Two runs of its own: the earlier one is reopened while the later one is filtered.
    await matchPasted(admin);
    const runs = admin.getByTestId('ai-match-run');
    const before = await runs.count();
    await matchPasted(admin);
    await expect.poll(() => runs.count()).toBe(before + 1);
    const rows = admin.getByTestId('ai-match-result');
    await rows.first().waitFor();
    const names = await rows.locator('td:nth-child(2)').allInnerTexts();
    const verdicts = await rows.locator('td:nth-child(4)').allInnerTexts();
    const filter = admin.getByRole('combobox', { name: 'Recommendation' });
    await filter.click();
    await admin.getByRole('option', { name: verdicts[0], exact: true }).click();
    await expect.poll(() => filter.innerText()).toBe(verdicts[0]);

    // The earlier run, from the past runs list (newest first): shown whole, the filter on All.
    const shown = new URL(admin.url()).searchParams.get('run');
    await runs.nth(1).getByRole('link').click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('run')).not.toBe(shown);
    await expect.poll(() => rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(names);
    await expect.poll(() => filter.innerText()).toBe('All');
  }, 180_000);

  it('says a failed lookup of projects failed and loads them on Retry', async () => {
    await admin.goto(`${e2e.baseUrl}/ai-match`);
    await admin.getByTestId('ai-match-no-model').waitFor();
    const refused = '**/api/v1/projects/list**';
    await admin.route(refused, (route) => route.abort());
    await admin.getByRole('tab', { name: "A project's job description" }).click();
    const alert = admin.getByRole('alert').filter({ hasText: 'The projects could not be loaded.' });
    await alert.waitFor();
    await admin.unroute(refused);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'detached' });
    await admin.getByRole('combobox', { name: 'Project' }).fill(TITLE);
    await admin.getByRole('option', { name: `${acme} — ${TITLE}`, exact: true }).waitFor();
  }, 120_000);
});
