/**
 * Searches are answered from the documents held in memory (all but phrases, employers and the
 * shortlisted flag): the same totals, facets and pages as the same search read in SQL, and every change committed before a search is in its
 * answer (the change log of candidate_search_changes), including one committed by a transaction
 * that was still open at an earlier search.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../backend/app';
import { countAndFacet } from '../../backend/features/search/counts';
import { tableStats } from '../../backend/features/search/estimate';
import { buildFilters } from '../../backend/features/search/filters';
import { memoryDocuments } from '../../backend/features/search/memorySync';
import { memorySearch } from '../../backend/features/search/memorySearch';
import { parseQuery, TextField, type QueryNode } from '../../backend/features/search/memoryText';
import { RANK_WEIGHTS } from '../../backend/features/search/page';
import { parseSearchParams } from '../../backend/features/search/params';
import { currencyRates } from '../../backend/features/search/rates';
import { abilityFor } from '../../schema/ability';
import type { Actor } from '../../schema/roles';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;
let actors: Record<'company' | 'admin', Actor>;

beforeAll(async () => {
  w = await searchWorld();
  // Loaded before the first search here (a server starts loading when it starts; searches read SQL until then).
  await memoryDocuments(w.t.knex);
  const user = await w.t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const admin = await w.t.knex('admins').where('email', 'admin@example.com').first('id');
  actors = {
    company: { role: 'company', id: user.id, companyId: user.company_id, subRole: 'admin' },
    admin: { role: 'admin', id: admin.id, adminType: 'general' },
  };
});

/** The same search answered in memory and in SQL. */
async function both(query: string, who: 'company' | 'admin') {
  const { knex } = w.t;
  const actor = actors[who];
  const params = parseSearchParams(Object.fromEntries(new URLSearchParams(query)));
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const filters = await buildFilters(knex, abilityFor(actor), actor, params, stats, rates);
  const memory = await memorySearch(knex, filters, stats, params);
  const sql = await countAndFacet(knex, filters, stats, { page: { filters, params } });
  const facets = (f: typeof sql.facets) => Object.fromEntries(f.map((x) => [x.key, x.values.map((v) => `${v.id}:${v.count}`)]));
  return {
    memory: memory && { total: memory.total, facets: facets(memory.facets()), page: memory.pageIds },
    sql: { total: sql.total, facets: facets(sql.facets), page: sql.pageIds },
  };
}

describe('A search answers in memory exactly as in SQL', () => {
  const queries: [string, 'company' | 'admin'][] = [
    ['', 'company'],
    ['', 'admin'],
    ['sort=recent', 'company'],
    ['sort=recent&pp=2&p=2', 'admin'],
    ['l=Singapore', 'company'],
    ['l=Singapore&te=1', 'admin'],
    ['cl=Singapore,Kuala Lumpur', 'admin'],
    ['sf=5000&cur=USD&r=true', 'company'],
    ['sf=3000&st=9000', 'admin'],
    ['ef=2&et=8', 'company'],
    ['ef=5', 'admin'],
    ['np=0,1', 'admin'],
    ['np=3&sort=recent', 'company'],
    ['cs=0,1', 'admin'],
    ['isp=true', 'admin'],
    ['lang=en&i=Software Development', 'admin'],
    ['s=Python,TypeScript&jt=Software Engineer', 'company'],
    ['s=Python&l=Singapore&ef=1&sf=1000&cur=SGD&te=1,2', 'admin'],
    ['ts=engineer', 'company'],
    ['ts=engin', 'admin'],
    ['ts=python developer&sort=recent', 'company'],
    ['ts=engineer -java', 'admin'],
    ['ts=python OR kubernetes', 'company'],
    ['ts=enginer', 'company'],
    ['ts=engineer&l=Singapore&te=1', 'admin'],
    ['ns=chl', 'admin'],
    ['ns=ava tan&sort=recent', 'admin'],
  ];
  for (const [query, who] of queries) {
    it(`${query || 'no filter'} (${who})`, async () => {
      const { memory, sql } = await both(query, who);
      expect(memory, 'answered in memory').toBeDefined();
      expect(memory).toEqual(sql);
    });
  }

  it('With SEARCH_IN_MEMORY=false the API answers from PostgreSQL alone, the same', async () => {
    const sqlOnly = request(createApp({ knex: w.t.knex, config: { ...w.t.config, searchInMemory: false } }));
    for (const query of ['ts=engineer&l=Singapore&te=1', 's=Python&sort=recent', 'ns=chl']) {
      const who = query.startsWith('ns') ? 'admin' : 'company';
      const inMemory = await w.search(query, who);
      const alone = await sqlOnly.get(`/api/v1/search?${query}`).set('Authorization', `Bearer ${w.tokens[who]}`);
      expect(alone.status).toBe(200);
      const strip = (body: object) => ({ ...body, tookMs: 0 });
      expect(strip(alone.body)).toEqual(strip(inMemory.body));
    }
  });

  it('Phrases, employers and the shortlisted flag are left to SQL', async () => {
    expect((await both('ts="machine learning"', 'company')).memory).toBeUndefined();
    expect((await both('cn=Acme', 'admin')).memory).toBeUndefined();
    expect((await both('ias=true', 'company')).memory).toBeUndefined();
  });
});

describe('What was committed before a search is in its answer', () => {
  it('A new skill and a status change show at once', async () => {
    const rust = await w.lookup('skills', 'Rust');
    const before = await w.search(`s=${rust}`);
    expect(before.status).toBe(200);
    const ava = w.ids.Ava;
    const row = await w.t.knex('candidates').where('id', ava).first('skills');
    const skills = [...((row.skills as { skillId: number }[]) ?? []), { skillId: rust, isStar: false }];
    await w.t
      .knex('candidates')
      .where('id', ava)
      .update({ skills: JSON.stringify(skills), skill_ids: w.t.knex.raw('array_append(skill_ids, ?::int)', [rust]) });
    const after = await w.search(`s=${rust}`);
    expect(after.body.totalResults).toBe(before.body.totalResults + 1);
    expect(w.names(after)).toContain('Ava');

    const all = (await w.search('')).body.totalResults;
    await w.t.knex('candidates').where('id', ava).update({ status: 2 });
    expect((await w.search('')).body.totalResults).toBe(all - 1);
    await w.t.knex('candidates').where('id', ava).update({ status: 1 });
    expect((await w.search('')).body.totalResults).toBe(all);
  });

  it('A transaction still open at a search is read once it commits', async () => {
    const all = (await w.search('')).body.totalResults;
    const trx = await w.t.knex.transaction();
    await trx('candidates').where('id', w.ids.Ava).update({ status: 2 });
    // Not committed yet: the search does not see it.
    expect((await w.search('')).body.totalResults).toBe(all);
    await trx.commit();
    expect((await w.search('')).body.totalResults).toBe(all - 1);
    await w.t.knex('candidates').where('id', w.ids.Ava).update({ status: 1 });
    expect((await w.search('')).body.totalResults).toBe(all);
  });

  it('A deleted candidate is gone from the answer', async () => {
    const all = (await w.search('', 'admin')).body.totalResults;
    const gone = w.ids.Ben;
    await w.t.knex('candidates').where('id', gone).delete();
    const after = await w.search('', 'admin');
    expect(after.body.totalResults).toBe(all - 1);
    expect(after.body.docs.map((d) => d.id)).not.toContain(`Candidate:${gone}`);
  });
});

describe('Text relevance computed in memory is PostgreSQL’s', () => {
  /** Every document's vector and the given vectors, read into a weighted field, each beside ts_rank_cd of each query. */
  async function compare(queries: string[], extra: string[] = []) {
    const { knex } = w.t;
    const field = new TextField(true);
    const { rows } = (await knex.raw(
      `select v::text as text, ${queries.map((_, i) => `ts_rank_cd('{${RANK_WEIGHTS.join(',')}}', v, ?::tsquery, 32) as r${i}`).join(', ')}
         from (select vector as v from candidate_search_documents union all select x::tsvector from unnest(?::text[]) x) d`,
      [...queries, extra],
    )) as { rows: Record<string, string | number>[] };
    field.ensure(rows.length);
    rows.forEach((row, slot) => field.putVector(slot, row.text as string));
    field.build(rows.length, () => true);
    let positive = 0;
    queries.forEach((query, i) => {
      const words = field.anyOf(parseQuery(query) as QueryNode);
      expect(words, query).toBeDefined();
      rows.forEach((row, slot) => {
        const expected = Math.fround(Number(row[`r${i}`]));
        if (expected > 0) positive += 1;
        expect(field.relevance(words as Uint8Array, slot, RANK_WEIGHTS), `${query} on ${row.text}`).toBe(expected);
      });
    });
    return positive;
  }

  it('for words, prefixes and ORs, on every document', async () => {
    const positive = await compare(["'engin'", "'engin':*", "'python' | 'kubernet'", "'senior':* | 'engin' | 'develop':*", "'nothingatall'"]);
    expect(positive).toBeGreaterThan(10);
  });

  it('for words written many times, and lexemes holding quotes and backslashes', async () => {
    const positions = (from: number, n: number, weight = '') => Array.from({ length: n }, (_, i) => `${from + i}${weight}`).join(',');
    const vectors = [`'java':${positions(1, 40)} 'python':${positions(41, 20, 'A')},61B 'go':62`, "'it''s':1A,2B,3C,4 'back\\\\slash':5 'nopos'"];
    const queries = ["'java'", "'python' | 'go'", "'it''s'", "'back\\\\slash'", "'nopos'", "'ba':*"];
    expect(await compare(queries, vectors)).toBeGreaterThan(3);
  });

  it('a query with AND or NOT has none (its positions matter: PostgreSQL reads it)', () => {
    const field = new TextField(true);
    expect(field.anyOf(parseQuery("'a' & 'b'") as QueryNode)).toBeUndefined();
    expect(field.anyOf(parseQuery("'a' | !'b'") as QueryNode)).toBeUndefined();
  });
});
