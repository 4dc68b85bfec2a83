/**
 * A keyboard user sees where focus is (WCAG 2.4.7): a button and an icon button reached with Tab, in the portal and
 * in the console, draw a solid outline of at least 2px; the same button pressed with the mouse draws none.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

interface Ring {
  style: string;
  width: number;
}

const ringOf = (page: Page): Promise<Ring> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const css = getComputedStyle(el);
    return { style: css.outlineStyle, width: parseFloat(css.outlineWidth) };
  });

/** Presses Tab until the focused element matches `selector`; marks it with `data-ring-target` and returns it. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((sel) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.matches(sel)) return false;
      document.querySelectorAll('[data-ring-target]').forEach((e) => e.removeAttribute('data-ring-target'));
      el.setAttribute('data-ring-target', '');
      return true;
    }, selector);
    if (found) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function expectKeyboardRingOnly(page: Page, selector: string) {
  await page.locator(`${selector} >> visible=true`).first().waitFor();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await tabTo(page, selector);
  const ring = await ringOf(page);
  expect(ring.style, selector).not.toBe('none');
  expect(ring.width, selector).toBeGreaterThanOrEqual(2);

  // The same element pressed with the mouse (released elsewhere, so nothing is clicked) takes focus without a ring.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const box = (await page.locator('[data-ring-target]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const focused = await page.evaluate(() => document.activeElement?.hasAttribute('data-ring-target'));
  expect(focused, selector).toBe(true);
  const pressed = await ringOf(page);
  await page.mouse.move(1, 1);
  await page.mouse.up();
  expect(pressed.style === 'none' || pressed.width === 0, `${selector}: ${JSON.stringify(pressed)}`).toBe(true);
}

describe('A visible keyboard focus ring', () => {
  it('The portal: a button and an icon button', async () => {
    const page = await e2e.signIn('owner@acme.example.com', { width: 1440, height: 900 }, '/projects');
    await expectKeyboardRingOnly(page, 'button.MuiButton-root');
    await expectKeyboardRingOnly(page, 'button.MuiIconButton-root');
    await page.close();
  });

  it('The console: a button and an icon button', async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, '/admin/companies');
    await expectKeyboardRingOnly(page, 'button.MuiButton-root');
    await expectKeyboardRingOnly(page, 'button.MuiIconButton-root');
    await page.close();
  });
});
