/**
 * A merge in the console, at 1440×900, asks first, naming what moves (the merged profile's projects and notes); once
 * the review is left, the kept profile's talent page lists the merged profile under "Merged profiles" and undoes the
 * merge from there: both profiles are back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findTwins, refreshKeys } from '../../backend/features/duplicates';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';

const SCREEN = { width: 1440, height: 900 };

let e2e: E2E;
let kept: number;
let merged: number;
let pairId: number;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const person = async (lastName: string) => {
    const [{ id }] = await knex('candidates')
      .insert({
        first_name: 'Solveig',
        last_name: lastName,
        email: `${lastName}.${Date.now()}@example.org`.toLowerCase(),
        phone: '+65 6123 4411',
      })
      .returning('id');
    return id as number;
  };
  kept = await person('Undset');
  merged = await person('Undsett');
  const p = await makeProject(knex, { title: 'Undo later' });
  const { company_id: companyId } = await knex('projects').where('id', p.id).first('company_id');
  await knex('project_candidates').insert({ project_id: p.id, candidate_id: merged, company_id: companyId, stage: 2 });
  await knex('candidate_notes').insert({ candidate_id: merged, note: 'Met at the fair' });
  await refreshKeys(knex, [kept, merged]);
  await findTwins(knex, [kept, merged]);
  pairId = (await knex('candidate_duplicates').where({ candidate_id: kept, other_id: merged }).first('id')).id;
});

describe('A merge undone from the kept profile’s page', () => {
  it('asks before merging, then undoes the merge from the talent page after the review is left', async () => {
    const pairRef = String(formatId(entity('candidateDuplicate'), pairId));
    const page = await e2e.signIn('admin@example.com', SCREEN, `/admin/duplicates/${encodeURIComponent(pairRef)}`);
    page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
    await page.getByRole('heading', { name: 'Same person?' }).waitFor();
    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    const ask = page.getByRole('dialog', { name: 'Merge these profiles?' });
    const words = await ask.textContent();
    expect(words).toContain('Solveig Undsett will be merged into Solveig Undset');
    expect(words).toContain('1 project and 1 note');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await e2e.db.knex('candidates').whereIn('id', [kept, merged])).toHaveLength(2);

    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    await ask.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Merged into Solveig Undset', { exact: true }).waitFor();
    expect(await e2e.db.knex('candidates').whereIn('id', [kept, merged])).toHaveLength(1);

    await page.goto(`${e2e.baseUrl}/admin/talent/${encodeURIComponent(String(formatId(entity('candidate'), kept)))}`);
    const section = page.getByRole('region', { name: 'Merged profiles' });
    await section.getByText(/Solveig Undsett merged into this profile on/).waitFor();
    await section.getByRole('button', { name: 'Undo merge: Solveig Undsett' }).click();
    await page
      .getByRole('dialog', { name: 'Undo the merge of Solveig Undsett?' })
      .getByRole('button', { name: 'Undo merge' })
      .click();
    await page.getByText('Merge undone: Solveig Undsett is a profile of its own again').waitFor();
    await section.getByText(/Solveig Undsett: merge undone on/).waitFor();
    expect(await section.getByRole('button', { name: /Undo merge/ }).count()).toBe(0);
    const back = await e2e.db.knex('candidates').whereIn('id', [kept, merged]).orderBy('id');
    expect(back.map((r) => [r.id, r.last_name])).toEqual([
      [kept, 'Undset'],
      [merged, 'Undsett'],
    ]);
  });
});
