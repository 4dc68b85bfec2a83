/**
 * The query shapes the search benchmark times, each drawing varied values from pools read from
 * the database (common and rare words, popular skills, home cities, tags, first names), so runs
 * are realistic rather than one cached query repeated.
 */
import type { Knex } from 'knex';

export type Rng = () => number;

export function rngFrom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const one = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
function some<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const out = new Set<T>();
  while (out.size < Math.min(n, list.length)) out.add(one(rng, list));
  return [...out];
}

export interface Pools {
  broadWords: string[];
  rareWords: string[];
  skills: number[];
  cities: number[];
  languages: number[];
  tags: number[];
  namePrefixes: string[];
  skillPrefixes: string[];
}

export async function loadPools(knex: Knex): Promise<Pools> {
  const total = Number(
    (
      await knex.raw(
        "select greatest(reltuples, 1)::float8 as n from pg_class where oid = 'candidate_search_documents'::regclass",
      )
    ).rows[0].n,
  );
  const words = async (min: number, max: number) =>
    (await knex('search_terms')
      .whereRaw("word ~ '^[a-z]{4,}$'")
      .whereBetween('documents', [Math.round(total * min), Math.round(total * max)])
      .orderBy('documents', 'desc')
      .limit(60)
      .pluck('word')) as string[];
  const sample = async (expr: string, limit: number) =>
    (
      (
        await knex.raw(`select v from (select ${expr} as v from candidate_search_documents tablesample system (1) repeatable (7)) x
                       where v is not null group by v order by count(*) desc limit ${limit}`)
      ).rows as { v: number }[]
    ).map((r) => r.v);
  const names = (
    (
      await knex.raw(
        "select distinct left(name_text, 3) as p from candidate_search_documents tablesample system (0.5) repeatable (3) where name_text ~ '^[a-z]{3}'",
      )
    ).rows as { p: string }[]
  ).map((r) => r.p);
  const skillNames = (await knex('skills').whereRaw("name ~ '^[A-Za-z]{4}'").limit(300).pluck('name')) as string[];
  return {
    broadWords: await words(0.05, 0.6),
    rareWords: await words(0.0002, 0.003),
    skills: await sample('unnest(skill_ids)', 80),
    cities: await sample('current_location_id', 30),
    languages: await sample('unnest(language_ids)', 8),
    tags: (await knex('tags').where('status', 1).pluck('id')) as number[],
    namePrefixes: names.slice(0, 80),
    skillPrefixes: [...new Set(skillNames.map((n) => n.slice(0, 2 + (n.length % 3)).toLowerCase()))],
  };
}

export interface Shape {
  name: string;
  who: 'company' | 'admin';
  /** The request path under /api/v1 for run `i`. */
  path(rng: Rng, i: number): string;
  /** Whether the naive comparison applies as a search (filters and facets of /search). */
  kind: 'search' | 'autocomplete' | 'adminList' | 'tagList';
  /**
   * A console list page asked as the console asks it paging forward: naming the last candidate of the
   * page before (`after`), which is read first and not timed. The naive way still walks the offset.
   */
  pagedForward?: boolean;
}

/** The path of a talent-list page as the console asks it after reading the page before (see Shape.pagedForward). */
export async function pagedForward(path: string, read: (path: string) => Promise<string>): Promise<string> {
  const url = new URL(path, 'http://bench');
  const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0, 24]') as [number, number];
  url.searchParams.set('range', JSON.stringify([start - (end - start + 1), start - 1]));
  const before = JSON.parse(await read(`${url.pathname}${url.search}`)) as { id: string }[];
  const last = before.at(-1);
  return last ? `${path}&after=${encodeURIComponent(last.id)}` : path;
}

const SALARY_CURRENCIES: [string, number][] = [
  ['USD', 1.35],
  ['HKD', 0.173],
  ['MYR', 0.3],
  ['INR', 0.016],
  ['AUD', 0.89],
];

export function shapes(p: Pools): Shape[] {
  const search = (
    name: string,
    make: (rng: Rng, i: number) => string,
    who: 'company' | 'admin' = 'company',
  ): Shape => ({
    name,
    who,
    kind: 'search',
    path: (rng, i) => `/search?${make(rng, i)}`,
  });
  const filter = (f: unknown) => encodeURIComponent(JSON.stringify(f));
  return [
    search('no filter, newest first', (rng) => `sort=recent&p=${1 + Math.floor(rng() * 3)}`),
    search('broad text', (rng) => `ts=${one(rng, p.broadWords)}`),
    search('selective text', (rng) => `ts=${one(rng, p.rareWords)}`),
    search('name prefix (admin)', (rng) => `ns=${one(rng, p.namePrefixes)}`, 'admin'),
    search('skills any-of', (rng) => `s=${some(rng, p.skills, 3).join(',')}`),
    search('salary range, other currency', (rng) => {
      const [cur, rate] = one(rng, SALARY_CURRENCIES);
      const low = Math.round((3000 + rng() * 6000) / rate / 100) * 100;
      return `cur=${cur}&sf=${low}&st=${Math.round(low * (1.5 + rng()))}`;
    }),
    search('location + experience', (rng) => {
      const from = Math.floor(rng() * 8);
      return `l=${one(rng, p.cities)}&ef=${from}&et=${from + 3 + Math.floor(rng() * 10)}`;
    }),
    search('five filters at once', (rng) => {
      const low = Math.round(2000 + rng() * 5000);
      return `l=${one(rng, p.cities)}&s=${some(rng, p.skills, 2).join(',')}&lang=${one(rng, p.languages)}&te=1&sf=${low}&st=${low * 3}`;
    }),
    search('tags', (rng) => `bd=${some(rng, p.tags, 1 + Math.floor(rng() * 2)).join(',')}`),
    search('deep page (p=200)', (rng) => `p=${195 + Math.floor(rng() * 10)}&pp=25`),
    search(
      'best match: text + 3 filters',
      (rng) => `ts=${one(rng, p.broadWords)}&l=${one(rng, p.cities)}&te=1&ef=${Math.floor(rng() * 6)}`,
    ),
    {
      name: 'autocomplete',
      who: 'company',
      kind: 'autocomplete',
      path: (rng) =>
        `/${one(rng, ['skills', 'job-titles', 'locations', 'languages', 'industries'])}/search?q=${one(rng, p.skillPrefixes)}`,
    },
    {
      name: 'admin talent list: q, status, sort',
      who: 'admin',
      kind: 'adminList',
      path: (rng) =>
        `/candidates?filter=${filter({ q: one(rng, p.broadWords), status: 1 })}&sort=${filter(['expectedSalary', 'DESC'])}&range=${filter([0, 24])}`,
    },
    {
      name: 'admin talent list: deep page',
      who: 'admin',
      kind: 'adminList',
      pagedForward: true,
      path: (rng) => {
        const start = 5000 + 25 * Math.floor(rng() * 8);
        return `/candidates?filter=${filter({ q: one(rng, p.broadWords), status: 1 })}&sort=${filter(['createdAt', 'DESC'])}&range=${filter([start, start + 24])}`;
      },
    },
    {
      name: 'tag list with tagged counts',
      who: 'admin',
      kind: 'tagList',
      path: () => `/tags?sort=${filter(['createdAt', 'DESC'])}&range=${filter([0, 24])}`,
    },
  ];
}
