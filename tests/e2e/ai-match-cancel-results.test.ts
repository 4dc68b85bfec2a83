/**
 * /ai-match's "Cancel match", at a desktop and a phone size: polling stops with the run, so the
 * page asks for what the run judged itself. A run cancelled before any candidate was judged (no
 * worker takes its job here) says so instead of loading for ever, and the summary still names the
 * project the run was started from.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';

const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];

let e2e: E2E;
let project: TestProject;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Cancelled payments hire' });
  await e2e.db.knex('projects').where('id', project.id).update({ job_description: JD });
}, 120_000);

describe.each(SCREENS)('AI match cancelled at $name', ({ viewport }) => {
  it("shows the cancelled run's empty shortlist in words and keeps the project in the summary", async () => {
    const page = await e2e.signIn('admin@example.com', viewport, `/ai-match?project=${project.id}`, { shared: true });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Project' }).inputValue())
      .toContain('Cancelled payments hire');
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await page.getByRole('button', { name: 'Start matching' }).click();
    const state = page.getByTestId('ai-match-state');
    await expect.poll(() => state.innerText()).toBe('Queued');
    await page.getByRole('button', { name: 'Cancel match' }).click();

    await expect.poll(() => state.innerText()).toBe('Cancelled');
    await expect
      .poll(() => page.getByTestId('ai-match-empty').innerText(), { timeout: 10_000 })
      .toBe('The run was cancelled before any candidate was judged.');
    expect(await page.getByLabel('Loading').count()).toBe(0);
    expect(await page.getByTestId('ai-match-matched').innerText()).toContain(
      'From the project Cancelled payments hire',
    );
  }, 60_000);
});
