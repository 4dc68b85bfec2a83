/**
 * The new-project dialog sends its create's key (`clientId`) and keeps it in its draft: a create whose answer is lost
 * (the server made the project, the browser heard nothing), sent again after a reload from the restored draft, carries
 * the same key and opens the one project the first try made; no second project is made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { pick, projectsWorld, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

describe('The new-project dialog sent again', () => {
  it('A create whose answer was lost, sent again after a reload, opens the one project it made', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/projects?add_project=true');
    const dialog = page.getByTestId('add-project-dialog');
    const title = `Lost answer ${run}`;
    await dialog.getByLabel(/^Project name/).fill(title);
    await pick(page, /^Job title/, world.jobTitle.name.slice(0, 6), world.jobTitle.name);
    await pick(page, /^Hiring countries/, 'Singa', world.singapore.name);
    await dialog.getByLabel(/^From/).first().fill('5000');
    await dialog.getByLabel(/^To/).first().fill('8000');
    await dialog.getByRole('textbox', { name: /^Job description text/ }).fill('Build and run our hiring platform.');

    // The server makes the project; its answer never reaches the page.
    const keys: string[] = [];
    await page.route('**/api/v1/projects/create', async (route) => {
      keys.push((route.request().postDataJSON() as { clientId: string }).clientId);
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByTestId('create-project').click();
    await dialog.getByTestId('add-project-error').waitFor();
    await page.unroute('**/api/v1/projects/create');
    expect(await e2e.db.knex('projects').where('title', title).pluck('id')).toHaveLength(1);

    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    await expect.poll(() => dialog.getByLabel(/^Project name/).inputValue()).toBe(title);
    await page.route('**/api/v1/projects/create', async (route) => {
      keys.push((route.request().postDataJSON() as { clientId: string }).clientId);
      await route.continue();
    });
    await page.getByTestId('create-project').click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    const made = await e2e.db.knex('projects').where('title', title).select('guid');
    expect(made).toHaveLength(1);
    expect(page.url().endsWith(`/project/${made[0].guid}`)).toBe(true);
  });
});
