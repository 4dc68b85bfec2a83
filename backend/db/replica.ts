/**
 * Where reads that may lag a moment go: the read replica named by DATABASE_REPLICA_URL when set
 * (search, the profile panel and autocompletes read there, so they scale past one database
 * server), otherwise the one database. Writes never go here.
 *
 * The replica is used only while it is known to be fresh: every second each process compares the
 * primary's WAL position with what the replica has replayed, and the replica serves only while it
 * has replayed everything the primary had written REPLICA_MAX_LAG_MS ago (a paused or slow replay
 * turns it off; a replica that catches up turns it on again). A replica that cannot be reached is
 * off until a check succeeds, and a read that loses its replica connection is run again on the
 * primary, so a lagging or stopped replica costs the primary some load, never an error. A replica
 * that stops answering without refusing (a network partition) is lost the same way: its reads give
 * up after READ_TIMEOUT_MS, its connections after CONNECT_TIMEOUT_MS, and TCP keepalive ends the
 * sockets left behind. The check runs on two connections of its own, so a busy pool never holds it
 * back, and a check's answer holds only as long as the writer window covers it (`servesUntil`). A
 * person who has just written reads from the primary for the lag bound (auth/session.ts marks them,
 * and a job that ends an import for them), so they see their own change at once.
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { Gauge } from 'prom-client';
import type { AppContext } from '../context';
import { logContext, logger } from '../logger';
import { registry, watchPool } from '../metrics';
import { createKnex } from './knex';

/** How often each process checks its replica's position. */
export const REPLICA_CHECK_MS = 1000;
/** A check step (a connection, a query) that takes longer fails the check, which turns the replica off. */
const CHECK_TIMEOUT_MS = 1000;
/** A replica read that has not answered by then is run again on the primary. */
export const READ_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;
/** What the replica's pg connections add to the connection string: a partitioned replica fails them rather than hangs them. */
const REPLICA_CONNECTION = {
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  query_timeout: READ_TIMEOUT_MS,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

type Connection = pg.Client & { __knex__disposed?: unknown; _getActiveQuery(): unknown };

interface Replica {
  knex: Knex;
  /** Serving reads: the last check found it fresh, and no read has lost it since. */
  usable: boolean;
  /**
   * Until when that check vouches for it: the primary's time it has replayed up to, plus the writer
   * window. A check late or slow past it (a busy machine) leaves reads to the primary meanwhile, so a
   * person's write, once their fence ends, is on the replica that serves them.
   */
  servesUntil: number;
  /** The primary's WAL position at each check, oldest first. */
  samples: { at: number; lsn: string }[];
  timer: NodeJS.Timeout;
  checking: boolean;
  /** The check's own connections (to the primary, to the replica), kept from one check to the next. */
  probes: { primary?: Connection; replica?: Connection };
  /** The first check: a process's first reads wait for it rather than all go to the primary. */
  first: Promise<void>;
}

const replicas = new Map<string, Replica>();

/** How long after a write its writer reads from the primary: the lag bound plus two checks. */
export const writerWindowMs = (maxLagMs: number): number => maxLagMs + 2 * REPLICA_CHECK_MS;

const serving = (replica: Replica): boolean => replica.usable && Date.now() < replica.servesUntil;

const inUse = new Gauge({
  name: 'db_replica_in_use',
  help: '1 while the read replica serves reads, 0 while they go to the primary (lagging or unreachable)',
  registers: [registry],
  collect() {
    this.set([...replicas.values()].some(serving) ? 1 : 0);
  },
});
void inUse;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`replica check took over ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A connection of `knex`'s settings outside its pool; one that connects after the timeout is closed. */
function connect(knex: Knex): Promise<Connection> {
  const connecting = knex.client.acquireRawConnection() as Promise<Connection>;
  return withTimeout(connecting, CHECK_TIMEOUT_MS).catch((err: unknown) => {
    void connecting.then((c) => c.end()).catch(() => undefined);
    throw err;
  });
}

async function ask<T>(connection: Connection, text: string, values: unknown[] = []): Promise<T> {
  return (await connection.query({ text, values, query_timeout: CHECK_TIMEOUT_MS } as pg.QueryConfig)).rows[0] as T;
}

/** The check's connection to `knex`'s server, opened again after a failure. */
async function probe(replica: Replica, side: 'primary' | 'replica', knex: Knex): Promise<Connection> {
  const open = replica.probes[side];
  if (open && !open.__knex__disposed) return open;
  return (replica.probes[side] = await connect(knex));
}

/**
 * Fresh means the replica has replayed the primary's position of at least `maxLagMs` ago (the newest
 * such sample); until a sample is that old, the oldest one (a stricter bound). A server that is not in
 * recovery (a read endpoint of its own, or a promoted replica) has no lag to measure.
 */
async function check(replica: Replica, primary: Knex, maxLagMs: number): Promise<void> {
  if (replica.checking) return;
  replica.checking = true;
  try {
    const now = Date.now();
    const current = await ask<{ lsn: string }>(
      await probe(replica, 'primary', primary),
      'select pg_current_wal_lsn()::text as lsn',
    );
    const samples = replica.samples;
    samples.push({ at: now, lsn: current.lsn });
    let target = 0;
    for (let i = samples.length - 1; i >= 0; i--) {
      if (samples[i].at <= now - maxLagMs) {
        target = i;
        break;
      }
    }
    const { lsn, at } = samples[target];
    samples.splice(0, Math.min(target, samples.length - 1));
    const { fresh: usable } = await ask<{ fresh: boolean }>(
      await probe(replica, 'replica', replica.knex),
      'select not pg_is_in_recovery() or coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as fresh',
      [lsn],
    );
    if (usable !== replica.usable) logger.info({ usable }, usable ? 'read replica in use' : 'read replica lags');
    replica.usable = usable;
    replica.servesUntil = at + writerWindowMs(maxLagMs);
  } catch (err) {
    if (replica.usable) logger.warn({ err }, 'read replica unreachable');
    replica.usable = false;
    // A connection that failed or hung is closed (pg destroys the socket of a hung one) and opened again next time.
    for (const c of [replica.probes.primary, replica.probes.replica]) void c?.end().catch(() => undefined);
    replica.probes = {};
  } finally {
    replica.checking = false;
  }
}

function replicaOf(ctx: AppContext): Replica | undefined {
  const url = ctx.config.databaseReplicaUrl;
  if (!url) return undefined;
  let replica = replicas.get(url);
  if (!replica) {
    const knex = createKnex(url, {}, REPLICA_CONNECTION);
    // A connection whose read timed out still waits for that answer: the pool ends it rather than lends it again
    // (knex asks its client, not a pool option, whether a connection may be lent).
    knex.client.validateConnection = async (c: Connection) => !c._getActiveQuery();
    watchPool(knex, 'replica');
    const made = {
      knex,
      usable: false,
      servesUntil: 0,
      samples: [],
      checking: false,
      probes: {},
    } as unknown as Replica;
    made.timer = setInterval(() => void check(made, ctx.knex, ctx.config.replicaMaxLagMs), REPLICA_CHECK_MS);
    made.timer.unref();
    made.first = check(made, ctx.knex, ctx.config.replicaMaxLagMs);
    replicas.set(url, (replica = made));
  }
  return replica;
}

const primaryReaders = new WeakSet<object>();

/** The request being handled reads from the primary (its writer may not see the change on the replica yet). */
export function readFromPrimary(): void {
  const store = logContext.getStore();
  if (store) primaryReaders.add(store);
}

// ENOENT: a replica on this machine reached by its Unix socket, gone with the stopped server.
const LOST = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

/** A failure of the replica rather than of the statement: the connection, or a conflict with its replay. */
function lostReplica(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (code && (LOST.has(code) || code.startsWith('08'))) return true;
  if (code === '40001' && /conflict with recovery/.test(message ?? '')) return true;
  return /Connection terminated|Query read timeout|timeout expired|Timeout acquiring a connection|timeout exceeded when trying to connect/i.test(
    message ?? '',
  );
}

/**
 * Runs a read on the replica when it is fresh and the request's person has not just written,
 * otherwise on the primary; a read that loses the replica runs again on the primary. `read` must not
 * write: it may run twice.
 */
export async function readOn<T>(ctx: AppContext, read: (knex: Knex) => Promise<T>): Promise<T> {
  const replica = replicaOf(ctx);
  if (replica) await replica.first;
  const store = logContext.getStore();
  if (!replica || !serving(replica) || (store && primaryReaders.has(store))) return read(ctx.knex);
  try {
    return await read(replica.knex);
  } catch (err) {
    if (!lostReplica(err)) throw err;
    replica.usable = false;
    // Through the log's error serializer: its kind, code and redacted message, never the statement's values.
    logger.warn({ err }, 'read replica lost');
    return read(ctx.knex);
  }
}

/** The database for a read without the fallback of readOn (prefer readOn). */
export function readKnex(ctx: AppContext): Knex {
  const replica = replicaOf(ctx);
  return replica && serving(replica) ? replica.knex : ctx.knex;
}

/** Closes the replica connections (server shutdown, end of tests). */
export async function closeReplicas(): Promise<void> {
  const open = [...replicas.values()];
  replicas.clear();
  for (const replica of open) clearInterval(replica.timer);
  for (const { probes } of open) for (const c of [probes.primary, probes.replica]) void c?.end().catch(() => undefined);
  await Promise.all(open.map((r) => r.knex.destroy()));
}
