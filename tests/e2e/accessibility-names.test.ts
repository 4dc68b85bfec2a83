/**
 * What a screen reader hears where the page audits of accessibility-portal.test.ts do not look: a wrong sign-in code
 * is announced and describes the code's boxes, and each search filter's group of checkboxes is named by its legend,
 * so "Singapore" under Preferred locations and under Current location are told apart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Names and announcements', () => {
  it('A wrong sign-in code is announced, and each box of the code is described by the message', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill('member@acme.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    const first = page.getByLabel('Six-digit code, digit 1 of 6');
    await first.fill('000000');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    const message = (await alert.innerText()).trim();
    expect(message.length).toBeGreaterThan(0);
    const described = await first.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain(message);
  });

  it("Each of the search's filters is a group named by its legend", async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/search');
    for (const name of ['Current location', 'Preferred locations']) {
      const group = page.getByRole('group', { name, exact: true });
      await group.getByRole('checkbox').first().waitFor();
    }
  });
});
