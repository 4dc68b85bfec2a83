/**
 * The console's duplicate pieces say what happened rather than going quiet: the "Merged profiles" section of a talent
 * page whose list failed to load says so with "Try again", which loads it; the add-talent form's warning of a likely
 * twin goes once the typed address that raised it is cleared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findTwins, mergeCandidates, refreshKeys } from '../../backend/features/duplicates';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let kept: number;
const stamp = Date.now();
const existing = `runa.stavik.${stamp}@example.org`;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const person = async (lastName: string, email: string) => {
    const [{ id }] = await knex('candidates')
      .insert({ first_name: 'Runa', last_name: lastName, email, phone: '+65 6123 5577' })
      .returning('id');
    return id as number;
  };
  kept = await person('Stavik', existing);
  const merged = await person('Stavikk', `runa.s.${stamp}@example.org`);
  await mergeCandidates(knex, { survivorId: kept, mergedId: merged, keep: { email: 'survivor' } });
  await refreshKeys(knex, [kept]);
  await findTwins(knex, [kept]);
});

describe("The console's duplicate pieces", () => {
  it('says the merged profiles could not be loaded, and loads them on Try again', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin');
    let failures = 1;
    await page.route('**/api/v1/candidate-merges?*', async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, json: { message: 'Internal server error' } });
      return route.continue();
    });
    await page.goto(`${e2e.baseUrl}/admin/talent/${encodeURIComponent(String(formatId(entity('candidate'), kept)))}`);
    const section = page.getByRole('region', { name: 'Merged profiles' });
    const failed = section.getByRole('alert').filter({ hasText: 'Merged profiles could not be loaded' });
    await failed.waitFor();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await section.getByText(/Runa Stavikk merged into this profile on/).waitFor();
    expect(await failed.count()).toBe(0);
  });

  it('takes the twin warning away once the address that raised it is cleared', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/talent/add');
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill(existing);
    const warning = page.getByRole('alert').filter({ hasText: 'This person may already have a profile' });
    await warning.getByRole('link', { name: 'Open Runa Stavik' }).waitFor();
    await email.fill('');
    await warning.waitFor({ state: 'detached' });
    expect(await warning.count()).toBe(0);
  });
});
