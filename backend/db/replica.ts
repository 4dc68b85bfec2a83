/**
 * Where reads that may lag a moment go: the read replica named by DATABASE_REPLICA_URL when set
 * (search and autocompletes read there, so they scale past one database server), otherwise the
 * one database. Writes never go here.
 */
import type { Knex } from 'knex';
import type { AppContext } from '../context';
import { watchPool } from '../metrics';
import { createKnex } from './knex';

const replicas = new Map<string, Knex>();

export function readKnex(ctx: AppContext): Knex {
  const url = ctx.config.databaseReplicaUrl;
  if (!url) return ctx.knex;
  let knex = replicas.get(url);
  if (!knex) {
    replicas.set(url, (knex = createKnex(url)));
    watchPool(knex, 'replica');
  }
  return knex;
}

/** Closes the replica connections (server shutdown, end of tests). */
export async function closeReplicas(): Promise<void> {
  const open = [...replicas.values()];
  replicas.clear();
  await Promise.all(open.map((k) => k.destroy()));
}
