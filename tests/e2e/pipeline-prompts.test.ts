/**
 * The project page's prompts in a real browser: a bulk move of anonymous candidates out of the
 * suggested tab asks to reveal them first and clears the selection; a RaaS company's free-plan
 * project asks for the upgrade before the interview form, says when the credits do not cover it, and
 * continues with the form once upgraded; a power-plan project offers the guarantee before an offer,
 * which the company may decline;
 * an admin skips a candidate ahead;
 * the page works on a 390-pixel-wide phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

const signedIn = (...args: Parameters<E2E['signIn']>) => e2e.signIn(...args);

/** The UTC day `offset` days from today, as 'YYYY-MM-DD' (a Date would be written as the host zone's day). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A project of the company `email` works for, with candidates curated at `stage`. */
const projectWith = (email: string, fields: Record<string, unknown>, candidates: { id: number }[], stage: number) =>
  boardProject(e2e, email, fields, candidates, stage);

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Project page prompts', () => {
  it('A bulk move of anonymous candidates out of the suggested tab asks to reveal them, then clears the selection', async () => {
    const anonymous = await e2e.db
      .knex('candidates')
      .where({ status: 1, anonymous: true })
      .orderBy('id')
      .limit(2)
      .select('id', 'guid');
    expect(anonymous.length, 'two anonymous demo candidates').toBe(2);
    const project = await projectWith('owner@acme.example.com', { title: 'Reveal test project' }, anonymous, 0);
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}`);
    for (const c of anonymous) await row(page, c.guid).waitFor();
    for (const c of anonymous) await row(page, c.guid).getByRole('checkbox').check();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar.innerText()).resolves.toContain('2 selected');
    await bar.getByRole('button', { name: 'Move to Longlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal 2 candidates?' });
    await dialog.getByRole('button', { name: 'Reveal and move' }).click();
    await expect
      .poll(() =>
        e2e.db
          .knex('project_candidates')
          .where('project_id', project.id)
          .whereNotNull('revealed_at')
          .where('stage', 1)
          .count({ n: '*' })
          .first(),
      )
      .toEqual({ n: 2 });
    await bar.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('count-1').innerText()).toBe('2');
  });

  it("A RaaS company's free-plan project asks for the upgrade before the interview form, names the missing credits, and continues with the form once upgraded", async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id', 'desc')
      .limit(1)
      .select('id', 'guid');
    const project = await projectWith(
      'owner@raas.example.com',
      { title: 'RaaS upgrade test', project_type: 2, plan: 1 },
      [candidate],
      2,
    );
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(-1) });
    // Past its trial and out of credits: the demo's seeded ones (seeds/demo/credits.ts) emptied.
    await e2e.db.knex('credit_lots').where('company_id', project.companyId).update({ remaining: 0 });
    const page = await signedIn('owner@raas.example.com', undefined, `/project/${project.guid}`);
    // RaaS companies see the tabs from the shortlist on.
    await page.getByTestId('tab-2').waitFor();
    await expect(page.getByTestId('tab-0').count()).resolves.toBe(0);
    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();

    // The plan rule comes first: no form is shown for a move the plan forbids.
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Power to continue' });
    await upgrade.waitFor();
    await expect(page.getByRole('dialog', { name: 'Schedule the interview' }).count()).resolves.toBe(0);
    await upgrade.getByRole('button', { name: 'Upgrade for 1 credit' }).click();
    await expect(upgrade.getByTestId('prompt-error').innerText()).resolves.toContain('Not enough credits');
    expect(
      await e2e.db
        .knex('project_candidates')
        .where({ project_id: project.id, candidate_id: candidate.id })
        .first('stage'),
    ).toEqual({ stage: 2 });

    // During the company's free trial the upgrade costs nothing: the move then goes through.
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    await upgrade.getByRole('button', { name: 'Upgrade for 1 credit' }).click();
    await expect.poll(async () => (await e2e.db.knex('projects').where('id', project.id).first('plan')).plan).toBe(2);

    // Once upgraded, the move continues with the schedule form.
    const schedule = page.getByRole('dialog', { name: 'Schedule the interview' });
    await schedule.getByLabel('Interviewer name').fill('Rachel Ng');
    await schedule.getByLabel('Interviewer email').fill('rachel@raas.example.com');
    await schedule.getByRole('radio', { name: 'In person' }).check();
    await schedule.getByLabel('Address').fill('1 Raffles Place, Singapore');
    await schedule.getByRole('combobox', { name: 'Time zone' }).fill('Singapore');
    await page.getByRole('option', { name: /^Asia\/Singapore/ }).click();
    await schedule.getByRole('textbox', { name: /^Day 1/ }).fill(`${new Date().getFullYear() + 1}-02-01`);
    await schedule.getByLabel(/^Time 1/).fill('10:00');
    await schedule.getByRole('button', { name: 'Schedule and move' }).click();
    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .knex('project_candidates')
              .where({ project_id: project.id, candidate_id: candidate.id })
              .first('stage')
          ).stage,
      )
      .toBe(3);
    await page.getByTestId('project-plan').getByText('Power').waitFor();
    // The schedule is remembered for this person only, and forgotten when they sign out (another account on the
    // same browser never opens with their interviewer and address).
    const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => /schedule/i.test(k)));
    const raasOwner = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('id');
    expect(await kept()).toEqual([`talentbase.personal.lastSchedule:User:${raasOwner.id}`]);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/auth/login');
    expect(await kept()).toEqual([]);
  });

  it('A power-plan project offers a guarantee before the offer, and moves the candidate without it when asked', async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .offset(6)
      .limit(1)
      .select('id', 'guid');
    const project = await projectWith(
      'owner@acme.example.com',
      { title: 'No guarantee test project', plan: 2 },
      [candidate],
      7,
    );
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=7`);
    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Offered' }).click();
    await page
      .getByRole('dialog', { name: 'Guarantee this candidate?' })
      .getByRole('button', { name: 'Move without guarantee' })
      .click();
    await expect
      .poll(async () =>
        e2e.db
          .knex('project_candidates')
          .where({ project_id: project.id, candidate_id: candidate.id })
          .first('stage', e2e.db.knex.raw('guaranteed_at is not null as guaranteed')),
      )
      .toEqual({ stage: 4, guaranteed: false });
  });

  it('A power-plan project asks to guarantee a candidate before the offer, then moves them', async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .offset(5)
      .limit(1)
      .select('id', 'guid');
    const project = await projectWith(
      'owner@acme.example.com',
      { title: 'Guarantee test project', plan: 2 },
      [candidate],
      7,
    );
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    const page = await signedIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=7`);
    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Offered' }).click();
    await page
      .getByRole('dialog', { name: 'Guarantee this candidate?' })
      // No plan binds a normal company's project: the guarantee costs it nothing, and the button says so.
      .getByRole('button', { name: 'Guarantee the candidate' })
      .click();
    await expect
      .poll(async () =>
        e2e.db
          .knex('project_candidates')
          .where({ project_id: project.id, candidate_id: candidate.id })
          .first('stage', e2e.db.knex.raw('guaranteed_at is not null as guaranteed')),
      )
      .toEqual({ stage: 4, guaranteed: true });
  });

  it('An admin skips a candidate straight from the longlist to offered, and sees the edit link', async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .offset(7)
      .limit(1)
      .select('id', 'guid');
    const project = await projectWith('owner@acme.example.com', { title: 'Admin skip test project' }, [candidate], 1);
    const page = await signedIn('admin@example.com', undefined, `/project/${project.guid}?tab=1`);
    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Edit candidate' }).waitFor();
    await page.getByRole('menuitem', { name: 'Skip to Offered' }).click();
    await expect
      .poll(
        async () =>
          (
            await e2e.db
              .knex('project_candidates')
              .where({ project_id: project.id, candidate_id: candidate.id })
              .first('stage')
          ).stage,
      )
      .toBe(4);
    await expect.poll(() => page.getByTestId('count-4').innerText()).toBe('1');
    await expect(page.getByTestId('support-chat').count()).resolves.toBe(0);
  });

  it('The page works on a 390-pixel-wide phone: tabs scroll, the board scrolls sideways and nothing else overflows', async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .offset(10)
      .limit(1)
      .select('id', 'guid');
    const project = await projectWith('owner@acme.example.com', { title: 'Phone layout test' }, [candidate], 1);
    const page = await signedIn(
      'owner@acme.example.com',
      { width: 390, height: 844 },
      `/project/${project.guid}?tab=1`,
    );
    await row(page, candidate.guid).waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Board' }).click();
    await page.locator(`[data-testid="board-card"][data-guid="${candidate.guid}"]`).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Support chat' }).waitFor();
  });
});
