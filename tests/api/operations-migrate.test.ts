/**
 * Migrating at a start, as release after release runs it (docs/operations.md "Release"): a release-N process that
 * restarts after release N+1 applied a newer migration still starts, on the migrated schema, and still applies its
 * own pending migrations; an applied migration that is not a later release's (renamed or deleted after it ran) is
 * still refused; and two processes starting together on an empty database both migrate it, one after the other.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../../backend/db/database';
import { createKnex } from '../../backend/db/knex';
import { MIGRATIONS_DIR, migrate, migrationNames } from '../../backend/db/migrate';
import { testDatabase } from '../helpers/db';
import { atFileEnd } from '../helpers/fileEnd';

const NEXT_RELEASE = '20990101000000_next_release.ts';

/** A database with nothing in it (no template), dropped at the file's end. */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `tb_empty_${randomBytes(6).toString('hex')}`;
  const url = await ensureDatabase(adminUrl, name);
  atFileEnd(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`).finally(() => client.end());
  });
  return url;
}

describe('Migrating at a start', () => {
  it('starts on a database a later release migrated, still applying its own pending migrations', async () => {
    const { url, knex } = await testDatabase();
    await knex('knex_migrations').insert({ name: NEXT_RELEASE, batch: 999, migration_time: new Date() });
    expect(await migrate(knex, url)).toEqual([]);
    // One of this code's own is not applied yet: it is applied, the later release's left as it is.
    const own = migrationNames().at(-1)!;
    const migration = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, own)).href)) as Knex.Migration;
    await migration.down!(knex);
    await knex('knex_migrations').where('name', own).delete();
    expect(await migrate(knex, url)).toEqual([own]);
    const names = (await knex('knex_migrations').select('name')).map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining([own, NEXT_RELEASE]));
  });

  it('refuses an applied migration unknown to this code and older than its newest (renamed or deleted)', async () => {
    const { url, knex } = await testDatabase();
    await knex('knex_migrations').insert({ name: '20000101000000_renamed.ts', batch: 1, migration_time: new Date() });
    await expect(migrate(knex, url)).rejects.toThrow(/corrupt.*20000101000000_renamed\.ts/);
  });

  it('two processes migrating one empty database at once both succeed', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase();
    const [a, b] = [createKnex(url, { max: 2 }), createKnex(url, { max: 2 })];
    try {
      const [first, second] = await Promise.all([migrate(a, url), migrate(b, url)]);
      // Every migration applied once, by one or the other.
      expect([...first, ...second].sort()).toEqual(migrationNames());
      const { rows } = await a.raw('select count(*)::int as n from knex_migrations');
      expect(rows[0].n).toBe(migrationNames().length);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
