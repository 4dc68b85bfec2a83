/**
 * The days of interview times are written as the product writes dates ('2 Mar 2027'), not in the browser's
 * locale order: the board's schedule dialog (each proposed time a day and a time, on a phone and a laptop)
 * and a project's interview slots in its settings.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const year = new Date().getFullYear() + 1;
let e2e: E2E;
let world: ProjectsWorld;
let people: { id: number; guid: string }[];

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
  people = await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id', 'desc')
    .limit(2)
    .select('id', 'guid');
});

const slot = (page: Page, n: number) =>
  page.getByRole('dialog', { name: 'Schedule the interview' }).getByRole('group', { name: `Proposed time ${n}` });

describe('Days of interview times', () => {
  for (const [size, viewport, who] of [
    ['a phone', PHONE, 0],
    ['a laptop', LAPTOP, 1],
  ] as const)
    it(`On ${size}, a proposed time is a day written '2 Mar ${year}' and a time, read in the schedule's zone`, async () => {
      const person = people[who];
      const project = await boardProject(e2e, OWNER, { title: `Schedule days ${size}` }, [person], 2);
      const page = await e2e.signIn(OWNER, viewport, `/project/${project.guid}?view=board`);
      const card = page.locator(`[data-testid="board-card"][data-guid="${person.guid}"]`);
      await card.getByTestId('candidate-menu').click();
      await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
      await dialog.getByLabel('Interviewer name').fill('Dana Lim');
      await dialog.getByLabel('Interviewer email').fill('dana.lim@acme.example.com');
      await dialog.getByLabel('Meeting link').fill('meet.example.com/days');
      await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Singapore');
      await page.getByRole('option', { name: /^Asia\/Singapore/ }).click();

      // A day typed in ISO order is shown in the product's order; a day without a time is not a slot yet.
      const day = slot(page, 1).getByRole('textbox', { name: /^Day 1/ });
      await day.fill(`${year}-03-02`);
      await day.press('Enter');
      await expect.poll(() => day.inputValue()).toBe(`2 Mar ${year}`);
      await dialog.getByRole('button', { name: 'Schedule and move' }).click();
      await slot(page, 1).getByText('Enter a date and a time').waitFor();
      await slot(page, 1)
        .getByLabel(/^Time 1/)
        .fill('10:00');

      // Text that reads as no day keeps its place, marked, and the schedule is refused.
      await dialog.getByRole('button', { name: 'Add another time' }).click();
      const second = slot(page, 2).getByRole('textbox', { name: /^Day 2/ });
      await second.fill('next Tuesday');
      await slot(page, 2)
        .getByLabel(/^Time 2/)
        .fill('14:30');
      await dialog.getByRole('button', { name: 'Schedule and move' }).click();
      await slot(page, 2).getByText('Enter a date like 2 Dec 2026').waitFor();
      await expect(second.inputValue()).resolves.toBe('next Tuesday');
      const box = await dialog.boundingBox();
      expect(box!.x + box!.width, 'the dialog fits the screen').toBeLessThanOrEqual(viewport.width);
      await second.fill(`3 Mar ${year}`);
      await dialog.getByRole('button', { name: 'Schedule and move' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const row = () =>
        e2e.db
          .knex('project_candidates')
          .where({ project_id: project.id, candidate_id: person.id })
          .first('stage', 'schedule_data');
      await expect.poll(async () => (await row()).stage).toBe(3);
      const stored = await row();
      expect(stored.schedule_data).toMatchObject({
        timezone: 'Asia/Singapore',
        slots: [`${year}-03-02T10:00`, `${year}-03-03T14:30`],
      });
    });

  it("A project's interview slots take their day in the product's order", async () => {
    const page = await e2e.signIn(OWNER, LAPTOP, '/projects', { shared: true });
    const title = `Slot days ${Date.now().toString(36)}`;
    const project = await createProject(page, world, title);
    await page.goto(`${e2e.baseUrl}/projects?q=${encodeURIComponent(title)}`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await settings.getByRole('button', { name: 'Add a date and time' }).click();
    const date = settings.getByRole('textbox', { name: /^Date/ });
    await date.fill(`${year}-04-07`);
    await date.press('Tab');
    await expect.poll(() => date.inputValue()).toBe(`7 Apr ${year}`);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    const stored = await e2e.db.knex('projects').where('guid', project.guid).first('date_time_slots');
    expect(stored.date_time_slots).toEqual([{ date: `${year}-04-07`, startTime: '09:00', endTime: '10:00' }]);
  });
});
