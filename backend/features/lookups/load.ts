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

const caches = new WeakMap<Knex, Map<LookupKind, Cached>>();

async function stampOf(knex: Knex, kind: LookupKind): Promise<string> {
  const table = entity(LOOKUP_SOURCES[kind].entity).table;
  const { rows } = await knex.raw(`select count(*)::text || ':' || coalesce(max(updated_at)::text, '') as stamp from "${table}"`);
  return rows[0].stamp as string;
}

/** The index of `kind`, kept per database and reloaded after the table changes. */
export async function cachedIndex(knex: Knex, kind: LookupKind): Promise<NameIndex> {
  let perDb = caches.get(knex);
  if (!perDb) caches.set(knex, (perDb = new Map()));
  const hit = perDb.get(kind);
  if (hit && Date.now() - hit.checkedAt < CHECK_MS) return hit.index;
  const stamp = await stampOf(knex, kind);
  if (hit && hit.stamp === stamp) {
    hit.checkedAt = Date.now();
    return hit.index;
  }
  const index = loadIndex(knex, kind);
  index.catch(() => perDb.delete(kind));
  perDb.set(kind, { stamp, checkedAt: Date.now(), index });
  return index;
}
