/**
 * Monthly log partitions are UTC months whatever the session's time zone: under a zone with
 * daylight saving, October's partition ends where November's starts (no "would overlap"), March's
 * where April's starts (no hour left to the default partition), and partitions made with the old
 * zone-dependent bounds are given their UTC months by the migration that fixed it, rows kept.
 */
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../helpers/db';

const TABLE = 'candidate_search_or_view_logs';
let db: TestDatabase;

beforeAll(async () => {
  db = await testDatabase();
});

/** The partition's bounds as instants (ISO, UTC), read from the catalogue. */
async function bounds(trx: Knex.Transaction, name: string): Promise<[string, string]> {
  const { rows } = await trx.raw<{ rows: { lower: Date; upper: Date }[] }>(
    `select substring(b from 'FROM \\(''([^'']+)''\\)')::timestamptz as lower,
            substring(b from 'TO \\(''([^'']+)''\\)')::timestamptz as upper
       from (select pg_get_expr(relpartbound, oid) b from pg_class where relname = ?) c`,
    [name],
  );
  return [rows[0].lower.toISOString(), rows[0].upper.toISOString()];
}

/** Runs `fn` in a transaction whose session zone is `zone`, then rolls it back. */
async function inZone(zone: string, fn: (trx: Knex.Transaction) => Promise<void>) {
  const trx = await db.knex.transaction();
  try {
    await trx.raw(`select set_config('timezone', ?, true)`, [zone]);
    await fn(trx);
  } finally {
    await trx.rollback();
  }
}

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString();

describe('Monthly log partitions under a session time zone with daylight saving', () => {
  for (const zone of ['Europe/London', 'America/New_York']) {
    it(`${zone}: months around both changes are created, each bounded by UTC month starts`, async () => {
      await inZone(zone, async (trx) => {
        for (const [day, y, m] of [
          ['2030-10-15T12:00:00Z', 2030, 10],
          ['2030-11-15T12:00:00Z', 2030, 11],
          ['2031-03-20T12:00:00Z', 2031, 3],
          ['2031-04-02T12:00:00Z', 2031, 4],
        ] as const) {
          const { rows } = await trx.raw<{ rows: { name: string }[] }>('select ensure_month_partition(?, ?) as name', [
            TABLE,
            day,
          ]);
          expect(rows[0].name).toBe(`${TABLE}_y${y}m${String(m).padStart(2, '0')}`);
          expect(await bounds(trx, rows[0].name)).toEqual([monthStart(y, m), monthStart(y, m + 1)]);
        }
      });
    });
  }

  it('the migration gives partitions made with zone-dependent bounds their UTC months, keeping every row', async () => {
    const { up } = await import('../../migrations/20261205053300_keep_log_partitions_in_utc_months');
    await inZone('Europe/London', async (trx) => {
      const [candidate] = await trx('candidates').orderBy('id').limit(1).pluck('id');
      // As the old function made them in London: October runs an hour into November, March stops an hour short.
      const made = [
        ['y2032m10', '2032-10-01T00:00:00Z', '2032-11-01T01:00:00Z'],
        ['y2033m03', '2033-03-01T00:00:00Z', '2033-03-31T23:00:00Z'],
        ['y2033m04', '2033-04-01T00:00:00Z', '2033-05-01T00:00:00Z'],
      ];
      for (const [month, from, to] of made)
        await trx.raw(`create table ${TABLE}_${month} partition of ${TABLE} for values from ('${from}') to ('${to}')`);
      const at = ['2032-10-31T23:30:00Z', '2032-11-01T00:30:00Z', '2033-03-31T23:30:00Z', '2033-04-01T00:30:00Z'];
      await trx(TABLE).insert(
        at.map((createdAt) => ({
          candidate_id: candidate,
          kind: 2,
          actor_kind: 2,
          actor_id: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })),
      );
      await up(trx);
      expect(await bounds(trx, `${TABLE}_y2032m10`)).toEqual([monthStart(2032, 10), monthStart(2032, 11)]);
      expect(await bounds(trx, `${TABLE}_y2033m03`)).toEqual([monthStart(2033, 3), monthStart(2033, 4)]);
      const where = async (createdAt: string) =>
        (await trx.raw(`select tableoid::regclass::text as p from ${TABLE} where created_at = ?`, [createdAt])).rows[0]
          .p;
      const places: string[] = [];
      for (const createdAt of at) places.push(await where(createdAt));
      expect(places).toEqual([`${TABLE}_y2032m10`, `${TABLE}_default`, `${TABLE}_y2033m03`, `${TABLE}_y2033m04`]);
      // November can now be made next to October, and takes its row from the default partition.
      await trx.raw('select ensure_month_partition(?, ?)', [TABLE, '2032-11-15T00:00:00Z']);
      expect(await where(at[1])).toBe(`${TABLE}_y2032m11`);
    });
  });
});
