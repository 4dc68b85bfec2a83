/**
 * Everyone can use the console: axe-core (WCAG 2.0/2.1, levels A and AA) finds no critical or serious violation on any
 * console list, create form and edit/show screen that each console role opens. The screens are found the way users
 * find them: the console's menu lists them, each list leads to its forms. The portal's pages:
 * accessibility-portal.test.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { DEMO_ROLES } from '../helpers/actors';
import { audit, consoleSignIn, open, settle, summary, type Finding } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
/**
 * Each screen is audited once: a second admin role walks its own menu and forms (what it may open is checked), and
 * the axe audit runs only on the screens the roles before it did not reach.
 */
const audited = new Set<string>();
const auditOnce = async (page: Page, path: string, label = path): Promise<Finding[]> => {
  // A screen not audited again is still waited for, so what the walk reads next (its rows) is what users see.
  if (audited.has(path)) return settle(page).then(() => []);
  audited.add(path);
  return audit(page, label);
};

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Every console list, form and record screen, in every role that opens the console, has no critical or serious violation', () => {
  it.each(DEMO_ROLES.filter((d) => d.role === 'admin').map((d) => [d.label, d] as const))(
    '%s',
    async (_label, demo) => {
      const page = await consoleSignIn(e2e, demo.email as string);
      const findings: Finding[] = [];
      findings.push(...(await auditOnce(page, new URL(page.url()).pathname, 'login landing')));
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
        findings.push(...(await auditOnce(page, to, `${to} (${what})`)));
        return to;
      };
      for (const list of lists) {
        await open(page, list);
        findings.push(...(await auditOnce(page, list)));
        const createLink = page.locator(`main a[href="${list}/create"]`);
        const createHref = (await createLink.count()) ? await createLink.first().getAttribute('href') : null;
        // The talent list's own Add button comes with its data: waited for, as its rows are below.
        if (list === '/admin/talent')
          await addTalent()
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
        const hasAddButton = (await addTalent().count()) > 0;
        const row = page.locator('tbody tr').first();
        // The demo has talent, so its list is waited for rather than read as empty while its rows load.
        if (list === '/admin/talent') await row.waitFor();
        if (await row.count()) {
          const record = await follow(row.locator('td').nth(1), list, 'a record');
          if (record && !record.endsWith('/show')) {
            // A talent record's Edit button comes with its data, which can land after the screen settles.
            if (record.startsWith('/admin/talent/'))
              await editTalent()
                .waitFor({ timeout: 10_000 })
                .catch(() => undefined);
            if (await editTalent().count()) {
              const edit = await follow(editTalent(), record, 'its edit form');
              if (edit) edits.push(edit);
            } else if (!record.startsWith('/admin/talent/')) edits.push(record);
          }
        }
        if (createHref) {
          // A create form an earlier role audited is not drawn again: the list's link to it is what this role's walk reads.
          if (!audited.has(createHref)) {
            await open(page, createHref);
            findings.push(...(await auditOnce(page, createHref, `${createHref} (its create form)`)));
          }
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
      expect(summary(findings)).toEqual([]);
    },
    600_000,
  );
});
