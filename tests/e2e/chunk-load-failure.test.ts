/**
 * Code loaded on demand that a deploy replaced: the schedule dialog's chunk answers 404 (the server keeps only the new
 * build's assets). The board stays, and a notice says a new version is available with a Reload button, rather than
 * the whole app giving way to the browser's "Failed to fetch dynamically imported module" message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardWithOne, type TestProject } from '../helpers/interviews';

let e2e: E2E;
let project: TestProject;
let person: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  ({ project, person } = await boardWithOne(e2e.db.knex, 'Stale code board: Site engineer', { stage: 2 }));
});

describe('A chunk the server no longer has', () => {
  it('keeps the board and offers to reload for the new version', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    const heading = page.getByRole('heading', { name: 'Stale code board: Site engineer' });
    await heading.waitFor();
    let asked = 0;
    await page.route('**/assets/ScheduleDialog-*.js', (route) => {
      asked += 1;
      return route.fulfill({ status: 404 });
    });
    const card = page.locator(`[data-testid="board-column"][data-stage="2"] [data-guid="${person.guid}"]`);
    await card.getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Interviewed', exact: true }).click();

    const notice = page.getByTestId('new-version');
    await notice.waitFor();
    expect(asked).toBeGreaterThan(0);
    expect(await notice.innerText()).toContain('A new version of the app is available. Reload to continue.');
    expect(await notice.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await heading.isVisible()).toBe(true);
    expect(await card.isVisible()).toBe(true);
    expect(await page.getByText('dynamically imported module').count()).toBe(0);

    // Reloading fetches the page afresh (here the chunk is there again).
    await page.unroute('**/assets/ScheduleDialog-*.js');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await heading.waitFor();
    await page.getByTestId('new-version').waitFor({ state: 'detached' });
  });
});
