/**
 * A Lighthouse trace read by CPU time: the page's main thread as it would have run on this machine with no
 * neighbours. Lighthouse's simulated throttling takes each main-thread task's wall-clock length from the trace (and
 * multiplies it by 4 on mobile settings), so on a shared machine a task the scheduler paused for other work counts
 * the pause. Chromium records beside each task the CPU time its thread spent (`tts`, `tdur`); here every task of the
 * page's main thread is shortened to that CPU time, and the events inside a task are moved with it (an event's start
 * by the CPU time spent before it in the task), so the nesting Lighthouse reads stays whole. The time between tasks is
 * left as it was. Re-audited from the saved artifacts, the same run gives the scores its work would have on an idle
 * machine of the same kind; the network (and the server's answer times, which load also stretches) is as observed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}

/** The renderer main thread that drew the page: the thread of the most `RunTask` time in the page's process. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const threads = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      threads.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && e.ph === 'X' && threads.has(key)) threads.set(key, threads.get(key)! + (e.dur ?? 0));
  }
  const [best] = [...threads].sort((a, b) => b[1] - a[1]);
  if (!best) return undefined;
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid, tid };
}

/**
 * Rewrites `trace` in place: each top-level task of the main thread lasts its CPU time. Returns the wall and CPU
 * milliseconds of those tasks, for the record.
 */
export function toCpuTime(events: TraceEvent[]): { wallMs: number; cpuMs: number } {
  const main = mainThread(events);
  if (!main) return { wallMs: 0, cpuMs: 0 };
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && typeof e.ts === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = own.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && typeof e.tts === 'number' && typeof e.tdur === 'number',
  );
  let wallMs = 0;
  let cpuMs = 0;
  let i = 0;
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + (task.dur ?? 0);
    const tdur = Math.min(task.tdur!, task.dur ?? 0);
    const ratio = task.dur ? tdur / task.dur : 1;
    wallMs += (task.dur ?? 0) / 1000;
    cpuMs += tdur / 1000;
    // The events inside the task: those starting at or after its start and before its end.
    while (i < own.length && own[i].ts < start) i++;
    for (let j = i; j < own.length && own[j].ts <= end; j++) {
      const e = own[j];
      if (e === task) continue;
      const offset =
        typeof e.tts === 'number' ? Math.min(Math.max(e.tts - task.tts!, 0), tdur) : (e.ts - start) * ratio;
      e.ts = start + offset;
      if (typeof e.dur === 'number') {
        const length = typeof e.tdur === 'number' ? Math.min(e.tdur, e.dur) : e.dur * ratio;
        e.dur = Math.min(length, tdur - offset);
      }
    }
    task.dur = tdur;
  }
  return { wallMs, cpuMs };
}

/**
 * The saved trace in `dir` (Lighthouse's `gatherMode` output) rewritten to CPU time; undefined when the run saved no
 * trace (a page that failed to load).
 */
export function rewriteSavedTrace(dir: string): { wallMs: number; cpuMs: number } | undefined {
  const file = path.join(dir, 'defaultPass.trace.json');
  if (!existsSync(file)) return undefined;
  const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const totals = toCpuTime(trace.traceEvents);
  writeFileSync(file, JSON.stringify(trace));
  return totals;
}
