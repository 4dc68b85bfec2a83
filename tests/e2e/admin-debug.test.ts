import { beforeAll, describe, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import type { Page } from 'playwright-core';

describe('debug', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  async function signIn(page: Page, email: string) {
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode(email));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  it('debug', async () => {
    const page = await e2e.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin\/companies/);
    const shots: [string, string, string][] = [
      ['candidates', '/admin/candidates', 'tbody tr td'],
      ['candidate-create', '/admin/candidates/create', 'form'],
      ['tags-edit', '/admin/tags', 'tbody tr td'],
      ['admins', '/admin/admins', 'tbody tr td'],
      ['countries', '/admin/countries', 'tbody tr td'],
      ['community', '/admin/community-users', 'main'],
      ['company-create', '/admin/companies/create', 'form'],
    ];
    for (const [name, path, sel] of shots) {
      await page.goto(`${e2e.baseUrl}${path}`);
      await page.locator(sel).first().waitFor({ timeout: 10000 }).catch(() => console.log('MISSING', name));
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/admin-shots/d-${name}.png`, fullPage: name.includes('create') });
    }
    await page.goto(`${e2e.baseUrl}/admin/tags`);
    await page.getByRole('cell', { name: 'Legacy tag', exact: true }).click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/admin-shots/d-tag-panel-edit.png` });
    const first = await e2e.db.knex('candidates').orderBy('id').first('id');
    await page.goto(`${e2e.baseUrl}/admin/candidates/Candidate%3A${first.id}`);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/admin-shots/d-candidate-edit.png`, fullPage: true });
    await page.goto(`${e2e.baseUrl}/admin/candidates/Candidate%3A${first.id}/show`);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/admin-shots/d-candidate-show.png`, fullPage: true });

    const adv = await e2e.newPage();
    adv.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await signIn(adv, 'advocate@example.com');
    await adv.waitForURL(/\/admin\/companies/);
    await adv.goto(`${e2e.baseUrl}/admin/admins`);
    await adv.getByRole('cell', { name: 'advocate@example.com', exact: true }).click();
    await adv.waitForTimeout(1500);
    await adv.screenshot({ path: `/tmp/admin-shots/d-advocate-self.png` });
    await adv.getByRole('button', { name: /Alex|Priya/ }).click().catch(() => undefined);
    await adv.waitForTimeout(500);
    await adv.screenshot({ path: `/tmp/admin-shots/d-usermenu.png` });

    const co = await e2e.newPage();
    await signIn(co, 'owner@acme.example.com');
    await co.getByText('This console is for platform admins').waitFor();
    await co.screenshot({ path: `/tmp/admin-shots/d-refused.png` });
  });
});
