/**
 * A move answered in a dialog (the interview schedule, the reject reason) is sent with the dialog still open: it waits,
 * its button pressed and disabled, until the server answers. Refused with a message (a failure on the server, a field
 * the server finds wrong), the dialog stays with what was typed and says why inside it, the field's own words beside
 * the field; sent again, the move goes through and the dialog closes.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardWithOne, type TestProject } from '../helpers/interviews';
import { REJECT, SCHEDULE } from '../helpers/pipeline';

let e2e: E2E;
let project: TestProject;
let person: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  ({ project, person } = await boardWithOne(e2e.db.knex, 'Refused dialog board: Data engineer', { stage: 2 }));
});

const cardIn = (page: Page, stage: number) =>
  page.locator(`[data-testid="board-column"][data-stage="${stage}"] [data-guid="${person.guid}"]`);

/** The owner's board, the candidate in the shortlist. */
async function board(): Promise<Page> {
  await e2e.db
    .knex('project_candidates')
    .where({ project_id: project.id, candidate_id: person.id })
    .update({ stage: 2 });
  const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
  await cardIn(page, 2).waitFor();
  return page;
}

/** The next move the page sends waits until `release` answers it; `sent` resolves once it was sent. */
function holdNextMove(page: Page) {
  let release!: (answer: (route: Route) => Promise<void>) => void;
  const answer = new Promise<(route: Route) => Promise<void>>((resolve) => (release = resolve));
  let sent!: () => void;
  const asked = new Promise<void>((resolve) => (sent = resolve));
  const ready = page.route(
    '**/projects/recruitment',
    async (route) => {
      sent();
      await (
        await answer
      )(route);
    },
    { times: 1 },
  );
  return { ready, asked, release };
}

async function fillSchedule(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
  await dialog.getByLabel('Interviewer name').fill(SCHEDULE.interviewerName);
  await dialog.getByLabel('Interviewer email').fill(SCHEDULE.interviewerEmail);
  await dialog.getByLabel('Meeting link').fill(SCHEDULE.meetingLink);
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Singapore');
  await page.getByRole('option', { name: /^Asia\/Singapore/ }).click();
  const [day, time] = SCHEDULE.slots[0].split('T');
  await dialog.getByRole('textbox', { name: /^Day 1/ }).fill(day);
  await dialog.getByLabel(/^Time 1/).fill(time);
  return dialog;
}

describe('A move refused while its dialog is open', () => {
  it('keeps the schedule dialog, pending while sent, with what was typed and the failure inside it', async () => {
    const page = await board();
    await cardIn(page, 2).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
    const dialog = await fillSchedule(page);

    const held = holdNextMove(page);
    await held.ready;
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await held.asked;
    // On its way: the dialog waits, its button cannot be pressed twice.
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Schedule and move' }).isDisabled()).toBe(true);
    held.release((route) => route.fulfill({ status: 500 }));

    await dialog.getByTestId('prompt-error').waitFor();
    expect(await dialog.getByTestId('prompt-error').innerText()).not.toBe('');
    expect(await dialog.getByLabel('Meeting link').inputValue()).toBe(SCHEDULE.meetingLink);
    expect(await dialog.getByLabel('Interviewer name').inputValue()).toBe(SCHEDULE.interviewerName);
    expect(await dialog.getByRole('button', { name: 'Schedule and move' }).isEnabled()).toBe(true);
    await cardIn(page, 2).waitFor();

    // A field the server finds wrong is named beside the field.
    await page.route(
      '**/projects/recruitment',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'errors.validation',
              message: 'errors.validation',
              fields: { 'scheduleFormData.meetingLink': 'scheduleFormData.meetingLink.errors.invalid' },
            },
          }),
        }),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await dialog.getByText('Enter a web address, such as meet.example.com/abc').waitFor();
    expect(await dialog.getByLabel('Meeting link').inputValue()).toBe(SCHEDULE.meetingLink);

    // Sent again as typed, the move goes through and the dialog closes.
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cardIn(page, 3).waitFor();
    await expect
      .poll(
        async () => (await e2e.db.knex('project_candidates').where({ project_id: project.id }).first('stage')).stage,
      )
      .toBe(3);
  });

  it('keeps the reject dialog with its reason and comment when the server fails', async () => {
    const page = await board();
    await cardIn(page, 2).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject candidate' });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Skills do not match' }).click();
    await dialog.getByLabel('Comment (optional)').fill(REJECT.comment);

    const held = holdNextMove(page);
    await held.ready;
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await held.asked;
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    held.release((route) => route.fulfill({ status: 500 }));

    await dialog.getByTestId('prompt-error').waitFor();
    expect(await dialog.getByLabel('Comment (optional)').inputValue()).toBe(REJECT.comment);
    expect(await dialog.getByRole('combobox', { name: 'Reason' }).innerText()).toContain('Skills do not match');

    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: person.id })
      .first('stage', 'reject_data');
    expect(row).toMatchObject({ stage: 6, reject_data: { reason: 'skills', comment: REJECT.comment } });
  });
});
