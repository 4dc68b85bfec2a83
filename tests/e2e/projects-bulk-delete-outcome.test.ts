/**
 * The portal's bulk delete of projects says what happened to each one: a project deleted by someone else while the
 * confirmation was open is told as already deleted, not counted among those this deletion removed (admins select
 * projects in the portal).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { call, createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
});

describe("The projects list's bulk delete", () => {
  for (const [size, viewport] of [
    ['laptop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    it(`on a ${size}: one deleted meanwhile reads as already deleted, the other as deleted by this`, async () => {
      const page = await e2e.signIn('admin@example.com', viewport, '/projects');
      const acme = await e2e.db
        .knex('company_users')
        .where('email', 'owner@acme.example.com')
        .first('company_id as id');
      const names = [`Bulk kept ${size} ${run}`, `Bulk gone ${size} ${run}`];
      const made = [];
      for (const name of names) made.push(await createProject(page, world, name, { companyId: acme.id }));
      await page.goto(`${e2e.baseUrl}/projects?q=${encodeURIComponent(`${size} ${run}`)}`);
      for (const name of names)
        await row(page, name)
          .getByRole('checkbox', { name: `Select ${name}` })
          .check();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
      const gone = await call(page, 'DELETE', 'projects', { keys: [made[1].id] });
      expect(gone.body).toMatchObject({ deleted: [made[1].id] });
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Deleted 1 project. 1 was already deleted').waitFor();
      await expect.poll(() => row(page, names[0]).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
});
