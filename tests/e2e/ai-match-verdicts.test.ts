/**
 * /ai-match's shortlist says whose verdict each is, at a desktop and a phone size: a verdict the
 * model's was set aside for says so with the reason and what the model said; the model's move of
 * the matcher's score is named; a candidate the model never judged shows the matcher's score; the
 * model's reasoning is labelled as its words; a candidate hidden from companies is marked; a name
 * opens the profile panel. A change of filter clears the selection; an empty filter and a run
 * cancelled before judging say so in their own words. "Add selected to project" leaves the project
 * unchosen when the run's own is not offered, says how many of the chosen each project holds, and
 * reports "N added, M already there".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MATCH_JUDGE, MATCH_SOURCE, MATCH_STATUS, RECOMMENDATION } from '../../schema/rules/aiMatch';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
import { axeViolations } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';
import { candidatePayload, talentIds } from '../helpers/talent';

const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
const REASON = 'The model cited facts the profile does not hold (skill:999)';

let e2e: E2E;
let runId: number;
let cancelledId: number;
let target: { id: number };
const people: Record<string, number> = {};

const signedIn = (viewport: { width: number; height: number }) =>
  e2e.signIn('admin@example.com', viewport, null, { shared: true });

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const admin = await signedIn(SCREENS[0].viewport);
  const ids = await talentIds(knex);
  const post = async (path: string, data: unknown) => {
    const res = await admin.request.post(`${e2e.baseUrl}/api/v1/${path}`, { headers: { origin: e2e.baseUrl }, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  for (const [key, firstName, visibility] of [
    ['set', 'Orsolya', true],
    ['moved', 'Hidra', false],
    ['failed', 'Cato', true],
  ] as const) {
    const made = await post(
      'candidates',
      candidatePayload(ids, { firstName, lastName: 'Verdicttest', visibility, status: 1 }),
    );
    people[key] = Number(String(made.id).replace('Candidate:', ''));
  }
  // The run came from a project no longer open: it is not among the projects offered.
  const closed = await makeProject(knex, { title: 'Closed verdict hire' });
  await knex('projects').where('id', closed.id).update({ status: PROJECT_STATUS.inactive });
  target = await makeProject(knex, { title: 'Verdict hire' });
  await post('projects/candidate/curate', {
    projectId: `Project:${target.id}`,
    candidateIds: [`Candidate:${people.moved}`],
  });
  const run = (status: number) => ({
    project_id: closed.id,
    source: MATCH_SOURCE.text,
    job_description: 'Senior Backend Engineer, Java and PostgreSQL, Singapore.',
    requirements: JSON.stringify({ skills: [], jobTitles: [], languages: [], locations: [], employmentTypes: [] }),
    status,
    judge: MATCH_JUDGE.model,
    model: 'stand-in-model',
  });
  [{ id: runId }] = await knex('ai_match_runs').insert(run(MATCH_STATUS.done)).returning('id');
  [{ id: cancelledId }] = await knex('ai_match_runs').insert(run(MATCH_STATUS.cancelled)).returning('id');
  const part = (points: number) => JSON.stringify([{ key: 'skills', points, max: 40, evidence: 'Java, 8 years' }]);
  await knex('ai_match_results').insert([
    {
      ...{ run_id: runId, candidate_id: people.set, rank: 1, match_score: 70, parts: part(30), score: 70 },
      ...{ recommendation: RECOMMENDATION.yes, judge: MATCH_JUDGE.product, reasoning: 'Meets the required skills.' },
      ...{ model_score: 95, model_recommendation: RECOMMENDATION.strong_yes, disagreement: REASON },
      ...{ strengths: JSON.stringify(['Java']), judged_at: new Date() },
    },
    {
      ...{ run_id: runId, candidate_id: people.moved, rank: 2, match_score: 60, parts: part(25), score: 66 },
      ...{ recommendation: RECOMMENDATION.yes, judge: MATCH_JUDGE.model, reasoning: 'A long Java record in payments.' },
      ...{ strengths: JSON.stringify(['Java']), judged_at: new Date() },
    },
    { run_id: runId, candidate_id: people.failed, rank: 3, match_score: 50, parts: part(20), not_judged: 'timeout' },
  ]);
  await admin.close();
}, 180_000);

const rowOf = (page: Page, name: string) => page.getByTestId('ai-match-result').filter({ hasText: name });

describe.each(SCREENS)('The AI match shortlist at $name', ({ viewport }) => {
  it('says whose verdict each is, marks the hidden, opens profiles, and gives each empty list its words', async () => {
    const page = await signedIn(viewport);
    await page.goto(`${e2e.baseUrl}/ai-match?run=AiMatchRun:${runId}`);
    const set = rowOf(page, 'Orsolya Verdicttest');
    const moved = rowOf(page, 'Hidra Verdicttest');
    const failed = rowOf(page, 'Cato Verdicttest');
    await set.waitFor();
    // Scores: the matcher's where the model's was set aside or never came, the model's move named.
    expect(await set.getByTestId('ai-match-score').innerText()).toBe('70');
    expect(await moved.getByTestId('ai-match-score').innerText()).toBe('66');
    expect(await moved.innerText()).toContain("Matcher's score 60, moved +6 by the model");
    expect(await failed.getByTestId('ai-match-score').innerText()).toBe('50');
    expect(await failed.innerText()).toContain("Matcher's score, not judged");
    // Hidden from companies: marked, the name still shown to the admin.
    expect(await moved.getByTestId('ai-match-hidden').innerText()).toBe('Hidden');
    expect(await set.getByTestId('ai-match-hidden').count()).toBe(0);

    await set.getByRole('button', { name: 'Reasoning and evidence' }).click();
    const detail = page.getByTestId('ai-match-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(`The model's verdict was set aside: ${REASON}`);
    expect(await detail.innerText()).toContain("The model said 95 (Strong yes); the matcher's score stands.");
    expect(await detail.innerText()).toContain("The product matcher's verdict");
    await set.getByRole('button', { name: 'Reasoning and evidence' }).click();
    await moved.getByRole('button', { name: 'Reasoning and evidence' }).click();
    await expect.poll(() => detail.innerText()).toContain("The model's reasoning, in its words");
    expect(await detail.innerText()).toContain('A long Java record in payments.');
    expect((await axeViolations(page, 'AI match')).map((f) => `${f.rule}: ${f.nodes.join(', ')}`)).toEqual([]);

    // The name opens the profile panel search and the pipeline use.
    await set.getByRole('button', { name: 'Open the profile of Orsolya Verdicttest' }).click();
    const panel = page.getByTestId('profile-panel');
    await expect.poll(() => panel.innerText()).toContain('Orsolya Verdicttest');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // A change of filter clears the selection; a filter that holds none says so.
    await set.getByRole('checkbox').check();
    const addSelected = page.getByRole('button', { name: 'Add selected to project' });
    expect(await addSelected.isEnabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Recommendation' }).click();
    await page.getByRole('option', { name: 'Maybe', exact: true }).click();
    await page.getByText('No candidate has this recommendation. Choose All to see the others.').waitFor();
    expect(await addSelected.isEnabled()).toBe(false);
    await page.getByRole('combobox', { name: 'Recommendation' }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await set.waitFor();
    expect(await set.getByRole('checkbox').isChecked()).toBe(false);

    // A run cancelled before judging has its own words.
    await page.goto(`${e2e.baseUrl}/ai-match?run=AiMatchRun:${cancelledId}`);
    await page.getByText('The run was cancelled before any candidate was judged.').waitFor();
    await page.close();
  }, 120_000);
});

describe('Adding selected results to a project', () => {
  it("chooses no project unasked, counts who is already there, and reports 'N added, M already there'", async () => {
    const page = await signedIn(SCREENS[0].viewport);
    await page.goto(`${e2e.baseUrl}/ai-match?run=AiMatchRun:${runId}`);
    await rowOf(page, 'Orsolya Verdicttest').getByRole('checkbox').check();
    await rowOf(page, 'Hidra Verdicttest').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add selected to project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("The run's project is not among your open projects: choose one.").waitFor();
    const picker = dialog.getByRole('combobox', { name: 'Project' });
    expect((await picker.innerText()).trim()).toMatch(/^(\u200b)?$/);
    await dialog.getByRole('button', { name: 'Add to project' }).click();
    await dialog.getByText('Choose a project').waitFor();
    await picker.click();
    await page.getByRole('option', { name: 'Verdict hire (1 of 2 already there)' }).click();
    await dialog.getByRole('button', { name: 'Add to project' }).click();
    await page.getByText('1 added, 1 already there').waitFor();
    const held = await e2e.db.knex('project_candidates').where({ project_id: target.id }).pluck('candidate_id');
    expect(held.sort()).toEqual([people.set, people.moved].sort());
    await page.close();
  }, 120_000);
});
