/**
 * A name a user types is resolved the same way in every picker (the one name matcher behind
 * `GET /<kind>/search`): one letter offers the skill of that name first ('R') on /search, the
 * candidate profile (desktop and phone), AI match's requirements and the console's talent filters;
 * the console's filters forgive accents and typos and tell the two Londons apart by country code, as
 * /search's location filters do; countries are found as people name them at company sign-up, in the
 * project form and in the profile's experience; a name a saved filter holds is shown resolved.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let e2e: E2E;
const pages: Page[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
});

const keep = (page: Page) => {
  pages.push(page);
  return page;
};

/** The options a combobox offers once they answer what was typed (the first is `first`). */
async function offered(page: Page, combobox: string | RegExp, typed: string, first: RegExp): Promise<string[]> {
  const input = page.getByRole('combobox', { name: combobox, exact: typeof combobox === 'string' }).first();
  await input.waitFor();
  await input.fill(typed);
  await page.getByRole('option').first().filter({ hasText: first }).waitFor();
  return page.getByRole('option').allInnerTexts();
}

describe('One letter', () => {
  it("/search's Skills filter offers R first for 'R'", async () => {
    const page = keep(await e2e.signIn('owner@acme.example.com', DESKTOP, '/search'));
    const options = await offered(page, 'Skills', 'R', /^R$/);
    expect(options[0]).toBe('R');
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`The candidate profile's skill picker offers R first, and the experience country takes 'Turkey' (${name})`, async () => {
      const page = keep(await e2e.signIn('candidate@example.com', viewport, '/candidate/profile'));
      expect((await offered(page, 'Add a skill', 'R', /^R$/))[0]).toBe('R');
      await page.keyboard.press('Escape');
      const country = (await offered(page, /^Country/, 'Turkey', /^Türkiye/))[0];
      expect(country).toMatch(/^Türkiye/);
    });
  }

  it("AI match's requirement picker offers R first", async () => {
    const page = keep(await e2e.signIn('admin@example.com', DESKTOP, '/ai-match'));
    await page.getByLabel('Job description').fill('Data analyst. Required: SQL and Python. Based in Singapore.');
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await page.getByRole('heading', { name: 'Requirements' }).waitFor();
    expect((await offered(page, 'Add a requirement', 'R', /^R$/))[0]).toBe('R');
  });
});

describe("The console's talent filters", () => {
  async function filter(page: Page, name: string) {
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText(name, { exact: true }).click();
  }

  it('resolve typed names as the talent form does, tell same-named cities apart and apply', async () => {
    const page = keep(await e2e.newPage(DESKTOP));
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.goto(`${e2e.baseUrl}/admin/talent`, { waitUntil: 'domcontentloaded' });
    await filter(page, 'Current location');
    await offered(page, 'Current location', 'Zurich', /^Zürich/);
    await offered(page, 'Current location', 'Kuala Lumpr', /^Kuala Lumpur/);
    await offered(page, 'Current location', 'R', /./);
    const londons = (await offered(page, 'Current location', 'London', /^London/)).filter((o) => /^London\b/.test(o));
    expect(londons.length).toBeGreaterThan(1);
    expect(new Set(londons).size, `distinct: ${londons.join(' | ')}`).toBe(londons.length);
    await page.getByRole('option', { name: /^London\s*GB$/ }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"cl":['));
    await page.keyboard.press('Escape');

    await filter(page, 'Skills');
    expect((await offered(page, 'Skills', 'AWS', /^Amazon Web Services$/))[0]).toBe('Amazon Web Services');
    expect((await offered(page, 'Skills', 'R', /^R$/))[0]).toBe('R');
  });
});

describe('Countries as people name them', () => {
  it("Company sign-up's hiring countries take 'UK' and 'USA', signed out", async () => {
    const page = keep(await e2e.newPage(DESKTOP));
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'talentbase.companySignup',
        JSON.stringify({
          you: { email: 'lena@hooli.example.com' },
          step1: { token: 'pending', values: '{}' },
          emailConfirmed: true,
        }),
      );
    });
    await page.goto(`${e2e.baseUrl}/auth/company/signup/2`, { waitUntil: 'domcontentloaded' });
    expect((await offered(page, /^Hiring countries/, 'UK', /^United Kingdom$/))[0]).toBe('United Kingdom');
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    expect((await offered(page, /^Hiring countries/, 'USA', /^United States$/))[0]).toBe('United States');
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    const chips = page.locator('.MuiChip-root');
    await expect.poll(() => chips.allInnerTexts()).toEqual(expect.arrayContaining(['United Kingdom', 'United States']));
  });

  it("The project form's countries take 'UK'", async () => {
    const page = keep(await e2e.signIn('owner@acme.example.com', DESKTOP, '/projects'));
    await page.getByTestId('add-project').click();
    await page.getByTestId('add-project-dialog').getByRole('heading', { name: 'New project' }).waitFor();
    expect((await offered(page, /^Hiring countries/, 'UK', /^United Kingdom$/))[0]).toBe('United Kingdom');
    expect((await offered(page, /^Hiring countries/, 'Turkey', /^Türkiye$/))[0]).toBe('Türkiye');
  });
});

describe("/search's location filters", () => {
  it('show the country code beside a city, in options and chips, and a name a stored filter holds resolved', async () => {
    const london = await e2e.db.knex('cities').where({ name: 'London', code: 'GB' }).first('id');
    const page = keep(await e2e.signIn('owner@acme.example.com', DESKTOP, `/search?l=sg&cl=${london.id}`));
    const chips = page.getByTestId('active-filters');
    await expect.poll(() => chips.innerText()).toMatch(/Singapore/);
    await expect.poll(() => chips.innerText()).toMatch(/London \(GB\)/);
    expect(await chips.innerText()).not.toMatch(/\bsg\b/);
    const londons = (await offered(page, 'Preferred locations', 'London', /^London/)).filter((o) =>
      /^London\b/.test(o),
    );
    expect(londons.length).toBeGreaterThan(1);
    expect(londons).toContain('London (GB)');
    expect(new Set(londons).size, `distinct: ${londons.join(' | ')}`).toBe(londons.length);
  });
});
