/**
 * A name a user types is resolved the same way everywhere: one letter finds the skill of that name
 * ('R', 'C', 'D') first; countries have their autocomplete (`GET /countries/search`), through the one
 * name matcher with the names people type ('UK', 'USA', 'Turkey', 'UAE', 'Czech Republic'), signed
 * out too (company sign-up picks hiring countries); and the demo project's saved filter holds the
 * city's id the search expects, not a name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { abilityFor } from '../../schema/ability';
import { suggest, suggestInSql } from '../../backend/features/lookups';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let company: string;
let candidate: string;

beforeAll(async () => {
  t = await testApp();
  [company, candidate] = await Promise.all([t.login('owner@acme.example.com'), t.login('candidate@example.com')]);
});

const get = (url: string, token?: string) => {
  const req = t.http.get(`/api/v1${url}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('One letter', () => {
  it.each(['R', 'C', 'D', 'r'])('"%s" offers the skill of that name first', async (q) => {
    const res = await get(`/skills/search?q=${q}`, company);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ label: q.toUpperCase() });
  });

  it('ranks its exact name first, then names that start with it, in memory and in SQL alike', async () => {
    const ability = abilityFor({ role: 'admin', id: 1, adminType: 'general' });
    for (const q of ['R', 'c', 'd']) {
      const inSql = await suggestInSql(t.knex, ability, 'skills', q);
      expect(inSql[0].label).toBe(q.toUpperCase());
      expect(inSql.length).toBeGreaterThan(1);
      expect(await suggest(t.knex, ability, 'skills', q)).toEqual(inSql);
    }
  });

  it('answers every kind, and an empty text is still a field error', async () => {
    expect((await get('/locations/search?q=z', candidate)).status).toBe(200);
    const empty = await get('/skills/search?q=%20', company);
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields)).toEqual(['q']);
  });
});

describe('Countries as typed', () => {
  it.each([
    ['UK', 'United Kingdom'],
    ['USA', 'United States'],
    ['Turkiye', 'Türkiye'],
    ['Turkey', 'Türkiye'],
    ['UAE', 'United Arab Emirates'],
    ['Czech Republic', 'Czechia'],
    ['Burma', 'Myanmar'],
    ['SG', 'Singapore'],
    ['singapor', 'Singapore'],
  ])('"%s" offers %s first, signed out too', async (q, country) => {
    for (const token of [undefined, company, candidate]) {
      const res = await get(`/countries/search?q=${encodeURIComponent(q)}`, token);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ label: country, src: expect.stringMatching(/^[A-Z]{2}$/) });
    }
  });

  it('gives ids the countries list and a project take', async () => {
    const [uk] = (await get('/countries/search?q=UK')).body as { id: number | string }[];
    const row = await t.knex('countries').where('name', 'United Kingdom').first('id');
    expect(String(uk.id)).toBe(String(row.id));
  });
});

describe('The demo project saved filter', () => {
  it('holds the city id the search expects, which the search reads as Singapore', async () => {
    const project = await t.knex('projects').where('title', 'Senior Backend Engineer').first('current_url');
    const params = new URLSearchParams(project.current_url as string);
    const singapore = await t.knex('cities').where('name', 'Singapore').orderBy('id').first('id');
    expect(params.get('l')).toBe(String(singapore.id));
  });
});
