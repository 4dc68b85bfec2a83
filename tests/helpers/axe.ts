/**
 * The accessibility audit's tools: axe-core (WCAG 2.0/2.1, levels A and AA) run in a page once it has settled, keeping
 * the critical and serious violations; the portal pages each role may open, found through the portal's own route
 * table; the console's sign-in. The audits themselves are tests/e2e/accessibility-portal.test.ts and
 * tests/e2e/accessibility-console.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { decideAccess } from '../../portal/app/access';
import { ROUTE_RULES, type RouteId } from '../../portal/app/routeRules';
import type { Viewer } from '../../portal/app/viewer';
import { ADMIN_TYPES, SUB_ROLES } from '../../schema/roles';
import type { DemoRole } from './actors';
import { followInApp, pendingOf, signInAtConsole, type E2E } from './e2e';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/**
 * Until nothing is in flight for `quiet` ms and the page's main thread has gone idle with still nothing
 * in flight: on a busy machine a screen may render, and only then ask for its data, seconds after its
 * code arrived. At most `max` ms.
 */
export async function settled(page: Page, quiet = 300, max = 15_000): Promise<void> {
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
export async function open(page: Page, path: string): Promise<void> {
  // The pointer leaves the last row it clicked, so the next screen is not audited under a hover tooltip fading in.
  const size = page.viewportSize();
  if (size) await page.mouse.move(size.width - 1, size.height - 1);
  await followInApp(page, path);
}

/** Waits for the page to settle (data loaded, spinners gone), then runs axe and keeps what blocks users. */
export async function audit(page: Page, label: string): Promise<Finding[]> {
  const t0 = Date.now();
  try {
    return await auditNow(page, label);
  } finally {
    // AXE_DEBUG=1 prints each page's time as it is audited.
    if (process.env.AXE_DEBUG) console.error(`${label}: ${Date.now() - t0} ms`);
  }
}

/** Waits for the screen to settle as an audit does (data loaded, spinners gone), without running axe. */
export async function settle(page: Page): Promise<void> {
  await settled(page);
  const spinner = page.locator('[role=progressbar]').first();
  if (await spinner.count()) {
    await spinner.waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    await settled(page);
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
  const found = await axeViolations(page, label);
  if (process.env.AXE_DEBUG) console.error(`  ${label}: settled ${t1 - t0} ms, axe ran ${Date.now() - t1} ms`);
  if (process.env.AXE_DEBUG) for (const f of found) console.error(`${f.page} — ${f.rule}: ${f.nodes.join(' | ')}`);
  return found;
}

/**
 * axe-core's critical and serious WCAG 2.1 A/AA violations on the page as it stands. Evaluated over the protocol, not
 * as a page script, so the page's script policy stays as users get it; loaded once per document.
 */
export async function axeViolations(page: Page, label: string): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
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
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ page: label, rule: v.id, impact: v.impact, nodes: v.nodes }));
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
export async function portalPaths(e2e: E2E, demo: DemoRole): Promise<string[]> {
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

export const summary = (findings: Finding[]) =>
  findings.map((f) => `${f.page} — ${f.rule} (${f.impact})\n    ${f.nodes.join('\n    ')}`);

export async function consoleSignIn(e2e: E2E, email: string): Promise<Page> {
  const page = await e2e.newPage();
  // Leaving a form asks first; the walk leaves every form it opens.
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAtConsole(e2e, page, email);
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
  return page;
}
