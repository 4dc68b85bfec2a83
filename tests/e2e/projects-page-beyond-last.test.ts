/**
 * The projects list when the page asked is beyond the last (portal/features/projects/ProjectsPage.tsx): a bulk
 * delete (an admin's) that empties the last page, or an address's ?p=99, shows the last page's rows instead of the empty state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';
import { row } from '../helpers/projectsE2E';

let e2e: E2E;
const run = Date.now().toString(36);

beforeAll(async () => {
  e2e = await startE2E();
});

describe('A projects page beyond the last', () => {
  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)('deleting the last page’s only row shows the page before (%s)', async (name, viewport) => {
    const tag = `Pager${run}${name}`;
    // Eleven projects: ten on page 1 (newest first), the oldest alone on page 2.
    for (let i = 1; i <= 11; i += 1) await makeProject(e2e.db.knex, { title: `${tag} ${String(i).padStart(2, '0')}` });
    const page = await e2e.signIn('admin@example.com', viewport, `/projects?q=${tag}&p=2`, { shared: true });
    const oldest = row(page, `${tag} 01`);
    await oldest.waitFor();
    await expect(page.getByTestId('project-row').count()).resolves.toBe(1);

    await oldest.getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

    // Page 1's rows, not "No projects match".
    await row(page, `${tag} 11`).waitFor();
    await expect(page.getByTestId('project-row').count()).resolves.toBe(10);
    await expect(page.getByText('No projects match').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('p')).toBeNull();

    // An address beyond the last page lands on the last.
    await page.goto(`${e2e.baseUrl}/projects?q=${tag}&p=99`);
    await row(page, `${tag} 02`).waitFor();
    await expect(page.getByText('No projects match').count()).resolves.toBe(0);
    await page.close();
  });
});
