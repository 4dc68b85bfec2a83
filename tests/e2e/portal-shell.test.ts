/**
 * The portal's shell in a real browser against the real server: every demo role signs in with an
 * emailed code and lands on its home with its own menus; guards send visitors to login and back,
 * wrong roles home; unknown pages show the 404; logout ends the session.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** Signs in on the login page the browser is on (or opens it) with the code read from the outbox. */
async function signIn(page: Page, email: string, { open = true } = {}) {
  if (open) await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A page signed in through the API (the code screen itself is proven below and in the session tests), in the file's
 * one context for that person: each test still opens its own page and loads the portal afresh, from the browser's
 * cache. Logging out ends the session, so that test signs in a context of its own.
 */
const signedInPage = (email: string, viewport?: { width: number; height: number }, at?: string | null) =>
  e2e.signIn(email, viewport, at, { shared: true });

const nav = (page: Page) => page.getByTestId('top-nav');
const navLabels = async (page: Page) => (await nav(page).locator('a, button').allInnerTexts()).map((s) => s.trim());

/** The account dropdown's entries, read by opening and closing it. */
async function accountItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const items = await page.getByRole('menu').getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return items.map((s) => s.trim());
}

async function groupItems(page: Page, group: string): Promise<{ label: string; href: string | null }[]> {
  await nav(page).getByRole('button', { name: group }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  const out = [];
  for (const item of await items.all())
    out.push({ label: (await item.innerText()).trim(), href: await item.getAttribute('href') });
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return out;
}

describe('Signing in to the portal', () => {
  it('A general admin signs in with an emailed code and lands on search with the admin menus', async () => {
    const page = await signedInPage('admin@example.com');
    await page.waitForURL(`${e2e.baseUrl}/search`);
    await expect.poll(() => page.title()).toBe('Search | Talentbase');
    expect(await navLabels(page)).toEqual([
      'Search',
      'Companies',
      'Projects',
      'Talent',
      'Credits',
      'Admins',
      'Dashboards',
      'AI Match',
    ]);

    const companies = await groupItems(page, 'Companies');
    expect(companies.map((i) => i.label)).toEqual([
      'All companies',
      'Pending companies',
      'Add company',
      'All company users',
      'Add company user',
      'Community users',
    ]);
    expect(decodeURIComponent(companies[0].href ?? '')).toBe('/admin/companies?filter={}');
    expect(decodeURIComponent(companies[1].href ?? '')).toBe('/admin/companies?filter={"status":0}');
    expect(decodeURIComponent(companies[3].href ?? '')).toBe('/admin/company-users?filter={}');

    const projects = await groupItems(page, 'Projects');
    expect(projects.map((i) => i.label)).toEqual(['All projects', 'Internal projects', 'My projects', 'Add project']);
    const talent = await groupItems(page, 'Talent');
    expect(talent.map((i) => i.label)).toEqual([
      'All talent',
      'Pending curation',
      'Pending activation',
      'Add talent',
      'Tags',
    ]);
    expect(talent.find((i) => i.label === 'Tags')?.href).toBe('/admin/tags');
    expect((await groupItems(page, 'Dashboards')).length).toBe(5);
    await expect(nav(page).getByRole('link', { name: 'Admins' }).getAttribute('href')).resolves.toBe('/admin/admins');
    expect(await accountItems(page)).toEqual(['My profile', 'Log out']);
    await page.getByTestId('result-card').first().waitFor();
    await expect(page.getByTestId('admin-filters').isVisible()).resolves.toBe(true);
  });

  it('A talent advocate also gets the projects assigned to them', async () => {
    const page = await signedInPage('advocate@example.com');
    await page.waitForURL(`${e2e.baseUrl}/search`);
    const projects = await groupItems(page, 'Projects');
    expect(projects.map((i) => i.label)).toContain('Assigned to me');
    expect(projects.find((i) => i.label === 'Assigned to me')?.href).toBe('/projects?advocate_project=true');
  });

  it('A company owner lands on projects with Search, and Team and Integrations in the account menu', async () => {
    const page = await signedInPage('owner@acme.example.com');
    await page.waitForURL(`${e2e.baseUrl}/projects`);
    await expect.poll(() => page.title()).toBe('Projects | Talentbase');
    expect(await navLabels(page)).toEqual(['Search', 'Projects']);
    expect((await groupItems(page, 'Projects')).map((i) => i.label)).toEqual([
      'All projects',
      'My projects',
      'Add project',
    ]);
    expect(await accountItems(page)).toEqual(['My profile', 'Team', 'Integrations', 'Log out']);
  });

  it('A menu opens without motion for a user whose system asks for less, and grows into place for others', async () => {
    const page = await signedInPage('member@acme.example.com'); // every test context asks for less motion
    /** The longest transition on the account menu's surface, in seconds, read while it is open. */
    const menuMotion = async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      const seconds = await page.locator('.MuiMenu-paper').evaluate((el) =>
        Math.max(
          ...getComputedStyle(el)
            .transitionDuration.split(',')
            .map((d) => parseFloat(d)),
        ),
      );
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      return seconds;
    };
    expect(await menuMotion()).toBeLessThan(0.001);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    expect(await menuMotion()).toBeGreaterThan(0.1);
  });

  it('The portal and the console hand the browser only style rules it can parse, and keep its own prefixed ones', async () => {
    const page = await e2e.newPage();
    // Every rule the page inserts is counted, with those the browser refuses (it throws on a selector it cannot parse).
    await page.addInitScript(() => {
      const seen = { inserted: 0, refused: [] as string[] };
      Object.assign(window, { styleRules: seen });
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        seen.inserted += 1;
        try {
          return insertRule.call(this, rule, index);
        } catch (err) {
          seen.refused.push(rule.slice(0, rule.indexOf('{')));
          throw err;
        }
      };
    });
    for (const path of ['/auth/login', '/admin/login']) {
      await page.goto(`${e2e.baseUrl}${path}`);
      const send = page.getByRole('button', { name: 'Send code' });
      await send.waitFor();
      const rules = await page.evaluate(() => ({
        ...(window as unknown as { styleRules: { inserted: number; refused: string[] } }).styleRules,
        selectors: [...document.styleSheets].flatMap((s) =>
          [...s.cssRules].map((r) => (r as CSSStyleRule).selectorText ?? ''),
        ),
      }));
      expect(rules.inserted, path).toBeGreaterThan(50);
      expect(rules.refused, path).toEqual([]);
      // Chromium's own placeholder selector is kept; another engine's is not sent.
      expect(
        rules.selectors.some((s) => s.includes('::-webkit-input-placeholder')),
        path,
      ).toBe(true);
      expect(
        rules.selectors.filter((s) => s.includes('-moz-')),
        path,
      ).toEqual([]);
      // The components are styled as before: MUI's button has its pointer and its radius.
      expect(await send.evaluate((el) => getComputedStyle(el).cursor)).toBe('pointer');
      expect(await send.evaluate((el) => parseFloat(getComputedStyle(el).borderTopLeftRadius))).toBeGreaterThan(0);
    }
  });

  it("A form's fields share the app's style sheets, and each still notices the browser's autofill", async () => {
    const page = await e2e.newPage();
    const sheets = async () => {
      await page.locator('main input').first().waitFor();
      return page.evaluate(() => ({
        inputs: document.querySelectorAll('main input:not([type=hidden])').length,
        styles: document.querySelectorAll('style').length,
        keyframes: [...document.styleSheets]
          .flatMap((s) => [...s.cssRules])
          .filter((r) => r instanceof CSSKeyframesRule)
          .map((r) => (r as CSSKeyframesRule).name),
        animation: getComputedStyle(document.querySelector('main input') as Element).animationName,
      }));
    };
    await page.goto(`${e2e.baseUrl}/auth/login`);
    const login = await sheets();
    // The sign-up opens from the login's link: the style elements it adds are those its own screen needed.
    await page.getByRole('link', { name: 'Sign up your company' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/1`);
    await page.getByTestId('testimonial-panel').waitFor();
    const signUp = await sheets();
    expect(signUp.inputs, 'the sign-up form has more fields than the login').toBeGreaterThan(login.inputs + 2);
    // A style element per field would make the browser compute the whole page's styles again for each.
    expect(signUp.styles).toBeLessThanOrEqual(login.styles + 1);
    for (const seen of [login, signUp]) {
      // MUI's inputs learn of the browser's autofill from these animations starting (a label then moves aside).
      expect(seen.animation).toBe('mui-auto-fill-cancel');
      expect([...new Set(seen.keyframes.filter((k) => k.startsWith('mui-auto-fill')))].sort()).toEqual([
        'mui-auto-fill',
        'mui-auto-fill-cancel',
      ]);
    }
  });

  it('A company member lands on projects without Team', async () => {
    const page = await signedInPage('member@acme.example.com');
    await page.waitForURL(`${e2e.baseUrl}/projects`);
    expect(await navLabels(page)).toEqual(['Search', 'Projects']);
    expect(await accountItems(page)).toEqual(['My profile', 'Log out']);
  });

  it('A RaaS company admin lands on projects without Search, with Credits in the account menu', async () => {
    const page = await signedInPage('owner@raas.example.com');
    await page.waitForURL(`${e2e.baseUrl}/projects`);
    expect(await navLabels(page)).toEqual(['Projects']);
    expect(await accountItems(page)).toEqual(['My profile', 'Team', 'Credits', 'Log out']);
  });

  it('A candidate lands on their profile page, with no hamburger and only Log out', async () => {
    const page = await signedInPage('candidate@example.com');
    await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
    const candidate = await e2e.db
      .knex('candidates')
      .where('email', 'candidate@example.com')
      .first('first_name', 'last_name');
    await page.getByRole('heading', { name: `${candidate.first_name} ${candidate.last_name}` }).waitFor();
    await expect(page.getByTestId('candidate-status').innerText()).resolves.toBe('Active');
    expect(await accountItems(page)).toEqual(['Log out']);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByTestId('mobile-menu-button').count()).resolves.toBe(0);
  });

  it('A company user on a small screen opens the menus from the side drawer', async () => {
    const page = await signedInPage('owner@acme.example.com');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-nav');
    await drawer.getByRole('link', { name: 'Search' }).waitFor();
    await drawer.getByRole('link', { name: 'My projects' }).click();
    await page.waitForURL(`${e2e.baseUrl}/projects?my_project=true`);
    await page.getByRole('heading', { name: 'My projects', level: 1 }).waitFor();
  });

  it('A wrong code is refused at the code field', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill('member@acme.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Digit 1 of 6').fill('12');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter all 6 digits of the code').waitFor();
    const real = await e2e.lastCode('member@acme.example.com');
    await page.getByLabel('Digit 1 of 6').fill(real === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Verification code invalid or expired').waitFor();
    await expect(page.url()).toBe(`${e2e.baseUrl}/auth/login`);
  });
});

describe('Routing', () => {
  it('A logged-out visit to a guarded page goes to login and comes back after sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/team?status=active`);
    await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent('/team?status=active')}`);
    await expect.poll(() => page.title()).toBe('Login | Talentbase');
    await signIn(page, 'owner@acme.example.com', { open: false });
    await page.waitForURL(`${e2e.baseUrl}/team?status=active`);
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Team | Talentbase');
  });

  it('A wait shows its spinner only once it passes half a second, so a short one does not flash', async () => {
    const page = await e2e.newPage();
    // When the wait's place was drawn and when its spinner turned up, by the page's own clock.
    await page.addInitScript(() => {
      const seen: { place?: number; spinner?: number } = {};
      Object.assign(window, { seen });
      new MutationObserver(() => {
        seen.place ??= document.querySelector('[data-testid="loading-screen"]') ? performance.now() : undefined;
        seen.spinner ??= document.querySelector('[data-testid="loading-screen"] [role="progressbar"]')
          ? performance.now()
          : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    // The start-up session check is held until the spinner has shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/check/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.baseUrl}/projects`);
    await page.getByTestId('loading-screen').getByRole('progressbar', { name: 'Loading' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: { place: number; spinner: number } }).seen);
    // A timer never fires early; a little is left for the page clock's coarse steps.
    expect(seen.spinner - seen.place).toBeGreaterThanOrEqual(490);
    release();
    await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent('/projects')}`);
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await expect(page.getByTestId('loading-screen').count()).resolves.toBe(0);
  });

  it('A signed-in user opening a page of another role is sent to their home', async () => {
    const member = await signedInPage('member@acme.example.com', undefined, `/team`);
    await member.waitForURL(`${e2e.baseUrl}/projects`);
    await followInApp(member, '/ai-match');
    await member.waitForURL(`${e2e.baseUrl}/projects`);
    // Integrations is a company admin's page, as the account menu says: a member following a link to it goes home.
    await followInApp(member, '/integrations');
    await member.waitForURL(`${e2e.baseUrl}/projects`);

    const raas = await signedInPage('owner@raas.example.com', undefined, `/search`);
    await raas.waitForURL(`${e2e.baseUrl}/projects`);

    const candidate = await signedInPage('candidate@example.com', undefined, `/projects`);
    await candidate.waitForURL(`${e2e.baseUrl}/candidate/profile`);

    const admin = await signedInPage('admin@example.com', undefined, `/credits/company`);
    await admin.waitForURL(`${e2e.baseUrl}/search`);
  });

  it('A signed-in company user opening login or sign-up is sent home', async () => {
    const page = await signedInPage('owner@acme.example.com', undefined, `/auth/login`);
    await page.waitForURL(`${e2e.baseUrl}/projects`);
    await followInApp(page, '/auth/company/signup/1');
    await page.waitForURL(`${e2e.baseUrl}/projects`);
  });

  it('An unknown page shows Page Not Found with GO HOME', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'GO HOME' }).click();
    await page.waitForURL(/\/auth\/login$/);
  });

  it('The login page shows a toast for each refusal flag in its query', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login?companyPending=true`);
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('Your company is pending approval');
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);
  });

  it('A user of a company awaiting approval is refused with the pending message', async () => {
    const pending = await e2e.db
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where({ 'c.status': 0, 'u.status': 1 })
      .first('u.email');
    const page = await e2e.newPage();
    await signIn(page, pending.email);
    await page.getByText('Your company is pending approval').waitFor();
    await expect(page.url()).toBe(`${e2e.baseUrl}/auth/login`);
  });

  it('Logging out goes to login and guarded pages ask to sign in again', async () => {
    const page = await e2e.signIn('member@acme.example.com');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);
    await page.getByRole('heading', { name: 'Sign in to Talentbase' }).waitFor();
    await page.goto(`${e2e.baseUrl}/projects`);
    await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent('/projects')}`);
  });

  it('The terms of service are public', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/terms-of-service`);
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '4. Free trial' }).waitFor();
  });
});
