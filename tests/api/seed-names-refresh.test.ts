/**
 * The names people type for the lookups ('UAE', 'AWS') and the currency rates reach every database: a production
 * start loads them beside the lookups, and a database that loaded an older copy of them loads them again once they
 * changed, keeping the aliases admins added. Through the autocomplete a user types into.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSets, recordedName, seed } from '../../seeds';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

let uae: { id: number; aliases: string[] };
afterAll(async () => {
  if (uae) await t.knex('countries').where('id', uae.id).update({ aliases: uae.aliases });
});

const countries = async (q: string) =>
  (await t.http.get('/api/v1/countries/search').query({ q }).set('Authorization', `Bearer ${admin}`).expect(200))
    .body as { label: string }[];

describe('The names seed set', () => {
  it('loads in production beside the lookups, and the demo sets only where the demo belongs', () => {
    expect(defaultSets(false)).toEqual(['lookups', 'names']);
    expect(defaultSets(true)).toEqual(expect.arrayContaining(['lookups', 'names', 'demo', 'candidates']));
  });

  it('loads again into a database that recorded an older copy of it, keeping an alias an admin added', async () => {
    uae = await t.knex('countries').where('name', 'United Arab Emirates').first('id', 'aliases');
    expect(uae.aliases).toContain('UAE');
    // A database seeded before 'UAE' was a name of the Emirates, with an alias an admin added since.
    await t
      .knex('countries')
      .where('id', uae.id)
      .update({ aliases: ['Dubai Country'] });
    await t.knex('seed_runs').where('name', recordedName('names')).update({ name: 'names' });
    expect((await countries('UAE')).map((c) => c.label)).not.toContain('United Arab Emirates');

    // A start seeds what is missing, with no force.
    expect(await seed(t.knex, { only: defaultSets(false) })).toEqual(['names']);
    // Each process's autocomplete index notices a changed table within seconds (backend/services/lookups/load.ts).
    await expect
      .poll(async () => (await countries('UAE')).map((c) => c.label)[0], { timeout: 10_000 })
      .toBe('United Arab Emirates');
    const after = await t.knex('countries').where('id', uae.id).first('aliases');
    expect(after.aliases).toEqual(expect.arrayContaining(['UAE', 'Dubai Country']));

    // Loaded once per copy of the names: the next start leaves them be.
    expect(await seed(t.knex, { only: defaultSets(false) })).toEqual([]);
  });
});
