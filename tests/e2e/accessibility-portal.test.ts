/**
 * Everyone can use the portal: axe-core (WCAG 2.0/2.1, levels A and AA) finds no critical or serious violation on any
 * portal page that each role opens. Pages are found the way users find them: the portal's route table decides which
 * pages a role may open (the same rule the app applies). The console's screens: accessibility-console.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../helpers/actors';
import { audit, open, portalPaths, summary, type Finding } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
/**
 * Each page is audited once for a kind of user: a company Member's /search is a company Admin's with fewer actions,
 * so for the second role of a kind the route table decides which pages it may open (checked: at least one) and axe
 * audits those the first did not reach; the others it does not open again. Admins, company users, RaaS companies,
 * candidates and visitors each see their own pages.
 */
const audited = new Set<string>();

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Every portal page, in every role that opens it, has no critical or serious WCAG 2.1 A/AA violation', () => {
  it.each(DEMO_ROLES.map((d) => [d.label, d] as const))(
    '%s',
    async (_label, demo) => {
      const findings: Finding[] = [];
      const paths = await portalPaths(e2e, demo);
      expect(paths.length).toBeGreaterThan(0);
      const unaudited = paths.filter((path) => !audited.has(`${demo.role}:${path}`));
      // A role whose pages an earlier role of its kind audited opens no browser: there is nothing left to audit.
      if (!unaudited.length) return;
      // The first screen is loaded, the others opened inside it.
      const page = demo.email ? await e2e.signIn(demo.email, undefined, null) : await e2e.newPage();
      await page.goto(`${e2e.baseUrl}${unaudited[0]}`);
      for (const path of unaudited) {
        if (path !== unaudited[0]) await open(page, path);
        audited.add(`${demo.role}:${path}`);
        findings.push(...(await audit(page, path)));
      }
      expect(summary(findings)).toEqual([]);
    },
    300_000,
  );
});

describe('A visitor who asks for less motion', () => {
  it('sees progress indicators that still move, in steps, and nothing else that moves', async () => {
    // Every context of these tests asks for reduced motion (helpers/e2e.ts). The elements carry MUI's class names and
    // move as MUI's would (smoothly, the arc growing and shrinking); the product's own style sheet decides how they move.
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByRole('textbox').first().waitFor();
    const styles = await page.evaluate(() => {
      const make = (tag: string, className: string, style: string, parent: Element = document.body) =>
        parent.appendChild(Object.assign(document.createElement(tag), { className, style }));
      const spinner = make('span', 'MuiCircularProgress-root', 'animation: spin 1.4s linear infinite');
      const circle = make('i', 'MuiCircularProgress-circle', 'animation: dash 1.4s ease-in-out infinite', spinner);
      const bar = make('span', 'MuiLinearProgress-bar', 'animation: sweep 2.1s ease infinite');
      const other = make('div', 'MuiCollapse-root', 'transition: height 300ms');
      const read = (el: Element) => getComputedStyle(el);
      return {
        spinner: read(spinner).animationTimingFunction,
        circle: read(circle).animationName,
        bar: read(bar).animationTimingFunction,
        other: read(other).transitionDuration,
      };
    });
    expect(styles).toEqual({ spinner: 'steps(8)', circle: 'none', bar: 'steps(8)', other: '1e-05s' });
  });
});
