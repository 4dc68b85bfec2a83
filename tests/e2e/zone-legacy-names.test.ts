/**
 * A browser in India reports its zone by the legacy name 'Asia/Calcutta' (Chromium keeps ICU's ids); the portal names
 * it by its current one, Kolkata: the recruiter dashboard's days and the schedule dialog's zone. In the schedule dialog
 * a time New York's clocks show twice (01:30 as they go back) says which of the two is booked (the first, EDT), and one
 * they skip (02:30 as they go forward) says that it does not happen. On a laptop and a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
const SIZES = [
  ['a laptop', { width: 1440, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
] as const;
const year = new Date().getUTCFullYear() + 1;
/** The nth Sunday of a month of next year, as 'YYYY-MM-DD'. */
const sunday = (month: number, nth: number) => {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return `${year}-${String(month).padStart(2, '0')}-${String(1 + ((7 - first) % 7) + 7 * (nth - 1)).padStart(2, '0')}`;
};
/** New York's clocks go back on the first Sunday of November and forward on the second Sunday of March. */
const BACK = sunday(11, 1);
const FORWARD = sunday(3, 2);
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${iso}T00:00:00Z`))
    .replace('Sept', 'Sep');

let e2e: E2E;
let people: { id: number; guid: string }[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  people = await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id', 'desc')
    .offset(6)
    .limit(2)
    .select('id', 'guid');
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A page of a browser whose zone is 'Asia/Calcutta', at `viewport`, signed in as the owner through the API. */
async function inCalcutta(viewport: { width: number; height: number }): Promise<Page> {
  const context = await e2e.browser.newContext({ timezoneId: 'Asia/Calcutta', viewport });
  contexts.push(context);
  const headers = { origin: e2e.baseUrl };
  const sent = await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, {
    data: { email: OWNER },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email: OWNER, otp: await e2e.lastCode(OWNER) },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  return context.newPage();
}

describe('A browser reporting Asia/Calcutta', () => {
  SIZES.forEach(([size, viewport], who) =>
    it(`On ${size}, names the zone Kolkata and says which time the schedule books at a clock change`, async () => {
      const page = await inCalcutta(viewport);
      // What makes the case: the browser names its zone by the legacy name.
      await page.goto(`${e2e.baseUrl}/projects/dashboard`);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Calcutta');
      await page.getByText('the period’s days are those of Asia/Kolkata · Kolkata (GMT+5:30)').waitFor();
      expect(await page.locator('body').innerText()).not.toContain('Calcutta');

      const person = people[who];
      const project = await boardProject(e2e, OWNER, { title: `Legacy zone ${size}` }, [person], 2);
      await page.goto(`${e2e.baseUrl}/project/${project.guid}?view=board`);
      const card = page.locator(`[data-testid="board-card"][data-guid="${person.guid}"]`);
      await card.getByTestId('candidate-menu').click();
      await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule the interview' });
      const zone = dialog.getByRole('combobox', { name: 'Time zone' });
      await expect.poll(() => zone.inputValue()).toBe('Asia/Kolkata · Kolkata (GMT+5:30)');

      await dialog.getByLabel('Interviewer name').fill('Dana Lim');
      // One interviewer per screen size: one person is not booked twice at one time.
      await dialog.getByLabel('Interviewer email').fill(`dana.lim.${who}@acme.example.com`);
      await dialog.getByLabel('Meeting link').fill('meet.example.com/zones');
      await zone.fill('New York');
      await page.getByRole('option', { name: /^America\/New_York/ }).click();
      const slot = (n: number) => dialog.getByRole('group', { name: `Proposed time ${n}` });

      // 01:30 on the day the clocks go back happens twice: the dialog says the first is booked.
      const day = slot(1).getByRole('textbox', { name: /^Day 1/ });
      await day.fill(BACK);
      await day.press('Enter');
      await expect.poll(() => day.inputValue()).toBe(shown(BACK));
      await slot(1)
        .getByLabel(/^Time 1/)
        .fill('01:30');
      await slot(1)
        .getByText(
          '01:30 happens twice on this day as the clocks go back: the first (EDT, GMT-4) is booked, not the second (EST, GMT-5)',
        )
        .waitFor();

      // 02:30 on the day they go forward does not happen: said as it is typed, and refused once the field is left.
      await dialog.getByRole('button', { name: 'Add another time' }).click();
      const second = slot(2).getByRole('textbox', { name: /^Day 2/ });
      await second.fill(FORWARD);
      await second.press('Enter');
      await slot(2)
        .getByLabel(/^Time 2/)
        .fill('02:30');
      await slot(2)
        .getByText(/(02:30 does not happen on this day|This time does not exist).*clocks go forward/)
        .waitFor();
      const box = await dialog.boundingBox();
      expect(box!.x + box!.width, 'the dialog fits the screen').toBeLessThanOrEqual(viewport.width);

      // Without the skipped time, the repeated one is booked at its first occurrence.
      await dialog.getByRole('button', { name: 'Remove proposed time 2' }).click();
      await dialog.getByRole('button', { name: 'Schedule and move' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = () =>
        e2e.db
          .knex('project_candidates')
          .where({ project_id: project.id, candidate_id: person.id })
          .first('stage', 'schedule_data');
      await expect.poll(async () => (await row()).stage, { timeout: 20_000 }).toBe(3);
      expect((await row()).schedule_data).toMatchObject({ timezone: 'America/New_York', slots: [`${BACK}T01:30`] });
    }),
  );
});
