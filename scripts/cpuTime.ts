/**
 * CPU seconds used by this process and by an embedded PostgreSQL (its postmaster and every
 * backend, live or ended). Benchmarks report these next to wall-clock time, because on a shared
 * machine the wall clock measures the neighbours as much as the code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICKS = 100; // USER_HZ on Linux

function stat(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of a process and everything under it: each live process's own time and the time of the children it
 * has reaped (which holds theirs in turn), so a child that ended long ago still counts once.
 */
export function treeCpuSeconds(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s) children.set(Number(s[1]), [...(children.get(Number(s[1])) ?? []), Number(entry)]);
  }
  let ticks = 0;
  const visit = (at: number) => {
    const s = stat(at);
    // Fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    if (s) ticks += Number(s[11]) + Number(s[12]) + Number(s[13]) + Number(s[14]);
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(pid);
  return ticks / TICKS;
}

/** PostgreSQL's CPU seconds: the postmaster's own and its reaped children's, plus live children. */
export function postgresCpuSeconds(dataDir: string): number {
  const pidFile = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).find(
    (f) => path.basename(f) === 'postmaster.pid',
  );
  if (!pidFile) return 0;
  return treeCpuSeconds(Number(readFileSync(path.join(dataDir, pidFile), 'utf8').split('\n')[0]));
}

export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
