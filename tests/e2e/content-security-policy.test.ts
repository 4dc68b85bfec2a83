/**
 * The console, the portal and the development mailbox under the Content-Security-Policy, in
 * Chromium: they render and work with no violation reported, while a script injected into the
 * page does not run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

interface Watched {
  page: Page;
  /** Violations the page reported (securitypolicyviolation events and console errors). */
  violations(): Promise<string[]>;
}

/** A page that records every CSP violation from its first script on. */
async function watchedPage(): Promise<Watched> {
  const page = await e2e.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  // Init scripts are injected by the browser's automation channel, outside the page's policy.
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    page,
    violations: async () => [
      ...consoleErrors,
      ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ],
  };
}

describe('Pages under the Content-Security-Policy', () => {
  it('The portal signs a company user in and shows their home with no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill('owner@acme.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode('owner@acme.example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    // MUI's styles applied: the top bar is laid out, not raw unstyled HTML.
    const position = await page.getByTestId('top-nav').evaluate((el) => getComputedStyle(el).display);
    expect(position).not.toBe('inline');
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('The console signs an admin in and lists companies with no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/companies/);
    await page.getByRole('cell', { name: 'Acme', exact: true }).waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('The development mailbox renders styled with no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${e2e.baseUrl}/dev/mailbox`);
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('An injected inline script or event handler does not run, and the browser reports it', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "script"';
      document.body.appendChild(script);
      const img = document.createElement('img');
      img.setAttribute('src', 'data:,x');
      img.setAttribute('onerror', 'window.__injected = "handler"');
      document.body.appendChild(img);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    await page.close();
  });

  it('Another site cannot frame the portal or the console', async () => {
    // The other site: a server of its own on another port, a different origin to the browser.
    const other = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<iframe src="${e2e.baseUrl}/auth/login"></iframe><iframe src="${e2e.baseUrl}/admin/login"></iframe>`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const page = await e2e.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes("frame-ancestors 'none'")) refused.push(m.text());
    });
    try {
      await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      await expect.poll(() => refused.length).toBe(2);
      // Each framed page of ours is replaced by the browser's error page instead of loading.
      await expect
        .poll(() =>
          page
            .frames()
            .filter((f) => f !== page.mainFrame())
            .map((f) => f.url()),
        )
        .toEqual(['chrome-error://chromewebdata/', 'chrome-error://chromewebdata/']);
    } finally {
      await page.close();
      other.close();
    }
  });
});
