/**
 * The profile form's pickers resolve a typed name as the rest of the product does (docs/search.md,
 * 'Names typed by people'): accents and a typo forgiven, on the candidate's own page at a desktop's
 * and a phone's width, and in the console's talent form.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** What a person types, and the city it names. */
const TYPED: [string, RegExp][] = [
  ['Zurich', /^Zürich/],
  ['Krakow', /^Kraków/],
  ['Kuala Lumpr', /^Kuala Lumpur/],
];

let e2e: E2E;
const pages: Page[] = [];

async function typeAndSee(page: Page) {
  const picker = page.getByRole('combobox', { name: 'Current location', exact: true });
  await picker.waitFor();
  for (const [typed, city] of TYPED) {
    await picker.fill(typed);
    await page.getByRole('option', { name: city }).first().waitFor();
  }
  // Chosen, it is the field's value.
  await picker.fill('Zurich');
  await page
    .getByRole('option', { name: /^Zürich/ })
    .first()
    .click();
  await expect(picker.inputValue()).resolves.toBe('Zürich');
}

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await Promise.all(pages.map((p) => p.close()));
});

describe('Pickers resolve typed names as search does', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`A candidate types 'Zurich' in their location picker and is offered Zürich (${name})`, async () => {
      const page = await e2e.signIn('candidate@example.com', viewport, '/candidate/profile');
      pages.push(page);
      await typeAndSee(page);
    });
  }

  it("An admin types 'Zurich' in the console's talent form and is offered Zürich", async () => {
    const { id } = await e2e.db.knex('candidates').where('email', 'candidate@example.com').first('id');
    const page = await e2e.signIn('admin@example.com', DESKTOP, `/admin/talent/edit/Candidate:${id}`);
    pages.push(page);
    await typeAndSee(page);
  });
});
