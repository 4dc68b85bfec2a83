/**
 * The portal's forms on a touch phone (390×844, a finger for a pointer), and at 1440×900 where the layout changes:
 * - the candidate profile's number fields (salaries, education years) open the digits keyboard: `inputmode` is on the
 *   <input> itself; the required salary's label reads whole, its currency under it on a phone and beside it on a
 *   laptop; a skill's star and remove buttons each answer a tap 40px square, apart, while a mouse's screen keeps them
 *   small; the small buttons ("Change email", "Add experience"…) and the calendar button of "Available from" are 40px;
 * - the "Add to project" dialog fills a phone's screen and shows a project's whole name, however long;
 * - the schedule dialog gives a proposed time's day the row's whole width on a phone (its placeholder read whole), the
 *   time under it, and a calendar button of 40px;
 * - /integrations' "Connect" and "Set as our ATS" and the project settings' Pause, Close and Duplicate are 40px tall;
 *   the sharing panel shows a colleague's long address whole.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, call, createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const OWNER = 'owner@acme.example.com';
const CANDIDATE = 'candidate@example.com';
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

/** A page signed in as `email` on `at`: a touch phone's (isMobile, hasTouch), or a laptop's with a mouse. */
async function open(email: string, at: string, phone: boolean): Promise<Page> {
  const signed = await e2e.signIn(email, undefined, null, { shared: true });
  const context = await e2e.browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: LAPTOP },
  );
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${at}`);
  return page;
}

const height = async (button: Locator) => (await button.boundingBox())!.height;

/** Whether an element's text is shown whole: nothing cut off or hidden under an ellipsis. */
const whole = (el: Locator) => el.evaluate((node) => node.scrollWidth <= node.clientWidth);

/**
 * Whether a tap anywhere in the 40px square around `button`'s centre reaches it (the corners 19px out each way, and
 * the points halfway to them).
 */
const answersTapsAround = (button: Locator) =>
  button.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    return [-19, -10, 0, 10, 19].every((dx) =>
      [-19, -10, 0, 10, 19].every((dy) => {
        const hit = document.elementFromPoint(x + dx, y + dy);
        return !!hit && (hit === node || node.contains(hit));
      }),
    );
  });

describe('The candidate profile by touch', () => {
  it('opens the digits keyboard for numbers, reads the salary label whole and has 40px targets (phone)', async () => {
    await e2e.db
      .knex('candidates')
      .where('email', CANDIDATE)
      .update({ notice_period: JSON.stringify({ type: 2, option: '2027-03-02' }) });
    const page = await open(CANDIDATE, '/candidate/profile', true);
    const salary = page.locator('input[name="expectedSalary"]');
    await salary.waitFor();
    expect.soft(await salary.getAttribute('inputmode')).toBe('numeric');
    expect.soft(await page.locator('input[name="currentSalary"]').getAttribute('inputmode')).toBe('numeric');
    // Only the <input> says it: a phone reads no keyboard off the field's outer box.
    expect.soft(await page.locator('.MuiFormControl-root[inputmode]').count()).toBe(0);

    // The required salary's label, its asterisk included, is not cut; the currency goes under the amount.
    const label = page.locator(`label[for="${await salary.getAttribute('id')}"]`);
    expect.soft(await label.innerText()).toMatch(/^Expected minimum basic salary/);
    expect.soft(await whole(label)).toBe(true);
    const currency = page.getByRole('combobox', { name: 'Currency' }).first();
    expect.soft((await currency.boundingBox())!.y).toBeGreaterThan((await salary.boundingBox())!.y + 40);

    // A skill's star and remove buttons each answer a tap in the 40px around them, neither taking the other's.
    const go = page.getByRole('listitem').filter({ hasText: /^Go$/ });
    for (const button of [
      go.getByRole('button', { name: 'Highlight Go' }),
      go.getByRole('button', { name: 'Remove Go' }),
    ]) {
      await button.scrollIntoViewIfNeeded();
      expect.soft(await answersTapsAround(button), (await button.getAttribute('aria-label')) ?? '').toBe(true);
    }

    // The calendar button of "Available from" is a finger's size.
    const calendar = page.getByRole('button', { name: /^Choose the date: Available from/ });
    const box = (await calendar.boundingBox())!;
    expect.soft(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);

    // The small buttons are 40px tall.
    for (const name of ['Change email', 'Add experience', 'Add education', 'Add language', 'Upload'])
      expect
        .soft(await height(page.getByRole('button', { name, exact: true }).first()), name)
        .toBeGreaterThanOrEqual(40);
    expect
      .soft(await height(page.getByRole('button', { name: /^Add preferred location/ }).first()))
      .toBeGreaterThanOrEqual(40);

    // An education's years open the digits keyboard too.
    await page.getByRole('button', { name: 'Add education', exact: true }).click();
    for (const name of ['educations.0.startYear', 'educations.0.endYear'])
      expect.soft(await page.locator(`input[name="${name}"]`).getAttribute('inputmode'), name).toBe('numeric');
  });

  it('keeps the currency beside the salary and the buttons small for a mouse (1440×900)', async () => {
    const page = await open(CANDIDATE, '/candidate/profile', false);
    const salary = page.locator('input[name="expectedSalary"]');
    await salary.waitFor();
    expect.soft(await salary.getAttribute('inputmode')).toBe('numeric');
    const label = page.locator(`label[for="${await salary.getAttribute('id')}"]`);
    expect.soft(await whole(label)).toBe(true);
    const currency = page.getByRole('combobox', { name: 'Currency' }).first();
    const [amountBox, currencyBox] = [(await salary.boundingBox())!, (await currency.boundingBox())!];
    expect.soft(Math.abs(currencyBox.y - amountBox.y)).toBeLessThan(10);
    expect.soft(currencyBox.x).toBeGreaterThan(amountBox.x + amountBox.width);
    expect.soft(await height(page.getByRole('button', { name: 'Add experience', exact: true }))).toBeLessThan(36);
    // The star keeps its 24px for a mouse: 19px out from its centre is not the star.
    const star = page.getByRole('button', { name: 'Highlight Go' });
    expect.soft(await answersTapsAround(star)).toBe(false);
  });
});

describe('Projects screens by touch', () => {
  it('the Add to project dialog fills a phone and names each project whole', async () => {
    const title = `Senior Backend Platform Engineer for Payments and Ledger Reconciliation ${run}`;
    const owner = await e2e.signIn(OWNER, undefined, '/projects', { shared: true });
    await createProject(owner, world, title);
    for (const phone of [true, false]) {
      const page = await open(OWNER, `/search`, phone);
      await page.getByTestId('result-card').first().getByTestId('add-to-project').click();
      const dialog = page.getByTestId('add-to-project-dialog');
      const item = dialog.locator(`[data-project-title="${title}"]`);
      const name = item.getByText(title, { exact: true });
      await name.waitFor();
      expect.soft(await whole(name), `the whole name, phone: ${phone}`).toBe(true);
      // The name stays clear of the Add button beside it.
      const [nameBox, add] = [(await name.boundingBox())!, (await item.getByRole('button').boundingBox())!];
      expect.soft(nameBox.x + nameBox.width).toBeLessThanOrEqual(add.x);
      if (phone) expect.soft((await dialog.getByRole('dialog').boundingBox())!.width).toBe(PHONE.width);
    }
  });

  it("the schedule dialog's day has the row on a phone, the time under it, and a 40px calendar button", async () => {
    const [person] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .whereNotNull('first_name')
      .orderBy('id', 'desc')
      .limit(1)
      .select('id', 'guid');
    for (const phone of [true, false]) {
      const project = await boardProject(e2e, OWNER, { title: `Schedule by touch ${phone} ${run}` }, [person], 2);
      const page = await open(OWNER, `/project/${project.guid}?view=board`, phone);
      const card = page.locator(`[data-testid="board-card"][data-guid="${person.guid}"]`);
      await card.getByTestId('candidate-menu').click();
      await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
      const slot = page
        .getByRole('dialog', { name: 'Schedule the interview' })
        .getByRole('group', { name: 'Proposed time 1' });
      const day = slot.getByRole('textbox', { name: /^Day 1/ });
      const time = slot.getByLabel(/^Time 1/);
      const [dayBox, timeBox] = [(await day.boundingBox())!, (await time.boundingBox())!];
      // The placeholder ('e.g. 2 Dec 2026') fits in the field.
      const fits = await day.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const pen = document.createElement('canvas').getContext('2d')!;
        pen.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return pen.measureText(input.placeholder).width <= room;
      });
      expect.soft(fits, `the day's placeholder read whole, phone: ${phone}`).toBe(true);
      if (phone) {
        expect.soft(timeBox.y).toBeGreaterThan(dayBox.y + dayBox.height);
        const calendar = (await slot.getByRole('button', { name: /^Choose the date/ }).boundingBox())!;
        expect.soft(Math.min(calendar.width, calendar.height)).toBeGreaterThanOrEqual(40);
      } else expect.soft(Math.abs(timeBox.y - dayBox.y)).toBeLessThan(10);
    }
  });

  it("the integrations' and project settings' small buttons are 40px, the sharing panel's addresses whole", async () => {
    const page = await open(OWNER, '/integrations', true);
    await page
      .getByRole('button', { name: /^Connect/ })
      .first()
      .waitFor();
    const buttons = await page.getByRole('button', { name: /^(Connect|Set as our ATS)/ }).all();
    expect.soft(buttons.length).toBeGreaterThan(1);
    for (const button of buttons)
      expect.soft(await height(button), (await button.textContent()) ?? '').toBeGreaterThanOrEqual(40);

    const owner = await e2e.signIn(OWNER, undefined, '/projects', { shared: true });
    const title = `Touch settings ${run}`;
    const project = await createProject(owner, world, title);
    const email = `a.colleague.with.a.rather.long.address.${run}@acme.example.com`;
    const company = await e2e.db.knex('company_users').where('email', OWNER).first('company_id');
    const [colleague] = await e2e.db
      .knex('company_users')
      .insert({ company_id: company.company_id, email, first_name: 'Ana', last_name: 'Long', role: 3, status: 1 })
      .returning('id');
    const shared = await call(owner, 'POST', 'project-share/access/user', {
      projectId: project.id,
      userId: `User:${colleague.id}`,
      accessType: 1,
    });
    expect.soft(shared.status, JSON.stringify(shared.body)).toBeLessThan(300);
    await page.goto(`${e2e.baseUrl}/projects?q=${run}`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    for (const name of ['Pause', 'Close project', 'Duplicate'])
      expect.soft(await height(settings.getByRole('button', { name, exact: true })), name).toBeGreaterThanOrEqual(40);
    await page.goto(`${e2e.baseUrl}/projects?q=${run}`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const address = page.getByTestId('project-sharing').locator(`[data-user-email="${email}"]`).getByText(email);
    await address.waitFor();
    expect.soft(await whole(address)).toBe(true);
  });
});
