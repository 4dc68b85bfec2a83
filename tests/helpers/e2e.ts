/**
 * Browser tests: the real server (built console and portal, real API) on a free port over a
 * cloned database, and Debian's Chromium driven by playwright-core: the run's one Chromium
 * (tests/helpers/globalSetup.ts) when there is one, each page in a context of its own. A page a test is done with
 * is cleared (cookies, storage, listeners, routes, screen size) and handed to the file's next test, which then
 * loads its screen in a renderer that has run the app before, at about half the browser's CPU of a new page.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Download, type Page, type Request } from 'playwright-core';
import { expect, inject, onTestFinished, TestRunner } from 'vitest';
import { createApp } from '../../backend/app';
import { atsConfig } from '../../backend/adapters/ats/config';
import { loadConfig } from '../../backend/config';
import { attachLive } from '../../backend/features/live';
import { listOutbox } from '../../backend/services/mail/outbox';
import { TEST_SECRET } from './app';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';
import { testDatabase, type TestDatabase } from './db';
import { atFileEnd, listenUntilFileEnd, tempDirUntilFileEnd } from './fileEnd';

export interface E2E {
  baseUrl: string;
  db: TestDatabase;
  browser: Browser;
  /** The running server's configuration: a test may point an outside service at its loopback stand-in. */
  config: ReturnType<typeof loadConfig>;
  /** A page at `viewport` (a laptop's 1366×900 unless told), signed in as nobody. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** The newest six-digit code emailed to `email`. */
  lastCode(email: string): Promise<string>;
  /**
   * A new page signed in as `email` with the emailed code (asked through the API), at an optional screen size, on the
   * portal's or the console's page `at` (the role's landing page unless told; `null` opens nothing yet, for a test
   * that sets up its data first and then opens its page). `shared`: the page opens in the file's one signed-in context
   * for `email` (signed in once per file), whose cache already holds the front end's code, instead of a context of its
   * own; for tests that read and navigate, and neither sign out nor change what the browser stores (the console keeps
   * each list's last filter there: a test that filters a console list keeps a context of its own).
   */
  signIn(
    email: string,
    viewport?: { width: number; height: number },
    at?: string | null,
    options?: { shared?: boolean },
  ): Promise<Page>;
}

/**
 * Under `npm test` the build runs beside the tests (scripts/test.ts): a browser file waits for it.
 * Browser files run after the others, so the wait is rarely felt.
 */
async function frontEndsBuilt(): Promise<void> {
  const marker = process.env.TEST_BUILD_MARKER;
  if (!marker) return;
  while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 500));
  if (readFileSync(marker, 'utf8') !== 'ok')
    throw new Error('the console and portal build failed: see its output above');
}

/**
 * The requests a page has in flight (its data, its screens loaded on demand), followed for the page's
 * whole life, across the screens opened inside it: an audit waits for what the page asked for.
 */
function inFlight(page: Page): Set<Request> {
  const pending = new Set<Request>();
  page.on('request', (r) => void (r.resourceType() !== 'eventsource' && pending.add(r)));
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  return pending;
}

const tracked = new WeakMap<Page, Set<Request>>();
export const pendingOf = (page: Page) => tracked.get(page) ?? tracked.set(page, inFlight(page)).get(page)!;

/** What a test may give a page or a context that cannot be taken back: such a page is not handed to another test. */
const LASTING = (
  'addInitScript exposeFunction exposeBinding emulateMedia setExtraHTTPHeaders setDefaultTimeout ' +
  'setDefaultNavigationTimeout setOffline grantPermissions setGeolocation addLocatorHandler'
).split(' ');
const CLOCK = 'install fastForward pauseAt resume runFor setFixedTime setSystemTime'.split(' ');
/** What a test may listen to; a page's and a context's own listeners (their closing) stay. */
const PAGE_EVENTS = (
  'console dialog domcontentloaded download filechooser frameattached framedetached framenavigated load pageerror ' +
  'popup request requestfailed requestfinished response websocket worker'
).split(' ');
const CONTEXT_EVENTS = 'console dialog page request requestfailed requestfinished response weberror'.split(' ');

export async function startE2E(): Promise<E2E> {
  await frontEndsBuilt();
  const db = await testDatabase();
  // Uploads go to a folder of the file's own, not to the checkout's .data/uploads, which `npm start` keeps.
  const config = loadConfig({
    secret: TEST_SECRET,
    env: 'test',
    worker: false,
    uploadDir: tempDirUntilFileEnd('talentbase-uploads'),
    // Pages press "Sync now" right after a sync: the production cooldown would refuse them.
    ats: { ...atsConfig(), syncCooldownMinutes: 0 },
  });
  const ctx = { knex: db.knex, config };
  const server = await listenUntilFileEnd(createApp(ctx));
  const live = await attachLive(server, ctx);
  const { port } = server.address() as AddressInfo;
  const shared = inject('browserWsEndpoint');
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  // Every context asks for less motion, as a user may (ui/theme.ts): menus, dialogs and drawers then come and go at
  // once, and no frame is drawn for an animation no test looks at (about a tenth of the browser's CPU). A test of the
  // motion itself asks for `reducedMotion: 'no-preference'`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  atFileEnd(async () => {
    // On the shared Chromium this disconnects, closing this file's contexts only.
    await browser.close();
    await live.close(); // the server closes after this (listenUntilFileEnd's cleanup came first)
  });
  const lastCode = async (email: string) => {
    const [mail] = await listOutbox(db.knex, email, 1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code, `a code emailed to ${email}`).toBeTruthy();
    return code as string;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const DESKTOP = { width: 1366, height: 900 };
  // Pages a test has finished with, ready for the next one, in the file's own contexts (`owned`) or in a person's
  // shared one. A new page is a new renderer process, whose start, compiling and first drawing cost the browser about
  // twice what a page it already has spends loading the same screen: a test takes a page a finished test left rather
  // than open one. What a test changed in a page it hands back is undone first (its listeners, routes and screen size;
  // in a context of the file's own, its cookies and storage); a page or context given something that cannot be undone
  // (an init script, a clock, an emulated medium...) closes instead.
  const idle = new Map<BrowserContext | 'owned', Page[]>();
  const marked = new WeakSet<object>();
  const watched = new WeakSet<object>();
  const markOnUse = (target: object, names: string[]) => {
    if (watched.has(target)) return;
    watched.add(target);
    const methods = target as Record<string, unknown>;
    for (const name of names) {
      const original = methods[name];
      if (typeof original !== 'function') continue;
      methods[name] = (...args: unknown[]) => {
        marked.add(target);
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  const handBack = async (page: Page, owned: boolean) => {
    const context = page.context();
    const lasting = marked.has(page) || marked.has(context) || marked.has(context.clock);
    if (page.isClosed() || lasting || context.pages().length > 1) {
      await (owned ? context.close() : page.close()).catch(() => {});
      return;
    }
    try {
      for (const event of PAGE_EVENTS) page.removeAllListeners(event);
      if (owned) for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      if (owned) await context.unrouteAll({ behavior: 'ignoreErrors' });
      // A page that asks before being left (a form with unsaved changes) is left all the same.
      page.on('dialog', (dialog) => void dialog.accept().catch(() => {}));
      // A small file of the same site: the page keeps its renderer, and what ran in it stops.
      await page.goto(`${baseUrl}/favicon.svg`);
      await page.evaluate((clearLocal) => {
        sessionStorage.clear();
        if (clearLocal) localStorage.clear();
      }, owned);
      if (owned) await context.clearCookies();
      // Then blank, as a new page starts; asked by the page itself, so the blank page stays in the same renderer.
      await page.evaluate(() => void (location.href = 'about:blank'));
      await page.waitForURL('about:blank');
      page.removeAllListeners('dialog');
      await page.setViewportSize(DESKTOP);
      tracked.set(page, inFlight(page));
      const key = owned ? 'owned' : context;
      idle.set(key, [...(idle.get(key) ?? []), page]);
    } catch {
      await (owned ? context.close() : page.close()).catch(() => {});
    }
  };
  // A page opened inside a test goes back to the file's idle pages when that test ends: left as it was, it would keep
  // polling and animating beside the file's later tests. One opened in a beforeAll lives until the file ends.
  const newPage = async (context?: BrowserContext) => {
    const owned = !context;
    const key = context ?? 'owned';
    let page = idle.get(key)?.pop();
    if (!page) {
      context ??= await browser.newContext({ viewport: DESKTOP });
      page = await context.newPage();
      if (owned) markOnUse(context, LASTING);
      markOnUse(context.clock, CLOCK);
      markOnUse(page, LASTING);
      pendingOf(page); // what the page asks for is followed from its first load, for the tests that wait on it
    }
    const taken = page;
    if (TestRunner.getCurrentTest()) onTestFinished(() => handBack(taken, owned));
    return taken;
  };
  // One signed-in context per person for the file (signIn's `shared`): its cookie set once, its cache kept.
  const sessions = new Map<string, Promise<BrowserContext>>();
  const sessionOf = (email: string) => {
    if (!sessions.has(email))
      sessions.set(
        email,
        (async () => {
          const context = await browser.newContext({ viewport: DESKTOP });
          await signInContext(context, email);
          return context;
        })(),
      );
    return sessions.get(email) as Promise<BrowserContext>;
  };
  const signInContext = async (context: BrowserContext, email: string) => {
    const headers = { origin: baseUrl };
    const sent = await context.request.post(`${baseUrl}/api/v1/auth/send-email-otp`, { data: { email }, headers });
    expect(sent.status(), `a code sent to ${email}: ${await sent.text()}`).toBe(200);
    const login = await context.request.post(`${baseUrl}/api/v1/auth/login-by-email-otp`, {
      data: { email, otp: await lastCode(email) },
      headers,
    });
    expect(login.status(), `${email} signed in: ${await login.text()}`).toBe(200);
  };
  // The emailed-code screen is proven by the tests that sign in through it; here the code is asked
  // for and answered through the API in the page's own context, which keeps the session cookie. `at` is the portal
  // address the page opens on once signed in (the role's landing page unless told).
  const signIn = async (
    email: string,
    viewport?: { width: number; height: number },
    at: string | null = '/',
    { shared = false } = {},
  ) => {
    const page = shared ? await newPage(await sessionOf(email)) : await newPage();
    if (viewport) await page.setViewportSize(viewport);
    if (!shared) await signInContext(page.context(), email);
    if (at === null) return page;
    await page.goto(`${baseUrl}${at}`);
    // The console (`/admin/...`) reads the same session: a test that works there signs in straight onto its page.
    if (at.startsWith('/admin')) await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
    // A page may open on a dialog (`?add_project=true`), which hides the rest from the accessibility tree.
    else await page.getByRole('button', { name: 'Account menu', includeHidden: true }).waitFor();
    // The landing page is drawn a task after the frame, and may move on to the role's home: done once its heading shows.
    if (at === '/') await page.locator('main h1').first().waitFor();
    return page;
  };
  return {
    baseUrl,
    db,
    browser,
    config: ctx.config,
    lastCode,
    newPage: (viewport) =>
      newPage().then(async (page) => {
        if (viewport) await page.setViewportSize(viewport);
        return page;
      }),
    signIn,
  };
}

/** Signs `page` in to the console through its emailed-code screen, as an admin does; returns once signed in (the console has left its login page). */
export async function signInAtConsole(e2e: E2E, page: Page, email: string): Promise<void> {
  await page.goto(`${e2e.baseUrl}/admin/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The code is read once it was sent: an earlier sign-in's code may still be the newest before.
  await page.getByLabel('Six-digit code').waitFor();
  await page.getByLabel('Six-digit code').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in once the console leaves its login page: a page opened before then would be opened signed out.
  await page.waitForURL(/\/admin\/(?!login)/);
}

/** A download's bytes, streamed from the browser (which may run in another process) without a file left behind. */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Follows a link to `path` inside the app already loaded in `page`, as its own links do (the router reads the history). */
export async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
