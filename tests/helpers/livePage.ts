/**
 * A browser page of one signed-in person whose live channel is open, for e2e tests of what a page hears from changes
 * made elsewhere: on a laptop, or on a touch phone (a context of its own carrying the same session).
 */
import type { Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import type { E2E } from './e2e';

/** The two screens such a test checks: a laptop and a touch phone. */
export const LIVE_SIZES = [
  { name: 'a laptop', phone: false, viewport: { width: 1440, height: 900 } },
  { name: 'a touch phone', phone: true, viewport: { width: 390, height: 844 } },
] as const;

export type LiveSize = (typeof LIVE_SIZES)[number];

/** `email`'s page on `at`, at `size`; returns once its live channel is open (its 'ready' frame came). */
export async function livePageOn(e2e: E2E, email: string, size: LiveSize, at: string): Promise<Page> {
  const signed = await e2e.signIn(email, size.viewport, null);
  let page = signed;
  if (size.phone) {
    const context = await e2e.browser.newContext({ viewport: size.viewport, isMobile: true, hasTouch: true });
    onTestFinished(() => context.close());
    await context.addCookies(await signed.context().cookies());
    page = await context.newPage();
  }
  const ready = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => void (String(f.payload).includes('"ready"') && resolve())),
    ),
  );
  await page.goto(`${e2e.baseUrl}${at}`);
  await ready;
  return page;
}
