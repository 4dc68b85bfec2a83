/**
 * /my-profile's notification preferences card when its first read fails (a 500) in a real browser: it says so with
 * Try again (the shared RetryAlert) instead of an error that only a reload of the whole page clears, and the read
 * that then succeeds draws each kind's choice, ready to be changed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PATH = 'notification-preferences';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

/** Answers the first GET of the preferences with a 500 and lets every later one through; returns how many were made. */
async function failFirstRead(page: Page): Promise<() => number> {
  let reads = 0;
  await page.route(
    (url) => url.pathname === `/api/v1/${PATH}`,
    (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      return reads++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.continue();
    },
  );
  return () => reads;
}

describe('The notification preferences card whose first read fails', () => {
  it.each([
    ['1440×900', DESKTOP],
    ['390×844', PHONE],
  ])(
    'at %s offers Try again, then shows each kind’s choice, enabled',
    async (_name, viewport) => {
      const page = await e2e.signIn('owner@acme.example.com', viewport, null);
      const reads = await failFirstRead(page);
      await page.goto(`${e2e.baseUrl}/my-profile`);

      const card = page.getByTestId('notification-preferences');
      const failed = card.getByTestId('notification-preferences-load-error');
      await failed.waitFor({ timeout: 15_000 });
      await expect(failed.getAttribute('role')).resolves.toBe('alert');
      await expect(failed.textContent()).resolves.toContain(t('notifications.inbox.loadError'));
      await failed.getByRole('button', { name: t('portal.common.retry') }).click();
      await failed.waitFor({ state: 'hidden' });
      await expect.poll(reads).toBe(2);

      const choices = card.getByRole('combobox');
      await choices.first().waitFor();
      const count = await choices.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await expect(choices.nth(i).isEnabled()).resolves.toBe(true);
      // Still usable: a choice opens its list of channels.
      await choices.first().click();
      await page.getByRole('option').first().waitFor();
    },
    60_000,
  );
});
