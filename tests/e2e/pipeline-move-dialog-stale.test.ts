/**
 * A move answered in the schedule dialog that is out of date by the time it is sent: someone else moved the candidate
 * meanwhile (409 movedMeanwhile) or the candidate left the project (404). Sending the same move again could never
 * succeed, so the dialog closes with the server's notice and the board reloads, showing the card where the server has
 * it, rather than the form coming back to be refused the same way forever. And Enter pressed in the form while the
 * move is on its way sends nothing more.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardWithOne, type TestProject } from '../helpers/interviews';
import { SCHEDULE } from '../helpers/pipeline';

let e2e: E2E;
let project: TestProject;
let person: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  ({ project, person } = await boardWithOne(e2e.db.knex, 'Stale dialog board: Site planner', { stage: 2 }));
});

const place = () => e2e.db.knex('project_candidates').where({ project_id: project.id, candidate_id: person.id });

const cardIn = (page: Page, stage: number) =>
  page.locator(`[data-testid="board-column"][data-stage="${stage}"] [data-guid="${person.guid}"]`);

/** The owner's board, the candidate in the shortlist, and the schedule dialog filled in for them. */
async function scheduleFilled(): Promise<{ page: Page; dialog: ReturnType<Page['getByRole']>; moves: () => number }> {
  if (!(await place().first('id'))) {
    await e2e.db.knex('project_candidates').insert({
      project_id: project.id,
      candidate_id: person.id,
      company_id: project.companyId,
      stage: 2,
      curated: true,
      last_recruitment_updated_at: new Date(),
    });
  }
  await place().update({ stage: 2 });
  const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/projects/recruitment')) sent += 1;
  });
  await cardIn(page, 2).getByTestId('candidate-menu').click();
  await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
  await dialog.getByLabel('Interviewer name').fill(SCHEDULE.interviewerName);
  await dialog.getByLabel('Interviewer email').fill(SCHEDULE.interviewerEmail);
  await dialog.getByLabel('Meeting link').fill(SCHEDULE.meetingLink);
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Singapore');
  await page.getByRole('option', { name: /^Asia\/Singapore/ }).click();
  const [day, time] = SCHEDULE.slots[0].split('T');
  await dialog.getByRole('textbox', { name: /^Day 1/ }).fill(day);
  await dialog.getByLabel(/^Time 1/).fill(time);
  return { page, dialog, moves: () => sent };
}

describe('A schedule dialog whose move went out of date', () => {
  it('closes with the moved-meanwhile notice when someone else moved the candidate, the board showing where', async () => {
    const { page, dialog, moves } = await scheduleFilled();
    // Someone else rejects the candidate while the dialog is open.
    await place().update({ stage: 6, rejected_from: 2 });

    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await page.getByText('This candidate was moved by someone else meanwhile').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(moves()).toBe(1);
    await cardIn(page, 6).waitFor();
    expect(await cardIn(page, 3).count()).toBe(0);
    expect((await place().first('stage')).stage).toBe(6);
  });

  it('closes with the notice when the candidate left the project meanwhile', async () => {
    const { page, dialog, moves } = await scheduleFilled();
    await place().delete();

    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await page.getByText('This candidate is not available in this project').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(moves()).toBe(1);
    await expect.poll(() => page.locator(`[data-guid="${person.guid}"]`).count()).toBe(0);
  });

  it('sends nothing more when Enter is pressed in the form while the move is on its way', async () => {
    const { page, dialog, moves } = await scheduleFilled();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const sent = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/projects/recruitment', async (route: Route) => {
      asked();
      await held;
      await route.fulfill({ status: 500 });
    });

    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await sent;
    await dialog.getByLabel('Interviewer name').press('Enter');
    await dialog.getByLabel('Meeting link').press('Enter');
    await page.waitForTimeout(300);
    expect(moves()).toBe(1);
    release();
    // The failure keeps the form as typed (a server failure is not a stale move).
    await dialog.getByTestId('prompt-error').waitFor();
    expect(await dialog.getByLabel('Meeting link').inputValue()).toBe(SCHEDULE.meetingLink);
    expect(moves()).toBe(1);
  });
});
