/**
 * The one clock of `npm run bench:live`: the system's monotonic clock (CLOCK_MONOTONIC through
 * libuv), the same in every process on the machine, in milliseconds. Wall-clock readings taken at
 * each process's start would differ by the time the processes took to read them.
 */
export const clock = (): number => Number(process.hrtime.bigint()) / 1e6;

export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
