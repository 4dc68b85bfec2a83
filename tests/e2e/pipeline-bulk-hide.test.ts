/**
 * The pipeline list's bulk hide sends one request for the whole selection (the server hides all or none), and the
 * toast says how many were hidden.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const OWNER = 'owner@acme.example.com';
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const rows = (page: Page) =>
  page.locator('[data-testid="pipeline-row"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-guid')));

describe('Pipeline bulk hide', () => {
  it('hides the selected candidates in one request and says how many', async () => {
    const candidates = await e2e.db
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .limit(4)
      .select('id', 'guid');
    expect(candidates.length, 'four named demo candidates').toBe(4);
    const project = await boardProject(e2e, OWNER, { title: 'Bulk hide project' }, candidates, 0);
    const page = await e2e.signIn(OWNER, undefined, `/project/${project.guid}`);
    await expect.poll(() => rows(page).then((r) => r.length)).toBe(4);
    const [a, b, c, d] = (await rows(page)) as string[];

    const hideRequests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/projects/candidate/hidden')) hideRequests.push(r.url());
    });
    for (const guid of [a, b, c])
      await page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`).getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-bar').innerText()).resolves.toContain('3 selected');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Hide', exact: true }).click();
    await page.getByRole('dialog', { name: 'Hide 3 candidates' }).getByRole('button', { name: 'Hide' }).click();

    await expect.poll(() => rows(page)).toEqual([d]);
    await expect(page.getByText('3 candidates hidden').waitFor()).resolves.toBeUndefined();
    expect(hideRequests).toHaveLength(1);
  });
});
