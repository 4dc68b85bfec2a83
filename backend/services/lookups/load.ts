/**
 * In-memory name indexes for work that matches many names at once (the bulk import, CV parsing):
 * every row of a kind with its other names, read once. Long-lived holders (the CV parser, the
 * autocompletes and search labels of each process, on the primary or the read replica) get the
 * cached index, reloaded when the committed rows of its table changed (see `stampsOf`).
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { NameIndex, type NamedRow } from './match';
import { LOOKUP_SOURCES, type LookupKind } from './sources';

export async function loadRows(knex: Knex, kind: LookupKind): Promise<NamedRow[]> {
  const source = LOOKUP_SOURCES[kind];
  const { rows } = await knex.raw(
    `select t.id, ${source.label} as name, ${source.others} as aliases, ${source.src} as src from "${entity(source.entity).table}" t order by ${source.order}`,
  );
  return rows as NamedRow[];
}

export async function loadIndex(knex: Knex, kind: LookupKind): Promise<NameIndex> {
  return new NameIndex(await loadRows(knex, kind));
}

/** How often a cached index asks whether its table changed. */
const CHECK_MS = 2000;

interface Cached {
  stamp: string;
  checkedAt: number;
  index: Promise<NameIndex>;
}

/** The indexes held for one database, and the one check of their tables under way. */
interface Held {
  indexes: Map<LookupKind, Cached>;
  checking?: Promise<void>;
}

const caches = new WeakMap<Knex, Held>();

/**
 * What each kind's table holds as of now, for every kind in one statement: its row count and a hash of
 * every row's id with its `xmin`, the transaction that wrote the row's current version. Any committed
 * insert, update or delete (a bulk load, a seed, a write that leaves `updated_at` alone) changes the
 * hash; a transaction still open changes nothing the statement sees, so a table's stamp never counts
 * a change its index, loaded after, lacks. Row counts and the last `updated_at` were not enough: the
 * console stamps `updated_at` from its own clock before it commits, so an edit committed after a
 * newer one, or a delete plus a create, could leave a process's index stale until the next edit.
 * PostgreSQL writes `xmin` itself, in the transaction, and a replica replays it with the commit, so
 * the stamp holds on the read replica too; a version row bumped by triggers would need a table of its
 * own and queue a table's writers behind one another on it, and a sequence moves outside transactions
 * (and reaches a replica only every 32 values). Each row is hashed as its id seeded with its `xmin`
 * (hashint8extended), the hashes folded by xor. The scan costs about what the count and maximum it
 * replaces cost (3.1 ms against 2.3 for the ten seeded tables): each table read once, nothing written.
 */
async function stampsOf(knex: Knex, kinds: LookupKind[]): Promise<Map<LookupKind, string>> {
  const columns = kinds.map(
    (kind, i) =>
      `(select count(*) || ':' || coalesce(bit_xor(hashint8extended(t.id, t.xmin::text::bigint)), 0) from "${entity(LOOKUP_SOURCES[kind].entity).table}" t) as s${i}`,
  );
  const { rows } = await knex.raw(`select ${columns.join(', ')}`);
  return new Map(kinds.map((kind, i) => [kind, rows[0][`s${i}`] as string]));
}

/**
 * Asks, in one statement, whether the tables of every index held and of `kind` changed, and reloads
 * those that did; a check already under way is waited for instead.
 */
function recheck(knex: Knex, held: Held, kind: LookupKind): Promise<void> {
  held.checking ??= stampsOf(knex, [...new Set([...held.indexes.keys(), kind])])
    .then((stamps) => {
      const now = Date.now();
      for (const [k, stamp] of stamps) {
        const hit = held.indexes.get(k);
        if (hit && hit.stamp === stamp) {
          hit.checkedAt = now;
          continue;
        }
        const index = loadIndex(knex, k);
        index.catch(() => held.indexes.delete(k));
        held.indexes.set(k, { stamp, checkedAt: now, index });
      }
    })
    .finally(() => {
      held.checking = undefined;
    });
  return held.checking;
}

/** The index of `kind`, kept per database and reloaded after the table changes. */
export async function cachedIndex(knex: Knex, kind: LookupKind): Promise<NameIndex> {
  let held = caches.get(knex);
  if (!held) caches.set(knex, (held = { indexes: new Map() }));
  for (;;) {
    const hit = held.indexes.get(kind);
    if (hit && Date.now() - hit.checkedAt < CHECK_MS) return hit.index;
    // A check under way that started without this kind leaves it stale: the next one includes it.
    await recheck(knex, held, kind);
  }
}
