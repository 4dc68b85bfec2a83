/**
 * In-memory name indexes for work that matches many names at once (the bulk import, CV parsing):
 * every row of a kind with its other names, read once. Long-lived holders (the CV parser in the
 * server) get the cached index, reloaded when its table changed (row count or last update).
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

/** Each kind's table as of now: its row count and last update, for every kind in one statement. */
async function stampsOf(knex: Knex, kinds: LookupKind[]): Promise<Map<LookupKind, string>> {
  const columns = kinds.map(
    (kind, i) =>
      `(select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from "${entity(LOOKUP_SOURCES[kind].entity).table}") as s${i}`,
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
