/**
 * The admins' "Add to project" dialog: admins add to every company's projects, so the dialog says so, names each
 * project's company before its title and finds a project by title or company on the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { createProject, projectsWorld, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

describe("The admins' Add to project dialog", () => {
  it("names each project's company and finds a project by title or company", async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, `/search?jt=${world.jobTitle.id}`);
    const acme = (await e2e.db.knex('companies').where('company_name', 'Acme').first('id')) as { id: number };
    const title = `Audit hires ${run}`;
    await createProject(page, world, title, { companyId: acme.id });

    await page.getByTestId('result-card').first().getByTestId('add-to-project').click();
    const dialog = page.getByTestId('add-to-project-dialog');
    await dialog.getByRole('heading', { name: /to a company's project$/ }).waitFor();
    await dialog.getByRole('searchbox', { name: 'Find a project by title or company' }).fill(run);
    const item = dialog.locator(`[data-project-title="${title}"]`);
    await item.getByText(`Acme — ${title}`).waitFor();
    await expect.poll(() => dialog.locator('[data-project-title]').count()).toBe(1);

    await dialog.getByRole('searchbox', { name: 'Find a project by title or company' }).fill(`no such project ${run}`);
    await dialog.getByText('No open project matches.').waitFor();
    await dialog.getByRole('searchbox', { name: 'Find a project by title or company' }).fill(run);
    await item.getByRole('button', { name: `Add Acme — ${title}` }).click();
    await page.getByText(`Added to Acme — ${title}`).waitFor();
    await item.getByText('Already in this project').waitFor();
  });
});
