/**
 * A used answer link (the request already answered) is answered by its outcome only: the page shows "already
 * answered" from `isTokenUsed` without reading the request's project data, which the server no longer sends in full
 * for a used link (a stub, or nothing at all), so the view never depends on what that data holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('A used interview answer link', () => {
  it.each([
    ['no project data', {}],
    ['a null project data', { projectData: null }],
  ])('shows the already-answered view when the answer holds %s', async (_what, data) => {
    const page = await e2e.browser.newPage();
    try {
      await page.route('**/api/v1/projects/interview-request/check-and-approve', (route) =>
        route.fulfill({ json: { success: true, isTokenUsed: true, state: 'approved', ...data } }),
      );
      await page.goto(`${e2e.baseUrl}/interview-request?irt=${'a'.repeat(43)}&av=approve&m=email`);
      const view = page.getByTestId('interview-request');
      await page.locator('[data-testid="interview-request"]:not([data-state="loading"])').waitFor();
      await expect(view.getAttribute('data-state')).resolves.toBe('used');
      await page.getByText(t('portal.interviews.answer.usedTitle')).waitFor();
    } finally {
      await page.close();
    }
  });
});
