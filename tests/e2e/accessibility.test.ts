/**
 * Everyone can use both front ends: axe-core (WCAG 2.0/2.1, levels A and AA) finds no critical or serious
 * violation on any portal page that each role opens, nor on any console list, create form and edit/show screen
 * that each console role opens. Pages are found the way users find them: the portal's route table decides
 * which pages a role may open (the same rule the app applies), the console's menu lists its screens.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { decideAccess } from '../../portal/app/access';
import { ROUTE_RULES, type RouteId } from '../../portal/app/routeRules';
import type { Viewer } from '../../portal/app/viewer';
import { ADMIN_TYPES, SUB_ROLES } from '../../schema/roles';
import { DEMO_ROLES, type DemoRole } from '../helpers/actors';
import { startE2E, type E2E } from '../helpers/e2e';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: string[];
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
const pendingOf = (page: Page) => tracked.get(page) ?? tracked.set(page, inFlight(page)).get(page)!;

/**
 * Until nothing is in flight for `quiet` ms and the page's main thread has gone idle with still nothing
 * in flight: on a busy machine a screen may render, and only then ask for its data, seconds after its
 * code arrived. At most `max` ms.
 */
async function settled(page: Page, quiet = 300, max = 15_000): Promise<void> {
  const pending = pendingOf(page);
  const until = Date.now() + max;
  let since = Date.now();
  while (Date.now() < until) {
    if (pending.size) since = Date.now();
    else if (Date.now() - since >= quiet) {
      // A screen that sends the browser elsewhere (a full load) ends this wait: the next screen is awaited instead.
      const idle = await page
        .evaluate(() => new Promise((done) => requestIdleCallback(() => done(true), { timeout: 5000 })))
        .catch(() => false);
      if (!idle) since = Date.now();
      else if (!pending.size) return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (process.env.AXE_DEBUG)
    console.error(`still loading after ${max} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
}

/**
 * Opens `path` in the app the page already runs, as its own links do (the router follows the history),
 * so the bundle and axe are not loaded again for every screen: what is audited is the screen, not the load.
 */
async function open(page: Page, path: string): Promise<void> {
  pendingOf(page);
  // The pointer leaves the last row it clicked, so the next screen is not audited under a hover tooltip fading in.
  const size = page.viewportSize();
  if (size) await page.mouse.move(size.width - 1, size.height - 1);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Waits for the page to settle (data loaded, spinners gone), then runs axe and keeps what blocks users. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  const t0 = Date.now();
  try {
    return await auditNow(page, label);
  } finally {
    // AXE_DEBUG=1 prints each page's time as it is audited.
    if (process.env.AXE_DEBUG) console.error(`${label}: ${Date.now() - t0} ms`);
  }
}

async function auditNow(page: Page, label: string): Promise<Finding[]> {
  const t0 = Date.now();
  await settled(page);
  // The screen is audited once loaded: a lazy screen's spinner can take a while on a busy machine.
  const spinner = page.locator('[role=progressbar]').first();
  if (await spinner.count()) {
    await spinner.waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    // What the screen asked for once its spinner went (a list's rows after its columns) is awaited too.
    await settled(page);
  }
  // A toast or a dialog still fading in is audited at its final colours, not half-blended with the page.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const t1 = Date.now();
  // Evaluated over the protocol, not as a page script, so the page's script policy stays as users get it.
  // Once per loaded document: the screens after the first are opened inside the same document.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
  const t2 = Date.now();
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n')[1]?.trim() ?? ''}`),
    }));
  }, TAGS);
  if (process.env.AXE_DEBUG)
    console.error(`  ${label}: settled ${t1 - t0} ms, axe loaded ${t2 - t1} ms, axe ran ${Date.now() - t2} ms`);
  const found = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ page: label, rule: v.id, impact: v.impact, nodes: v.nodes }));
  if (process.env.AXE_DEBUG) for (const f of found) console.error(`${f.page} — ${f.rule}: ${f.nodes.join(' | ')}`);
  return found;
}

/** The Viewer each demo role is to the portal's router. */
function viewerOf(demo: DemoRole): Viewer | undefined {
  if (demo.role === 'guest') return undefined;
  if (demo.role === 'admin') return { role: 'admin', subRole: ADMIN_TYPES[demo.adminType ?? 'general'] };
  if (demo.role === 'company' || demo.role === 'raasCompany')
    return { role: demo.role, subRole: SUB_ROLES[demo.subRole ?? 'member'] };
  return { role: demo.role as Viewer['role'], subRole: null };
}

/** Routes the server or the app hands to the console: audited there. */
const CONSOLE_ROUTES = new Set<RouteId>([
  'companies',
  'tags',
  'admins',
  'talent',
  'talentAdd',
  'talentEdit',
  'talentView',
]);

/** A concrete address for each route the role may open, parameters filled with records it can see. */
async function portalPaths(demo: DemoRole): Promise<string[]> {
  const viewer = viewerOf(demo);
  const project = async () => {
    const q = e2e.db.knex('projects').orderBy('id').first('id');
    if (demo.email && demo.role !== 'admin')
      q.whereIn('company_id', e2e.db.knex('company_users').where('email', demo.email).select('company_id'));
    return (await q)?.id as number | undefined;
  };
  const paths: string[] = [];
  for (const id of Object.keys(ROUTE_RULES) as RouteId[]) {
    const rule = ROUTE_RULES[id];
    if (CONSOLE_ROUTES.has(id) || id === 'home') continue;
    let path: string = rule.path;
    if (path.includes(':id')) {
      const projectId = await project();
      if (!projectId) continue;
      path = path.replace(':id', String(projectId));
    }
    path = path
      .replace('/:redirectUrl?', '')
      .replace(':interviewGuid/:timestamp', '00000000-0000-4000-8000-000000000000/0')
      .replace(/^\*$/, '/no-such-page');
    // Public pages are the same whoever reads them: audited once, for the logged-out visitor.
    if (viewer && rule.access.kind === 'public') continue;
    if (id === 'interviewRequest') path += `?irt=${'a'.repeat(43)}&av=approve&m=email`;
    const decision = decideAccess(rule.access, viewer, { pathname: path, search: '' });
    if (decision.render) paths.push(path);
  }
  return paths;
}

const summary = (findings: Finding[]) =>
  findings.map((f) => `${f.page} — ${f.rule} (${f.impact})\n    ${f.nodes.join('\n    ')}`);

describe('Every portal page, in every role that opens it, has no critical or serious WCAG 2.1 A/AA violation', () => {
  it.each(DEMO_ROLES.map((d) => [d.label, d] as const))(
    '%s',
    async (_label, demo) => {
      const page = demo.email ? await e2e.signIn(demo.email) : await e2e.newPage();
      pendingOf(page);
      const findings: Finding[] = [];
      const paths = await portalPaths(demo);
      expect(paths.length).toBeGreaterThan(0);
      // The first screen is loaded, the others opened inside it.
      await page.goto(`${e2e.baseUrl}${paths[0]}`);
      for (const path of paths) {
        if (path !== paths[0]) await open(page, path);
        findings.push(...(await audit(page, path)));
      }
      await page.context().close();
      expect(summary(findings)).toEqual([]);
    },
    300_000,
  );
});

async function consoleSignIn(email: string): Promise<Page> {
  const page = await e2e.newPage();
  pendingOf(page);
  // Leaving a form asks first; the walk leaves every form it opens.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${e2e.baseUrl}/admin/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The code is read once it was sent: an earlier sign-in's code may still be the newest before.
  await page.getByLabel('Six-digit code').waitFor();
  await page.getByLabel('Six-digit code').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
  return page;
}

describe('Every console list, form and record screen, in every role that opens the console, has no critical or serious violation', () => {
  it.each(DEMO_ROLES.filter((d) => d.role === 'admin').map((d) => [d.label, d] as const))(
    '%s',
    async (_label, demo) => {
      const page = await consoleSignIn(demo.email as string);
      const findings: Finding[] = [];
      findings.push(...(await audit(page, 'login landing')));
      const menu = page.getByRole('navigation', { name: 'Console menu' });
      // Collapsed groups are opened so every screen's link is read.
      for (const toggle of await menu.locator('button[aria-expanded="false"]').all()) await toggle.click();
      const hrefs = await menu
        .locator('a[href^="/admin/"]')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const lists = [...new Set(hrefs)];
      expect(lists.length).toBeGreaterThan(0);
      // Each list's own create form and a record's edit form, as the list leads to them: react-admin's Create link
      // (`<list>/create`) and a row opening its edit form where the role may edit it (else the record); the talent
      // list adds and edits with buttons of its own, at the spec's paths (/talent/add, /talent/edit/:id).
      const forms: string[] = [];
      const edits: string[] = [];
      const addTalent = () => page.getByRole('button', { name: t('talent.admin.add'), exact: true });
      const editTalent = () => page.getByRole('button', { name: t('talent.view.edit'), exact: true });
      /** Clicks what leads away from `from` and audits where it led; the path, or null when it led nowhere. */
      const follow = async (control: Locator, from: string, what: string): Promise<string | null> => {
        await control.click();
        await page.waitForURL((url) => url.pathname !== from, { timeout: 5000 }).catch(() => undefined);
        const to = new URL(page.url()).pathname;
        if (to === from) return null;
        findings.push(...(await audit(page, `${to} (${what})`)));
        return to;
      };
      for (const list of lists) {
        await open(page, list);
        findings.push(...(await audit(page, list)));
        const createLink = page.locator(`main a[href="${list}/create"]`);
        const createHref = (await createLink.count()) ? await createLink.first().getAttribute('href') : null;
        const hasAddButton = (await addTalent().count()) > 0;
        const row = page.locator('tbody tr').first();
        if (await row.count()) {
          const record = await follow(row.locator('td').nth(1), list, 'a record');
          if (record && !record.endsWith('/show')) {
            if (await editTalent().count()) {
              const edit = await follow(editTalent(), record, 'its edit form');
              if (edit) edits.push(edit);
            } else if (!record.startsWith('/admin/talent/')) edits.push(record);
          }
        }
        if (createHref) {
          await open(page, createHref);
          findings.push(...(await audit(page, `${createHref} (its create form)`)));
          forms.push(createHref);
        } else if (hasAddButton) {
          if (new URL(page.url()).pathname !== list) await open(page, list);
          const add = await follow(addTalent(), list, 'its create form');
          if (add) forms.push(add);
        }
      }
      // AXE_DEBUG=1 lists the create and edit forms audited beside the lists.
      if (process.env.AXE_DEBUG)
        console.error(`${demo.label}: created at ${forms.join(' ')}; edited at ${edits.join(' ')}`);
      // Resources' own forms are audited, not one shared form: talent's and the lookups' at least.
      expect(forms).toContain('/admin/talent/add');
      expect(forms).toContain('/admin/countries/create');
      expect(edits.some((e) => e.startsWith('/admin/talent/edit/'))).toBe(true);
      expect(edits.length).toBeGreaterThan(1);
      await page.context().close();
      expect(summary(findings)).toEqual([]);
    },
    600_000,
  );
});
