/**
 * A search reads the search documents in PostgreSQL, which the database keeps in the writing
 * transaction: what was committed before a search is in its answer (a new skill, a status change,
 * a deletion), and what a transaction still open has written is not, until it commits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
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
