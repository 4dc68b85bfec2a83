/**
 * Names in other spellings find their rows everywhere a name is typed (the one matcher, backend/services/lookups):
 * a city by its own name ('München', 'Köln', 'Praha') or an older English one ('Peking', 'Kiev'); a language by its
 * own name of itself ('Deutsch', 'Español', '日本語', 'Français'); a country by its name in the major languages
 * ('Deutschland', 'Allemagne'). The city picker lists cities, so a country typed by name ('UAE', 'Deutschland') offers
 * that country's cities there; a search filter still takes a country's name for no city. The names come with the
 * idempotent 'names' seed (seeds/lookups/names.ts), which gives an existing database the ones it lacks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNames } from '../../seeds/lookups/names';
import { testApp, type TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const search = async (path: string, q: string) =>
  (await t.http.get(`/api/v1/${path}/search`).query({ q }).set(bearer(admin)).expect(200)).body as {
    label: string;
    src: string | null;
  }[];

describe('Names in other languages', () => {
  it.each([
    ['locations', 'München', 'Munich'],
    ['locations', 'Köln', 'Cologne'],
    ['locations', 'Wien', 'Vienna'],
    ['locations', 'Praha', 'Prague'],
    ['locations', 'Warszawa', 'Warsaw'],
    ['locations', 'Lisboa', 'Lisbon'],
    ['locations', 'Milano', 'Milan'],
    ['locations', 'Peking', 'Beijing'],
    ['locations', 'Kiev', 'Kyiv'],
    ['locations', 'Bombay', 'Mumbai'],
    ['languages', 'Deutsch', 'German'],
    ['languages', 'Español', 'Spanish'],
    ['languages', '日本語', 'Japanese'],
    ['languages', 'Français', 'French'],
    ['countries', 'Deutschland', 'Germany'],
    ['countries', 'Allemagne', 'Germany'],
    ['countries', 'UAE', 'United Arab Emirates'],
  ])('%s: "%s" finds %s first', async (path, q, expected) => {
    expect((await search(path, q))[0]?.label).toBe(expected);
  });

  it('A country typed in the city picker offers its cities, most populous first', async () => {
    const uae = await search('locations', 'UAE');
    expect(uae.length).toBeGreaterThan(1);
    expect(uae.every((o) => o.src === 'AE')).toBe(true);
    expect(uae.map((o) => o.label)).toContain('Dubai');
    const germany = await search('locations', 'Deutschland');
    expect(germany.slice(0, 3).map((o) => o.label)).toContain('Berlin');
    expect(germany.every((o) => o.src === 'DE')).toBe(true);
  });

  it('The search filters resolve the same names; a country is not taken for one of its cities', async () => {
    const filter = (query: string) => t.http.get(`/api/v1/search?${query}`).set(bearer(admin));
    expect((await filter('cl=M%C3%BCnchen&lang=Deutsch&l=Peking')).status).toBe(200);
    const country = await filter('cl=Deutschland');
    expect(country.status).toBe(400);
    expect(country.body.error.fields).toEqual({ cl: 'cl.errors.notFound' });
  });

  it('The seed gives a database the names it lacks, and can run again', async () => {
    const munich = (await t.knex('cities').where({ name: 'Munich', code: 'DE' }).first('id', 'aliases')).id as number;
    await t.knex('cities').where('id', munich).update({ aliases: [] });
    await t.knex('languages').where('code', 'de').update({ aliases: [] });
    await loadNames(t.knex);
    await loadNames(t.knex);
    expect((await t.knex('cities').where('id', munich).first('aliases')).aliases).toEqual(['München']);
    expect((await t.knex('languages').where('code', 'de').first('aliases')).aliases).toEqual(['Deutsch']);
  });
});
