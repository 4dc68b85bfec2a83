/**
 * What `npm start` runs (scripts/start.ts): database (embedded unless DATABASE_URL), migrations,
 * the seed data the start script hands in, the worker (unless WORKER=off), and API + console +
 * portal on one port. The server never imports seeds/: what to load is the caller's to say.
 */
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { PortInUseError } from './db/embedded';
import { createKnex } from './db/knex';
import { closeReplicas } from './db/replica';
import { migrate } from './db/migrate';
import { attachLive, type Live } from './features/live';
import { queueSearchTermsIfMissing } from './features/search';
import { drainServer } from './http/drain';
import { listenForMetrics } from './http/metrics';
import { Readiness } from './http/readiness';
import { startWorker, workerStopping, type Worker } from './jobs/worker';
import { logger } from './logger';
import { logStatementsSlowerThan, watchLiveSockets, watchOutsideCalls } from './metrics';

const say = (line: string) => console.log(line);

async function listen(app: ReturnType<typeof createApp>, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port);
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use. Stop what runs there or start with PORT=<another port>.`)
          : err,
      ),
    );
  });
}

export interface StartOptions {
  /** Loads the data a start needs (lookups; the demo where it belongs) once migrations ran. */
  seed(knex: Knex, config: Config, say: (line: string) => void): Promise<void>;
  /** Sign-ins printed when the demo is loaded. */
  demoLogins?: readonly { email: string; who: string }[];
}

export async function startServer(options: StartOptions) {
  const config = loadConfig();
  let db: Database | undefined;
  let runner: Worker | undefined;
  let server: Server | undefined;
  let live: Live | undefined;
  let readiness: Readiness | undefined;
  let metricsServer: Server | undefined;
  let stopping = false;
  const knexRef: { destroy?: () => Promise<void> } = {};

  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    readiness?.markStopping();
    workerStopping();
    say('\nStopping...');
    // Requests, live sockets and jobs wind down together, each within SHUTDOWN_TIMEOUT_MS.
    const bound = { noticeMs: code === 0 ? config.shutdownNoticeMs : 0, withinMs: config.shutdownTimeoutMs };
    await Promise.all([
      server ? drainServer(server, live?.hub.clients ?? [], bound).catch(() => {}) : undefined,
      runner?.stop(bound.noticeMs + bound.withinMs).catch(() => {}),
    ]);
    await live?.close().catch(() => {});
    metricsServer?.close();
    await knexRef.destroy?.().catch(() => {});
    await closeReplicas().catch(() => {});
    await db?.stop().catch((err) => logger.error({ err }, 'database stop failed'));
    say('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // A promise nobody awaited failed: its work is over, so log it and serve on. (An uncaught exception still ends the
  // process, Node's default: state it left half-changed is not safe to serve from.)
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

  try {
    logStatementsSlowerThan(config.slow.statementMs);
    watchOutsideCalls(config);
    db = await openDatabase(config, say);
    const knex = createKnex(db.connectionString);
    knexRef.destroy = () => knex.destroy();
    const applied = await migrate(knex, db.connectionString);
    if (applied.length) say(`Applied ${applied.length} migration(s).`);
    await options.seed(knex, config, say);
    await queueSearchTermsIfMissing(knex);
    readiness = new Readiness(db.connectionString, config.readyTimeoutMs);
    const ctx = { knex, config, readiness };
    server = await listen(createApp(ctx), config.port);
    live = await attachLive(server, ctx);
    const hub = live.hub;
    watchLiveSockets(() => hub.clients.size);
    if (config.metrics.port) metricsServer = await listenForMetrics(config.metrics.port);
    if (config.worker) {
      runner = await startWorker(db.connectionString, config);
      readiness.worker = runner.pulse;
    }
  } catch (err) {
    if (err instanceof PortInUseError) console.error(`\n${err.message}`);
    else console.error('\nCould not start:', err instanceof Error ? err.message : err);
    await shutdown(1);
    return;
  }

  say(`\nTalentbase is running at ${config.publicUrl}`);
  say(`  Portal:        ${config.publicUrl}/`);
  say(`  Admin console: ${config.publicUrl}/admin`);
  if (config.env !== 'production') say(`  Mailbox:       ${config.publicUrl}/dev/mailbox (sign-in codes arrive here)`);
  if (config.env !== 'production' && config.seedDemo) {
    say('\nDemo logins (sign in with the emailed code from the mailbox):');
    for (const l of options.demoLogins ?? []) say(`  ${l.email.padEnd(26)} ${l.who}`);
  }
  say('\nPress Ctrl-C to stop.');
}
