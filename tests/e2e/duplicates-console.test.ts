/**
 * The console's duplicate queue in a browser: two profiles of one person (one phone written two
 * ways, one name misspelt, one employer and title) appear as a pair with their reasons; the pair
 * opens side by side with both values of each field; the admin keeps the other profile's summary
 * and, past a confirmation, the other profile's status over the pause the person chose, and merges; one profile remains with that summary, and the merged id redirects to it. The add-talent
 * form warns of that profile, linked, as soon as the same phone is typed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findTwins, refreshKeys } from '../../backend/features/duplicates';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let first: number;
let second: number;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const person = async (firstName: string, lastName: string, phone: string, summary: string | null) => {
    const [{ id }] = await knex('candidates')
      .insert({
        first_name: firstName,
        last_name: lastName,
        email: `${lastName}.${Date.now()}@example.org`.toLowerCase(),
        phone,
        summary,
      })
      .returning('id');
    await knex('candidate_experiences').insert({
      candidate_id: id,
      company: 'Kestrel Analytics',
      title: 'Data Engineer',
      start_date: '2021-01-01',
      current_position: true,
    });
    return id as number;
  };
  first = await person('Ottilie', 'Brandvold', '+65 6123 9876', null);
  // The first profile was paused by the person themself: merging keeps that unless the admin confirms otherwise.
  await knex('candidates').where('id', first).update({ status: 2, self_chosen_status: true, paused_from: 1 });
  second = await person('Ottilie', 'Brandvol', '+6561239876', 'Builds streaming pipelines.');
  await refreshKeys(knex, [first, second]);
  await findTwins(knex, [first, second]);
});

describe("The console's duplicate queue", () => {
  it('shows the pair, opens it side by side and merges it keeping the chosen values', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/duplicates');
    const row = page.getByRole('row').filter({ hasText: 'Ottilie Brandvold' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Same phone');
    expect(await row.textContent()).toContain('Close name, same employer and title');
    await row.getByRole('link', { name: 'Review' }).click();

    await page.getByRole('heading', { name: 'Same person?' }).waitFor();
    const lastName = page.getByRole('radiogroup', { name: 'Last name' });
    await lastName.getByLabel('Brandvold', { exact: true }).waitFor();
    await lastName.getByLabel('Brandvol', { exact: true }).waitFor();
    // The summary only the second profile holds is chosen by default; the admin keeps the first's last name.
    const summary = page.getByRole('radiogroup', { name: 'Summary' });
    expect(await summary.getByLabel('Builds streaming pipelines.').isChecked()).toBe(true);
    await lastName.getByLabel('Brandvold', { exact: true }).check();
    // The pause the person chose is the default; keeping the other profile's status asks first.
    const status = page.getByRole('radiogroup', { name: 'Status' });
    expect(await status.getByLabel('Inactive', { exact: true }).isChecked()).toBe(true);
    await status.getByLabel('Active', { exact: true }).check();
    const confirmMerge = page
      .getByRole('dialog', { name: 'Merge these profiles?' })
      .getByRole('button', { name: 'Merge' });
    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    await confirmMerge.click();
    const ask = page.getByRole('dialog', { name: 'Show a paused profile again?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await e2e.db.knex('candidates').whereIn('id', [first, second])).toHaveLength(2);
    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    await confirmMerge.click();
    await ask.getByRole('button', { name: 'Merge and show them again' }).click();
    await page.getByText('Merged into Ottilie Brandvold').waitFor();

    const { knex } = e2e.db;
    const rows = await knex('candidates').whereIn('id', [first, second]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first,
      last_name: 'Brandvold',
      summary: 'Builds streaming pipelines.',
      status: 1,
      self_chosen_status: false,
    });
    const res = await page.request.get(`${e2e.baseUrl}/api/v1/candidates/Candidate:${second}`, { maxRedirects: 0 });
    expect(res.status()).toBe(308);
  });

  it('warns on the add-talent form, before saving, of the profile the person already has', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/talent/add');
    await page.getByLabel('Phone', { exact: true }).fill('+65 6123 9876');
    const warning = page.getByRole('alert').filter({ hasText: 'This person may already have a profile' });
    await warning.waitFor();
    expect(await warning.getByRole('link', { name: 'Open Ottilie Brandvold' }).getAttribute('href')).toBe(
      `/admin/talent/Candidate%3A${first}`,
    );
  });
});
