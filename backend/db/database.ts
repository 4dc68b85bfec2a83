/**
 * Where the data lives: the server named by DATABASE_URL, or else an embedded PostgreSQL 17
 * in .data/postgres that starts and stops with the product.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  connectionString: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export const APP_DATABASE = 'talentbase';

/**
 * Creates `name` on the server of `adminUrl` when it does not exist yet, as a copy of `template` if given. A copy is
 * made file by file (`strategy file_copy`): for a template of tens of megabytes that is a quarter of the time of
 * PostgreSQL's default, which writes every page through the WAL.
 */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount)
      await client.query(`create database "${name}"${template ? ` template "${template}" strategy file_copy` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Database> {
  if (config.databaseUrl) return { connectionString: config.databaseUrl, embedded: false, stop: async () => {} };
  const dataDir = path.join(config.dataDir, 'postgres');
  log(
    `Starting the embedded PostgreSQL in ${path.relative(process.cwd(), dataDir) || dataDir} on port ${config.embeddedPgPort}...`,
  );
  const settings = config.embeddedPgSharedBuffers ? { shared_buffers: config.embeddedPgSharedBuffers } : undefined;
  const server = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort, settings });
  const connectionString = await ensureDatabase(server.connectionString, APP_DATABASE);
  return { connectionString, embedded: true, stop: () => server.stop() };
}

/** Whether process `pid` exists (signal 0 checks without signalling; EPERM means it exists but is not ours). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The port of the embedded PostgreSQL already running on this data directory (a running
 * `npm start`), read from its postmaster.pid; undefined when none runs.
 */
export async function runningEmbeddedPort(config: Config): Promise<number | undefined> {
  const clusterDir = path.join(config.dataDir, 'postgres');
  const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid)) return undefined;
  const [ours, theirs] = await Promise.all([
    realpath(clusterDir).catch(() => clusterDir),
    realpath(lines[1] ?? '').catch(() => lines[1]),
  ]);
  return ours === theirs ? port : undefined;
}

/** The application database of the embedded PostgreSQL listening on `port` on this machine. */
export const embeddedUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/${APP_DATABASE}`;

/**
 * For `npm run worker` without DATABASE_URL: the embedded database of a running `npm start` on this data directory,
 * or an error saying to start it first or to set DATABASE_URL, instead of a refused connection's stack.
 */
export async function runningEmbeddedUrl(config: Config): Promise<string> {
  const port = await runningEmbeddedPort(config);
  if (port === undefined)
    throw new Error(
      `Without DATABASE_URL, the worker joins the embedded PostgreSQL of a running \`npm start\` on ${config.dataDir}, and none is running there: start \`npm start\` first (WORKER=off to leave the jobs to workers), or set DATABASE_URL.`,
    );
  return embeddedUrl(port);
}

/**
 * For command-line tools beside the server (`npm run import`, `npm run db:seed`): DATABASE_URL, or
 * the embedded database of a running `npm start` (joined, left running), or else the embedded
 * database started for the tool and stopped with it.
 */
export async function joinOrOpenDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Database> {
  if (config.databaseUrl) return openDatabase(config, log);
  const port = await runningEmbeddedPort(config);
  if (port === undefined) return openDatabase(config, log);
  const connectionString = embeddedUrl(port);
  const probe = new pg.Client({ connectionString });
  try {
    await probe.connect();
    await probe.query('select 1');
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL of a running \`npm start\` (port ${port}) did not answer: ${(err as Error).message}`,
      { cause: err },
    );
  } finally {
    await probe.end().catch(() => {});
  }
  log(`Using the embedded PostgreSQL of the running server on port ${port}.`);
  return { connectionString, embedded: true, stop: async () => {} };
}
