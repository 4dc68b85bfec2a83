/**
 * The portal's project settings saving an older copy, in a real browser against the real server: the panel sends the
 * `updatedAt` it read, so settings opened before a colleague handed the project over are refused (409
 * 'errors.changedMeanwhile') with the reason above the form and a way to reload, and the hand-over stands; reloaded,
 * the settings save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

describe("The portal's project settings opened before a colleague's hand-over", () => {
  it('are refused with a way to reload; reloaded, they save and the hand-over stands', async () => {
    const title = `Stale settings ${Date.now().toString(36)}`;
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/projects');
    const { guid } = await createProject(page, world, title);
    const member = (await e2e.db.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
    const stored = () => e2e.db.knex('projects').where('guid', guid).first('title', 'owner_id');

    await page.goto(`${e2e.baseUrl}/projects`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    const name = settings.getByLabel(/^Project name/);
    await expect.poll(() => name.inputValue()).toBe(title);

    // Meanwhile a colleague hands the project over to the member (its row and its version move).
    await e2e.db.knex('projects').where('guid', guid).update({ owner_id: member, updated_at: e2e.db.knex.fn.now() });

    await name.fill(`${title} (renamed)`);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    const error = settings.getByTestId('settings-error');
    await error.getByText('Someone changed this record after you opened it.').waitFor();
    expect(await stored()).toEqual({ title, owner_id: member });

    await error.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => name.inputValue()).toBe(title);
    await name.fill(`${title} (renamed)`);
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    expect(await stored()).toEqual({ title: `${title} (renamed)`, owner_id: member });
  });
});
