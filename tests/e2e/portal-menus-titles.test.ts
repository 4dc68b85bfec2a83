/**
 * What a new user meets first, in a real browser: every "All …" menu item opens everything it
 * names whatever preset was opened before, the console's menu highlights the screen that is open,
 * and every portal route has a title of its own, opened afresh on a laptop and reached inside the app on a phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { ROUTE_RULES, type RouteId } from '../../portal/app/routeRules';
import { documentTitle } from '../../portal/app/titles';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  e2e = await startE2E();
});

/** Signed in through the API: these tests are about menus and titles, not the code screen. */
const signedIn = (email: string, viewport = LAPTOP, at?: string | null): Promise<Page> =>
  e2e.signIn(email, viewport, at);

/** Opens `item` of the portal's top menu `group`, from the portal's projects page when the console is open. */
async function openMenuItem(page: Page, group: string, item: string) {
  if (new URL(page.url()).pathname.startsWith('/admin')) await page.goto(`${e2e.baseUrl}/projects`);
  await page.getByTestId('top-nav').getByRole('button', { name: group }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

const consoleMenu = (page: Page) => page.getByRole('navigation', { name: 'Console menu' });

describe('Menu items open exactly what they name', () => {
  it('All companies after Pending companies lists every company under the title Companies', async () => {
    const page = await signedIn('admin@example.com', LAPTOP, '/projects');
    const [{ count }] = await e2e.db.knex('companies').count<{ count: string }[]>('* as count');

    await openMenuItem(page, 'Companies', 'Pending companies');
    await expect.poll(() => page.title()).toBe('Pending companies | Talentbase');
    await openMenuItem(page, 'Companies', 'All companies');

    await expect.poll(() => page.title()).toBe('Companies | Talentbase');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Number(count));
  });

  it('All talent after Pending curation opens the whole talent pool', async () => {
    const page = await signedIn('admin@example.com', LAPTOP, '/projects');
    await openMenuItem(page, 'Talent', 'Pending curation');
    await page.waitForURL(
      (url) => url.pathname === '/admin/talent' && JSON.parse(url.searchParams.get('filter') ?? '{}').status === 0,
    );
    await consoleMenu(page).locator('[aria-current="page"]', { hasText: 'Pending curation' }).waitFor();

    await openMenuItem(page, 'Talent', 'All talent');

    await page.waitForURL((url) => url.pathname === '/admin/talent' && url.searchParams.get('filter') === '{}');
    await consoleMenu(page).locator('[aria-current="page"]', { hasText: 'All talent' }).waitFor();
    expect(await consoleMenu(page).locator('[aria-current="page"]').count()).toBe(1);
  });

  it("The console's menu highlights All talent, not the preset it came from, while a candidate is open", async () => {
    const active = await e2e.db.knex('candidates').where('status', 1).first('id');
    const filter = encodeURIComponent(JSON.stringify({ status: 4 }));
    const page = await signedIn('admin@example.com', LAPTOP, `/admin/talent?filter=${filter}`);
    await consoleMenu(page).locator('[aria-current="page"]', { hasText: 'Pending activation' }).waitFor();

    // The candidate opened inside the console, as its list's row does.
    await followInApp(page, `/admin/talent/Candidate%3A${active.id}`);

    await consoleMenu(page).locator('[aria-current="page"]', { hasText: 'All talent' }).waitFor();
    expect(await consoleMenu(page).locator('[aria-current="page"]').allInnerTexts()).toEqual(['All talent']);
  });
});

/** The demo login that may open a route, or none for pages open to visitors. */
function visitorFor(id: RouteId): string | undefined {
  const access = ROUTE_RULES[id].access as { kind: string; roles?: readonly string[] };
  if (access.kind !== 'private') return undefined;
  const role = access.roles?.[0] ?? 'company';
  return {
    admin: 'admin@example.com',
    company: 'owner@acme.example.com',
    raasCompany: 'owner@raas.example.com',
    candidate: 'candidate@example.com',
  }[role];
}

/** A concrete address for a route pattern; a talent route opens a talent record that exists (`talentId`). */
const addressOf = (path: string, talentId: string) =>
  path === '*'
    ? '/no-such-page'
    : path
        .replace('/:redirectUrl?', '')
        .replace(':id', path.startsWith('/talent/') ? encodeURIComponent(talentId) : 'Project%3A1')
        .replace(':interviewGuid', 'abc')
        .replace(':timestamp', '1700000000000');

/** Routes that hand over to the console or to a home page, where the page opened there carries the title. */
const HANDS_OVER: RouteId[] = ['home', 'companies', 'companyUsers', 'tags', 'admins'];
/** Routes whose screens the console serves at the same path under /admin, with the same title. */
const IN_CONSOLE: RouteId[] = ['talent', 'talentAdd', 'talentEdit', 'talentView'];
/** The console's title of a route's screen: a talent record's screens name the record once it is read. */
function consoleTitle(id: RouteId, name: string): string {
  if (id === 'talentEdit') return `${t('talent.admin.editTitle', { name })} | ${t('appName')}`;
  if (id === 'talentView') return `${name} | ${t('appName')}`;
  return documentTitle(ROUTE_RULES[id].titleKey);
}

describe('Every portal route has its own page title', () => {
  it('Every route of the route table names a title that the catalogue holds', () => {
    for (const [id, rule] of Object.entries(ROUTE_RULES)) {
      expect(rule.titleKey, id).toBeTruthy();
      expect(t(rule.titleKey), id).not.toBe(rule.titleKey);
    }
  });

  /** Opens `url`; a hand-over the previous route started (to the console) may abort the first try. */
  async function open(page: Page, url: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(url);
        return;
      } catch (err) {
        if (attempt >= 3 || !String(err).includes('ERR_ABORTED')) throw err;
      }
    }
  }

  // A laptop opens each route afresh (a link followed from elsewhere); a phone reaches each one inside the portal it
  // already runs, so the title also follows the router. The console's own pages are always loaded.
  it.each([
    ['opened on a laptop', LAPTOP, 'load'],
    ['reached inside the app on a phone', PHONE, 'navigate'],
  ] as const)(
    'Each route %s shows "<page> | Talentbase"',
    async (_how, viewport, how) => {
      // Each person's page is of the file's one signed-in context for them: these two tests filter no console list.
      const pages = new Map<string | undefined, Page>();
      const talent = await e2e.db.knex('candidates').orderBy('id').first('id', 'first_name', 'last_name');
      const talentName = `${talent.first_name} ${talent.last_name}`.trim();
      for (const id of Object.keys(ROUTE_RULES) as RouteId[]) {
        const email = visitorFor(id);
        if (!pages.has(email))
          pages.set(
            email,
            email
              ? await e2e.signIn(email, viewport, how === 'load' ? null : undefined, { shared: true })
              : await e2e.newPage(viewport),
          );
        const page = pages.get(email) as Page;
        const url = `${e2e.baseUrl}${addressOf(ROUTE_RULES[id].path, `Candidate:${talent.id}`)}`;
        const inPortal = page.url().startsWith(e2e.baseUrl) && !new URL(page.url()).pathname.startsWith('/admin');
        if (how === 'navigate' && inPortal && !HANDS_OVER.includes(id))
          await followInApp(page, url.slice(e2e.baseUrl.length));
        else await open(page, url);
        if (HANDS_OVER.includes(id))
          await expect.poll(() => page.title(), { message: id }).toMatch(/^.+ \| Talentbase$/);
        else {
          // The portal names the page before it hands over; the console may already have named its screen.
          const titles = [documentTitle(ROUTE_RULES[id].titleKey), consoleTitle(id, talentName)];
          await expect.poll(() => page.title(), { message: id }).toSatisfy((title: string) => titles.includes(title));
        }
        // The portal names the page before it hands over; the console's screen names it too, and the next route
        // starts only once the hand-over has landed (else it would land on top of the next route).
        if (IN_CONSOLE.includes(id)) {
          await page.waitForURL((u) => u.pathname.startsWith('/admin/'));
          await expect.poll(() => page.title(), { message: id }).toBe(consoleTitle(id, talentName));
        }
      }
      // Every route in turn, in one test: a busy machine takes minutes.
    },
    240_000,
  );
});
