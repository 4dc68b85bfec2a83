/**
 * Liveness and readiness for load balancers and orchestrators. `/health` answers from memory: the
 * process runs. `/ready` answers 200 only when this process can serve: the database answers within
 * READY_TIMEOUT_MS, every migration in migrations/ is applied, the worker (where this process runs
 * one) has asked for a job recently, and the process is not shutting down; otherwise 503 naming the
 * failing parts. Each probe opens one short connection of its own, so a pool whose connections are
 * all busy or dead does not hide a database that answers, and a probe never waits behind requests.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config';
import { migrationNames } from '../db/migrate';
import { logger } from '../logger';

export type CheckState = 'ok' | 'down' | 'pending' | 'stale' | 'stopping';
export interface ReadyAnswer {
  ready: boolean;
  failing: string[];
  checks: Record<string, CheckState>;
}

/** What the readiness check needs to know of a worker running in this process. */
export interface WorkerPulse {
  /** When a worker of this process last asked the database for a job (ms since the epoch). */
  lastPoll(): number | undefined;
  /** The longest quiet time that is still healthy, in ms. */
  staleAfterMs: number;
}

export class Readiness {
  private stopping = false;
  private migrationsCurrent = false;
  private inFlight?: Promise<ReadyAnswer>;
  worker?: WorkerPulse;

  constructor(
    /** The database URL, or the connection settings Knex parsed it into. */
    private readonly connection: string | pg.ClientConfig,
    private readonly timeoutMs: number,
  ) {}

  /** From the first moment of a shutdown, the process reports not ready, before it stops accepting. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Probes arriving together share one check. */
  check(): Promise<ReadyAnswer> {
    this.inFlight ??= this.run().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async run(): Promise<ReadyAnswer> {
    const checks: Record<string, CheckState> = { database: 'ok', migrations: 'ok' };
    if (this.stopping) checks.process = 'stopping';
    try {
      if (!(await this.probe())) checks.migrations = 'pending';
    } catch (err) {
      checks.database = 'down';
      checks.migrations = this.migrationsCurrent ? 'ok' : 'pending';
      logger.warn({ err }, 'readiness: the database did not answer');
    }
    if (this.worker) {
      const last = this.worker.lastPoll();
      checks.worker = last !== undefined && Date.now() - last <= this.worker.staleAfterMs ? 'ok' : 'stale';
    }
    const failing = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([name]) => name);
    return { ready: !failing.length, failing, checks };
  }

  /**
   * One round trip on a fresh connection, bounded at connect and statement. Returns whether every
   * migration of this code is applied; once they are, it stays known (a running process's code does
   * not gain migrations) and the probe is a plain `select 1`.
   */
  private async probe(): Promise<boolean> {
    const client = new pg.Client({
      // Knex keeps the password of parsed settings out of enumeration (and so out of logs): named here.
      ...(typeof this.connection === 'string'
        ? { connectionString: this.connection }
        : { ...this.connection, password: this.connection.password }),
      connectionTimeoutMillis: this.timeoutMs,
      statement_timeout: this.timeoutMs,
      query_timeout: this.timeoutMs,
      application_name: 'talentbase readiness',
    });
    // A connection that fails after connecting reports here, not as an unhandled 'error' event.
    client.on('error', () => {});
    const bound = new Promise<never>((_, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([this.ask(client), bound]);
    } finally {
      void client.end().catch(() => {});
    }
  }

  private async ask(client: pg.Client): Promise<boolean> {
    await client.connect();
    if (this.migrationsCurrent) {
      await client.query('select 1');
      return true;
    }
    const { rows } = await client
      .query<{ names: string[] }>("select coalesce(array_agg(name), '{}') as names from knex_migrations")
      .catch((err: { code?: string }) => {
        // No migrations table yet: nothing is applied.
        if (err.code === '42P01') return { rows: [{ names: [] as string[] }] };
        throw err;
      });
    const applied = new Set(rows[0].names);
    this.migrationsCurrent = migrationNames().every((name) => applied.has(name));
    return this.migrationsCurrent;
  }
}

/** The readiness of an app built without one (tests, tools): its own database, no worker. */
export function readinessFor(knex: Knex, config: Config): Readiness {
  // Knex keeps the URL, or the settings it parsed it into (a socket directory's `?host=` among them).
  const connection = (knex.client as { config: Knex.Config }).config.connection;
  if (!connection || (typeof connection !== 'string' && typeof connection !== 'object'))
    throw new Error('readiness needs the database settings the pool was made with');
  return new Readiness(connection as string | pg.ClientConfig, config.readyTimeoutMs);
}

export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  router.get('/health', (_req, res) => void res.json({ ok: true }));
  router.get('/ready', async (_req, res) => {
    const answer = await readiness.check();
    res
      .status(answer.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(answer);
  });
  return router;
}
