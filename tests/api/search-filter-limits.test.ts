/**
 * Names typed into the search filters are resolved in SQL against their lookups, so a request may
 * type only as many as a recruiter does: at most 20 in one key and 40 in all (MAX_NAMES of
 * backend/features/search/params.ts) (ids, as the autocompletes send them, do not count). The search page, the console's talent
 * list and a project's saved filters refuse more with the search's field message; names within the
 * limits resolve as they always did (the small pool of tests/helpers/searchWorld.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listQuery } from '../helpers/app';
import { projectBody } from '../helpers/projects';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;
/** Real names of each lookup (no commas: a comma separates items), so that the old limits would have taken them. */
const real: Record<'skills' | 'job_titles' | 'cities', string[]> = { skills: [], job_titles: [], cities: [] };

beforeAll(async () => {
  w = await searchWorld();
  for (const table of Object.keys(real) as (keyof typeof real)[]) {
    const names = (await w.t.knex(table).orderBy('id').limit(200).pluck('name')) as string[];
    real[table] = [...new Set(names.filter((n) => !n.includes(',')))].slice(0, 30);
  }
});

const query = (values: Record<string, string[]>) =>
  Object.entries(values)
    .flatMap(([key, items]) => items.map((v) => `${key}=${encodeURIComponent(v)}`))
    .join('&');
const tooMany = (key: string) => ({ [key]: `${key}.errors.tooMany` });

describe('The search page', () => {
  it('refuses more than 20 names in one key, naming the key', async () => {
    const answer = await w.search(query({ s: real.skills.slice(0, 21) }));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual(tooMany('s'));
    // Comma lists count alike.
    const listed = await w.search(`jt=${real.job_titles.slice(0, 21).map(encodeURIComponent).join(',')}`);
    expect(listed.body.error?.fields).toEqual(tooMany('jt'));
  });

  it('refuses more than 40 names in all, naming the keys that pass it', async () => {
    const answer = await w.search(
      query({ jt: real.job_titles.slice(0, 15), s: real.skills.slice(0, 15), l: real.cities.slice(0, 15) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual(tooMany('l'));
    const more = await w.search(
      query({ jt: real.job_titles.slice(0, 20), s: real.skills.slice(0, 20), l: ['Singapore'], cl: ['KL'] }),
    );
    expect(more.body.error?.fields).toEqual({ ...tooMany('l'), ...tooMany('cl') });
  });

  it('takes the limits themselves, and ids beside them (ids are not names)', async () => {
    const atLimits = await w.search(query({ jt: real.job_titles.slice(0, 20), s: real.skills.slice(0, 20) }));
    expect(atLimits.status, JSON.stringify(atLimits.body.error)).toBe(200);
    const ids = (await w.t.knex('skills').orderBy('id').limit(30).pluck('id')) as number[];
    const withIds = await w.search(
      query({ s: ids.map(String), jt: real.job_titles.slice(0, 20), l: real.cities.slice(0, 20) }),
    );
    expect(withIds.status, JSON.stringify(withIds.body.error)).toBe(200);
  });
});

describe('Names within the limits', () => {
  it('resolve as before: names, aliases, close spellings, several keys at once', async () => {
    const found = async (q: string) => w.names(await w.search(q));
    expect(await found('s=TypeScript&s=Java')).toEqual(['Ben', 'Chloe', 'Dev']);
    expect(await found('jt=Data Analyst,Data Scientist')).toEqual(['Ava', 'Eve', 'Ivy']);
    expect(await found('s=AWS&l=KL')).toEqual(['Ben']);
    expect(await found('s=Kubernets')).toEqual(['Ben', 'Chloe']);
    expect(await found('lang=Bahasa Malaysia&l=Kuala Lumpur&i=Banking')).toEqual(['Ben']);
    const selected = (await w.search('s=aws,TypeScript')).body.facets.s.options.filter((o) => o.selected);
    expect(selected.map((o) => o.label).sort()).toEqual(['Amazon Web Services', 'TypeScript']);
  });

  it('an unknown one is still a 400 naming the key and the nearest names', async () => {
    const res = await w.t.http
      .get('/api/v1/search?s=Java&s=Pythn%20Programming%20Languag')
      .set('Authorization', `Bearer ${w.tokens.company}`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ s: 's.errors.notFound' });
    expect(res.body.error.nearest).toEqual({
      s: { 'Pythn Programming Languag': ['PLC Programming', 'Linear Programming', 'CNC Programming'] },
    });
  });
});

describe("The console's talent list", () => {
  const list = (filter: Record<string, unknown>, token = w.tokens.candidate) =>
    w.t.http.get(`/api/v1/candidates?${listQuery({ range: [0, 9], filter })}`).set('Authorization', `Bearer ${token}`);

  it('refuses the same, to a candidate as to anyone', async () => {
    const one = await list({ s: real.skills.slice(0, 21) });
    expect(one.status).toBe(400);
    expect(one.body.error.fields).toEqual(tooMany('s'));
    const all = await list({
      jt: real.job_titles.slice(0, 15),
      s: real.skills.slice(0, 15),
      l: real.cities.slice(0, 15),
    });
    expect(all.status).toBe(400);
    expect(all.body.error.fields).toEqual(tooMany('l'));
    expect((await list({ s: real.skills.slice(0, 21) }, w.tokens.admin)).body.error.fields).toEqual(tooMany('s'));
  });

  it('takes names within the limits', async () => {
    const res = await list({ s: ['TypeScript', 'Java'] }, w.tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("A project's saved filters", () => {
  const as = (method: 'post' | 'put', path: string, body: Record<string, unknown>) =>
    w.t.http[method](`/api/v1${path}`).set('Authorization', `Bearer ${w.tokens.company}`).send(body);

  it('cannot be saved past the limits, on creation or later; filters within them are kept', async () => {
    const overKey = query({ s: real.skills.slice(0, 21) });
    const refused = await as('post', '/projects/create', await projectBody(w.t.knex, { filters: overKey }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ filters: 's.errors.tooMany' });

    const kept = 'jt=Data Scientist&s=Python,AWS';
    const created = await as('post', '/projects/create', await projectBody(w.t.knex, { filters: kept }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.currentUrl).toBe(kept);
    const projectId = created.body.data.id as string;

    const overAll = `/search?${query({ jt: real.job_titles.slice(0, 15), s: real.skills.slice(0, 15), l: real.cities.slice(0, 15) })}`;
    for (const filters of [overKey, overAll]) {
      const update = await as('put', '/projects/update/filters', { projectId, filters });
      expect(update.status).toBe(400);
      expect(update.body.error.fields).toEqual({
        filters: filters === overKey ? 's.errors.tooMany' : 'l.errors.tooMany',
      });
    }
    const edit = await as('put', '/projects/update/project', { projectId, filters: overKey });
    expect(edit.status).toBe(400);
    // Nor as the raw field, through the projects' calls or the generic route.
    for (const [method, path, body] of [
      ['put', '/projects/update/project', { projectId, currentUrl: overKey }],
      ['put', `/projects/${projectId}`, { currentUrl: overKey }],
    ] as const) {
      const raw = await as(method, path, body);
      expect(raw.status, path).toBe(400);
      expect(raw.body.error.fields).toEqual({ currentUrl: 's.errors.tooMany' });
    }
    const stored = await w.t
      .knex('projects')
      .where('id', Number(projectId.replace('Project:', '')))
      .first('current_url');
    expect(stored.current_url).toBe(kept);
    const cleared = await as('put', '/projects/update/filters', { projectId, filters: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
  });
});
