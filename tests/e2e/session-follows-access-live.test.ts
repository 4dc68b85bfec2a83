/**
 * An open page follows its person's access as it changes elsewhere, with no click and no reload
 * (portal/app/auth/sessionWatch.ts, backend/features/live/access.ts): a company admin made a member on /team loses the
 * Team page and its menu link at once and is taken to their home with a notice; a person deactivated on /projects is
 * signed out at once, the sign-in page saying why in the words a refused sign-in gives. On a laptop and a touch phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';
import { LIVE_SIZES, livePageOn, type LiveSize } from '../helpers/livePage';

let e2e: E2E;
let member: number;
const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';

const SIZES = LIVE_SIZES;

beforeAll(async () => {
  e2e = await startE2E();
  member = ((await e2e.db.knex('company_users').where('email', MEMBER).first('id')) as { id: number }).id;
});

const memberOn = (size: LiveSize, at: string) => livePageOn(e2e, MEMBER, size, at);

/** The owner's call through the team's route. */
async function ownerPuts(path: string, data: Record<string, unknown>) {
  const owner = await e2e.signIn(OWNER, undefined, null, { shared: true });
  const res = await owner.request.put(`${e2e.baseUrl}/api/v1/company-users/${path}`, {
    data: { users: [`User:${member}`], ...data },
    headers: { origin: e2e.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const noOverflow = (page: Page) =>
  page
    .evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    .then((fits) => expect(fits).toBe(true));

describe('An open page follows its person’s access', () => {
  for (const size of SIZES) {
    it(`on ${size.name}: a company admin made a member loses the Team page and its menu link at once`, async () => {
      const knex = e2e.db.knex;
      await knex('company_users').where('id', member).update({ role: 1, status: 1 });
      onTestFinished(() => knex('company_users').where('id', member).update({ role: 2, status: 1 }));
      const page = await memberOn(size, '/team');
      await page.getByRole('button', { name: t('portal.team.invite') }).waitFor();

      await ownerPuts('role', { companyRole: 2 });
      // Sent home, told why, with no click.
      await page.waitForURL((url) => url.pathname === '/projects', { timeout: 10_000 });
      await page.getByText(t('portal.session.roleChanged')).waitFor({ timeout: 5000 });
      expect(await page.getByRole('button', { name: t('portal.team.invite') }).count()).toBe(0);
      await noOverflow(page);
      // The account menu no longer offers Team.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: t('portal.nav.profile') }).waitFor();
      expect(await page.getByRole('menuitem', { name: t('portal.nav.team') }).count()).toBe(0);
    });

    it(`on ${size.name}: a person deactivated is signed out at once, told why`, async () => {
      const knex = e2e.db.knex;
      await knex('company_users').where('id', member).update({ role: 2, status: 1 });
      onTestFinished(() => knex('company_users').where('id', member).update({ role: 2, status: 1 }));
      const page = await memberOn(size, '/projects');
      await page.locator('main h1').first().waitFor();

      await ownerPuts('status', { status: 2 });
      await page.waitForURL((url) => url.pathname.startsWith('/auth/login'), { timeout: 10_000 });
      // The words a refused sign-in of a deactivated person gives.
      await page.getByText(t('user.notActivate')).waitFor({ timeout: 5000 });
      await noOverflow(page);
    });
  }

  it('without the live channel: a refused invitation reads the session again and leaves the Team page', async () => {
    const knex = e2e.db.knex;
    await knex('company_users').where('id', member).update({ role: 1, status: 1 });
    onTestFinished(() => knex('company_users').where('id', member).update({ role: 2, status: 1 }));
    const page = await e2e.signIn(MEMBER, { width: 1440, height: 900 }, null);
    // The page's live channel never reaches the server: only the refusal can tell it.
    await page.routeWebSocket('**/api/v1/live**', () => undefined);
    await page.goto(`${e2e.baseUrl}/team`);
    const invite = page.getByRole('button', { name: t('portal.team.invite') });
    await invite.waitFor();

    await knex('company_users').where('id', member).update({ role: 2 });
    await invite.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /email/i }).first().fill('new.colleague@acme.example.com');
    await dialog.getByRole('button', { name: t('portal.team.sendInvite') }).click();
    await page.waitForURL((url) => url.pathname === '/projects', { timeout: 10_000 });
    await page.getByText(t('portal.session.roleChanged')).waitFor({ timeout: 5000 });
  });
});
