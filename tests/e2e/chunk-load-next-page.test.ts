/**
 * One page's code the server no longer has (a deploy replaced it, 404) leaves that page blank with the new-version
 * notice, but not the pages opened after it: the signed-in frame is shared by the private pages, and the next page
 * from the menu loads and shows, without a manual reload.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('A page whose code the server no longer has', () => {
  it('does not leave the next page opened from the menu blank', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/projects');
    let asked = 0;
    await page.route('**/assets/TeamPage-*.js', (route) => {
      asked += 1;
      return route.fulfill({ status: 404 });
    });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.waitForURL(`${e2e.baseUrl}/team`);
    await page.getByTestId('new-version').waitFor();
    expect(asked).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: t('portal.titles.team'), exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await page.waitForURL(`${e2e.baseUrl}/my-profile`);
    const heading = page.getByRole('heading', { name: t('portal.titles.myProfile') });
    await heading.waitFor({ timeout: 10_000 });
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByText('dynamically imported module').count()).toBe(0);
  });
});
