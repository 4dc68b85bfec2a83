/**
 * A move's upgrade prompt after a teammate upgraded the project and this page missed the live event, in a real
 * browser: the page still holds the free plan and asks for the upgrade, which the server answers "already on the
 * Power plan"; that is the upgrade done, so the move goes on (the interview form) instead of stopping on the refusal.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

/** The UTC day `offset` days from today, as 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startE2E();
});

describe('A move whose project a teammate upgraded meanwhile', () => {
  it('takes the "already on the Power plan" answer as the upgrade done, and continues with the interview form', async () => {
    const [candidate] = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id', 'desc')
      .offset(2)
      .limit(1)
      .select('id', 'guid');
    const project = await boardProject(
      e2e,
      'owner@raas.example.com',
      { title: 'Teammate upgrade test', project_type: 2, plan: 1 },
      [candidate],
      2,
    );
    // During the free trial the upgrade costs nothing: the teammate's goes through.
    await e2e.db
      .knex('companies')
      .where('id', project.companyId)
      .update({ trial_ends_at: day(7) });
    const page = await e2e.signIn('owner@raas.example.com', undefined, `/project/${project.guid}`);
    await row(page, candidate.guid).waitFor();

    // A teammate's upgrade whose live event this page missed (a dropped connection): the page reads the project
    // again when the event arrives (project-live-plan.test.ts), so here the plan changes in the database, which
    // raises no event, and the page keeps the free plan it loaded.
    await e2e.db.knex('projects').where('id', project.id).update({ plan: 2, activated_at: new Date() });

    // This page still holds the free plan: it asks for the upgrade, then goes on with the move.
    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Power to continue' });
    await upgrade.getByRole('button', { name: /^Upgrade/ }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule the interview' });
    const failure = upgrade.getByTestId('prompt-error');
    const outcome = await Promise.race([
      schedule
        .waitFor({ timeout: 10_000 })
        .then(() => 'schedule')
        .catch(() => 'no schedule form'),
      failure
        .waitFor({ timeout: 10_000 })
        .then(async () => `prompt error: ${await failure.innerText()}`)
        .catch(() => 'no prompt error'),
    ]);
    expect(outcome).toBe('schedule');
    await expect(upgrade.count()).resolves.toBe(0);
  });
});
