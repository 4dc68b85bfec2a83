/**
 * The cached name indexes (backend/services/lookups/load.ts) against writers in other processes: an
 * edit that commits after a newer one, with an older `updated_at` (the console stamps it from its own
 * clock before it commits), a delete plus a create that leave the row count and last update as they
 * were, and a write that leaves `updated_at` alone, are all seen at the next check. The cache lives
 * on one connection pool (one process), the writers on another; the clock the cache checks by is
 * moved past its check interval.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnex } from '../../backend/db/knex';
import { cachedIndex } from '../../backend/services/lookups/load';
import { testDatabase } from '../helpers/db';

let cache: Knex;
let writer: Knex;
let shift = 0;

beforeAll(async () => {
  const db = await testDatabase();
  cache = db.knex;
  writer = createKnex(db.url, { max: 3 });
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + shift);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await writer?.destroy();
});

/** The skills index as the cache holds it once its check interval has passed. */
async function skillsAfterCheck() {
  shift += 60_000;
  return cachedIndex(cache, 'skills');
}

const suggested = async (text: string) => (await skillsAfterCheck()).suggest(text).map((o) => o.label);

async function addSkill(name: string, updatedAt?: string): Promise<number> {
  const [row] = await writer('skills')
    .insert({ name, ...(updatedAt && { updated_at: updatedAt }) })
    .returning('id');
  return row.id;
}

describe('The cached lookup indexes', () => {
  it('see an edit that commits after a newer one with an older stamp', async () => {
    const x = await addSkill('Zorblaxian Welding');
    const y = await addSkill('Zorblaxian Knitting');
    expect(await suggested('Zorblaxian')).toEqual(
      expect.arrayContaining(['Zorblaxian Welding', 'Zorblaxian Knitting']),
    );

    // A: the edit of X, stamped first, commits last.
    const a = await writer.transaction();
    await a('skills')
      .where('id', x)
      .update({ name: 'Quorvish Welding', updated_at: a.raw("now() - interval '1 minute'") });
    // B: the edit of Y, stamped later, commits first.
    await writer('skills').where('id', y).update({ name: 'Zorblaxian Crochet', updated_at: writer.fn.now() });
    // A check between B's commit and A's: X's edit is not visible yet.
    expect(await suggested('Zorblaxian')).toEqual(expect.arrayContaining(['Zorblaxian Welding', 'Zorblaxian Crochet']));
    await a.commit();

    const names = await suggested('Quorvish');
    expect(names).toContain('Quorvish Welding');
    expect((await skillsAfterCheck()).exactly('Zorblaxian Welding')).toBeUndefined();
  });

  it('no longer suggests a skill deleted as another was created, with the count and last update unchanged', async () => {
    // Stamped by a clock behind the database's, as the skill created below: neither is the table's last update.
    const gone = await addSkill('Plimbertine Glazing', '2001-01-01T00:00:00Z');
    expect(await suggested('Plimbertine')).toContain('Plimbertine Glazing');

    await writer.transaction(async (trx) => {
      await trx('skills').where('id', gone).delete();
      await trx('skills').insert({ name: 'Snorvelite Glazing', updated_at: '2001-01-01T00:00:00Z' });
    });

    expect(await suggested('Plimbertine')).not.toContain('Plimbertine Glazing');
    expect(await suggested('Snorvelite')).toContain('Snorvelite Glazing');
  });

  it('see a write that leaves updated_at as it was, and a bulk load', async () => {
    const id = await addSkill('Wexfordian Smithing');
    expect(await suggested('Wexfordian')).toEqual(['Wexfordian Smithing']);

    await writer('skills')
      .where('id', id)
      .update({ aliases: ['Brindlecraft'], updated_at: writer.ref('updated_at') });
    expect((await skillsAfterCheck()).exactly('Brindlecraft')).toMatchObject({ id, name: 'Wexfordian Smithing' });

    await writer('skills').insert(Array.from({ length: 50 }, (_, i) => ({ name: `Wexfordian Bulk ${i}` })));
    expect((await skillsAfterCheck()).exactly('Wexfordian Bulk 49')).toMatchObject({ name: 'Wexfordian Bulk 49' });
  });
});
