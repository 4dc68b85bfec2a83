/**
 * The project page in a real browser against the real server: a company user moves a candidate
 * across the board to placed (the schedule dialog at the interviews, remembered the second time),
 * a refused drop snaps back with the reason, a move the server refuses rolls back with its message,
 * a card moves with the keyboard alone, a candidate is
 * rejected with a reason from the list and a note is added in the profile panel; an unknown
 * project goes back to the projects list.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let project: { id: number; guid: string };
/** Curated candidates, each at the stage the test starts them from. */
const people: Record<'mover' | 'refused' | 'keyboard' | 'rejected', { id: number; guid: string; name: string }> =
  {} as never;

const signedIn = (...args: Parameters<E2E['signIn']>) => e2e.signIn(...args);

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  [project] = await knex('projects')
    .insert({
      title: 'Pipeline board test: Backend engineer',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
    })
    .returning(['id', 'guid']);
  const found = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .limit(4)
    .select('id', 'guid', knex.raw(`first_name || ' ' || last_name as name`));
  expect(found.length, 'four visible demo candidates').toBe(4);
  const keys = ['mover', 'refused', 'keyboard', 'rejected'] as const;
  keys.forEach((k, i) => (people[k] = found[i]));
  await knex('project_candidates').insert(
    found.map((c) => ({
      project_id: project.id,
      candidate_id: c.id,
      company_id: owner.company_id,
      stage: 1,
      curated: true,
      last_recruitment_updated_at: new Date(),
    })),
  );
});

const stageOf = async (candidateId: number) =>
  (await e2e.db.knex('project_candidates').where({ project_id: project.id, candidate_id: candidateId }).first('stage'))
    .stage;
const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const card = (page: Page, guid: string) => page.locator(`[data-testid="board-card"][data-guid="${guid}"]`);
/**
 * Waits until the board shows the card in the stage's column. The database answers a move before the board
 * has redrawn it, and a menu opened on the card in its old column closes when that card leaves the column.
 */
const landed = (page: Page, stage: number, guid: string) =>
  column(page, stage).locator(`[data-guid="${guid}"]`).waitFor();

/**
 * What the board tells screen readers as a drag goes on. It is also the sign that the board has
 * measured its columns and knows where the card is, which a slow machine may take a moment for.
 */
const announced = (page: Page, text: string, timeout?: number) =>
  page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached', timeout });

/**
 * A pointer drag with intermediate moves, as a person drags (the board starts a drag after a few
 * pixels), let go once the board says the card is over the column, as a person lets go once they see it.
 */
async function drag(page: Page, from: Locator, to: Locator) {
  for (let attempt = 1; ; attempt += 1) {
    // A person drags once the board is drawn: every column's candidates arrived (each says so until then).
    await expect.poll(() => page.locator('[data-testid="board-column"][data-loading]').count()).toBe(0);
    // Both the card and the column are on screen: the board scrolls sideways, and a drag before it may end off it.
    await from.scrollIntoViewIfNeeded();
    await to.scrollIntoViewIfNeeded();
    await from.scrollIntoViewIfNeeded();
    const stage = await to.getAttribute('aria-label');
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 4 });
    // Picked up, and over the column it was picked from. A card redrawn under the pointer as it was pressed (the
    // board refreshed from a live update) is not picked up: a person lets go and picks it up again.
    const picked = await announced(page, ' is over ', attempt === 1 ? 10_000 : undefined).then(
      () => true,
      (error: unknown) => {
        if (attempt > 1) throw error;
        return false;
      },
    );
    if (!picked) {
      await page.mouse.up();
      continue;
    }
    // Towards the column until it is under the pointer, as a person follows it: a column off the screen's edge comes in
    // as the board scrolls itself (the pointer held at that edge), at a pace the machine's frames decide.
    const view = page.viewportSize() as { width: number; height: number };
    for (let box = b, tries = 1; ; tries += 1) {
      const x = Math.min(Math.max(box.x + box.width / 2, 8), view.width - 8);
      await page.mouse.move(x, Math.min(box.y + 80, view.height - 8), { steps: 12 });
      const over = await announced(page, `is over ${stage}.`, tries < 8 ? 2_000 : undefined).then(
        () => true,
        (error: unknown) => {
          if (tries >= 8) throw error;
          return false;
        },
      );
      if (over) break;
      box = (await to.boundingBox())!;
    }
    await page.mouse.up();
    return;
  }
}

async function schedule(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
  await dialog.waitFor();
  return dialog;
}

describe('The project board', () => {
  it('A refused drop snaps back with the reason, and a candidate moves across the board to placed with the schedule dialog at the interviews', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    await page.getByRole('heading', { name: 'Pipeline board test: Backend engineer' }).waitFor();
    await card(page, people.refused.guid).waitFor();
    await expect(page.getByTestId('count-1').innerText()).resolves.toBe('4');

    // Longlist straight to Interviewed 2+ is not a step a company may take.
    await drag(page, card(page, people.refused.guid), column(page, 7));
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('one stage at a time');
    await column(page, 1).locator(`[data-guid="${people.refused.guid}"]`).waitFor();
    expect(await stageOf(people.refused.id)).toBe(1);

    // Longlist → Shortlist by dragging.
    await drag(page, card(page, people.mover.guid), column(page, 2));
    await column(page, 2).locator(`[data-guid="${people.mover.guid}"]`).waitFor();
    await expect.poll(() => stageOf(people.mover.id)).toBe(2);

    // Shortlist → Interviewed from the card's menu: the schedule dialog comes first.
    await card(page, people.mover.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
    let dialog = await schedule(page);
    // Nothing is marked wrong before anything was typed; a field left empty says so once left.
    await expect(dialog.locator('.Mui-error').count()).resolves.toBe(0);
    await dialog.getByLabel('Interviewer name').focus();
    await dialog.getByLabel('Interviewer email').focus();
    await dialog.getByText('Enter the interviewer’s name').waitFor();
    await expect(dialog.getByText('Enter the interviewer’s email').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await dialog
      .getByText('Propose at least one date and time')
      .or(dialog.getByText('Enter a date and a time'))
      .first()
      .waitFor();
    await dialog.getByLabel('Interviewer name').fill('Dana Lim');
    await dialog.getByLabel('Interviewer email').fill('dana.lim@acme.example.com');
    // A link typed without https:// is read as an https link.
    await dialog.getByLabel('Meeting link').fill('meet.example.com/backend-1');
    // The time zone is found by its city or its offset, and shown by its whole name.
    const zone = dialog.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('GMT+8');
    await page.getByRole('option', { name: 'Asia/Singapore · Singapore (GMT+8)' }).waitFor();
    await zone.fill('Singapore');
    await page.getByRole('option', { name: 'Asia/Singapore · Singapore (GMT+8)' }).click();
    await expect(zone.inputValue()).resolves.toBe('Asia/Singapore · Singapore (GMT+8)');
    const box = (await zone.boundingBox())!;
    expect(box.width, 'the whole zone name fits').toBeGreaterThan(300);
    const year = new Date().getFullYear() + 1;
    await dialog
      .getByRole('group', { name: 'Proposed time 1' })
      .getByRole('textbox', { name: /^Day 1/ })
      .fill(`${year}-03-02`);
    await dialog
      .getByRole('group', { name: 'Proposed time 1' })
      .getByLabel(/^Time 1/)
      .fill('10:00');
    await dialog.getByRole('button', { name: 'Add another time' }).click();
    await dialog
      .getByRole('group', { name: 'Proposed time 2' })
      .getByRole('textbox', { name: /^Day 2/ })
      .fill(`${year}-03-03`);
    await dialog
      .getByRole('group', { name: 'Proposed time 2' })
      .getByLabel(/^Time 2/)
      .fill('14:30');
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => stageOf(people.mover.id)).toBe(3);
    await landed(page, 3, people.mover.guid);
    const scheduled = await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: people.mover.id })
      .first('schedule_data');
    expect(scheduled.schedule_data).toMatchObject({
      interviewerName: 'Dana Lim',
      meetingLink: 'https://meet.example.com/backend-1',
      timezone: 'Asia/Singapore',
      slots: [`${year}-03-02T10:00`, `${year}-03-03T14:30`],
    });

    // Interviewed → Interviewed 2+: the last schedule is remembered.
    await card(page, people.mover.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed 2+' }).click();
    dialog = await schedule(page);
    await expect(dialog.getByLabel('Interviewer name').inputValue()).resolves.toBe('Dana Lim');
    // Times are proposed afresh for each interview.
    await expect(dialog.getByRole('textbox', { name: /^Day 1/ }).inputValue()).resolves.toBe('');
    await dialog
      .getByRole('group', { name: 'Proposed time 1' })
      .getByRole('textbox', { name: /^Day 1/ })
      .fill(`${year}-03-09`);
    await dialog
      .getByRole('group', { name: 'Proposed time 1' })
      .getByLabel(/^Time 1/)
      .fill('10:00');
    await dialog.getByRole('button', { name: 'Schedule and move' }).click();
    await expect.poll(() => stageOf(people.mover.id)).toBe(7);
    await landed(page, 7, people.mover.guid);

    for (const [label, stage] of [
      ['Move to Offered', 4],
      ['Move to Placed', 5],
    ] as const) {
      await card(page, people.mover.guid).getByTestId('candidate-menu').click();
      await page.getByRole('menuitem', { name: label }).click();
      await expect.poll(() => stageOf(people.mover.id)).toBe(stage);
      await landed(page, stage, people.mover.guid);
    }
    await column(page, 5).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('count-5').innerText()).toBe('1');
  });

  it('A focused card moves to the next stage with the keyboard alone', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    const target = card(page, people.keyboard.guid);
    await target.waitFor();
    // The keys are explained to screen readers.
    await expect(page.locator('#board-keyboard-help').innerText()).resolves.toContain('arrow keys');
    await target.getByTestId('board-card-handle').focus();
    await page.keyboard.press('Space');
    await announced(page, `${people.keyboard.name} is over Longlist.`);
    // The board listens for the arrow keys from its next task on (dnd-kit adds that listener in a
    // setTimeout), which a busy browser may run after the announcement: a key pressed before it is lost.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowRight');
    await announced(page, `${people.keyboard.name} is over Shortlist.`);
    await page.keyboard.press('Space');
    await column(page, 2).locator(`[data-guid="${people.keyboard.guid}"]`).waitFor();
    await expect.poll(() => stageOf(people.keyboard.id)).toBe(2);
  });

  it("A move the server refuses is shown at once, then undone with the server's message", async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    await card(page, people.refused.guid).waitFor();
    // Someone else rejects the candidate as the card is dropped: the board still shows them in the longlist. (Rejected
    // before the drag, a live update still on its way from the last test's move could redraw the board with it first.)
    await page.route('**/api/v1/projects/recruitment', async (route) => {
      await e2e.db
        .knex('project_candidates')
        .where({ project_id: project.id, candidate_id: people.refused.id })
        .update({ stage: 6, rejected_from: 1 });
      await route.continue();
    });
    await drag(page, card(page, people.refused.guid), column(page, 2));
    // The move says it started in the longlist: refused as moved meanwhile, and the board shows where the server has them.
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain(
      'This candidate was moved by someone else meanwhile',
    );
    await column(page, 6).locator(`[data-guid="${people.refused.guid}"]`).waitFor();
    expect(await stageOf(people.refused.id)).toBe(6);
    await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: people.refused.id })
      .update({ stage: 1, rejected_from: null });
  });

  it('A company user rejects a candidate with a reason from the list and adds a note in the profile panel', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=1`);
    const row = page.locator(`[data-testid="pipeline-row"][data-guid="${people.rejected.guid}"]`);
    await row.waitFor();
    await row.getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject candidate' });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Skills do not match' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Needs more Kubernetes experience');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('Candidate rejected');
    await row.waitFor({ state: 'detached' });
    const rejected = await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: people.rejected.id })
      .first('stage', 'reject_data', 'rejected_from');
    expect(rejected).toMatchObject({
      stage: 6,
      rejected_from: 1,
      reject_data: { reason: 'skills', comment: 'Needs more Kubernetes experience' },
    });

    await page.getByTestId('tab-6').click();
    const moved = page.locator(`[data-testid="pipeline-row"][data-guid="${people.rejected.guid}"]`);
    await moved.getByRole('button', { name: people.rejected.name }).first().click();
    const panel = page.getByTestId('profile-panel');
    await panel.getByTestId('notes').getByText('No notes yet.').waitFor();
    await panel.getByTestId('note-input').fill('Strong communicator; revisit next quarter.');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await panel.getByTestId('note').filter({ hasText: 'Strong communicator; revisit next quarter.' }).waitFor();
    const note = await e2e.db
      .knex('candidate_notes')
      .where({ project_id: project.id, candidate_id: people.rejected.id })
      .first('note', 'deleted_at');
    expect(note).toEqual({ note: 'Strong communicator; revisit next quarter.', deleted_at: null });
  });

  it('An unknown project goes back to the projects list with the not-found message', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/project/Project:99999999`);
    await page.waitForURL((url) => url.pathname === '/projects');
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('does not exist');
  });
});
