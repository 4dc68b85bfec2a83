/**
 * Everyone can use the portal: axe-core (WCAG 2.0/2.1, levels A and AA) finds no critical or serious violation on any
 * portal page that each role opens. Pages are found the way users find them: the portal's route table decides which
 * pages a role may open (the same rule the app applies). The console's screens: accessibility-console.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../helpers/actors';
import { audit, open, portalPaths, settle, summary, type Finding } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
/**
 * Each page is audited once for a kind of user: a company Member's /search is a company Admin's with fewer actions,
 * so the second role of a kind opens its pages (what it may open is checked) and axe audits only those the first did
 * not reach. Admins, company users, RaaS companies, candidates and visitors each see their own pages.
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
      // The first screen is loaded, the others opened inside it.
      const page = demo.email ? await e2e.signIn(demo.email, undefined, null) : await e2e.newPage();
      await page.goto(`${e2e.baseUrl}${paths[0]}`);
      for (const path of paths) {
        if (path !== paths[0]) await open(page, path);
        const key = `${demo.role}:${path}`;
        if (audited.has(key)) {
          await settle(page);
          continue;
        }
        audited.add(key);
        findings.push(...(await audit(page, path)));
      }
      await page.context().close();
      expect(summary(findings)).toEqual([]);
    },
    300_000,
  );
});
