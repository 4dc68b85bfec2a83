/**
 * The load phase of bench:search: `connections` clients at once, each on its own kept-alive
 * connection, asking the company's search shapes in turn (each client starting at a different
 * shape, with its own varied values) for `seconds`; prints searches per second and p50/p95/p99.
 * The clients run in the benchmark's process beside the API, as the timed runs do, so their own
 * work shares the cores with the API and PostgreSQL.
 */
import { httpClient } from './client';
import { rngFrom, type Shape } from './shapes';

export interface LoadFigures {
  searches: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export async function loadPhase(
  base: string,
  token: string,
  mix: Shape[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const took: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async (n: number) => {
    const get = httpClient(base);
    const rng = rngFrom(7000 + n);
    for (let i = n; performance.now() < until; i += 1) {
      const shape = mix[i % mix.length];
      const t0 = performance.now();
      const res = await get(shape.path(rng, i), token);
      if (res.status !== 200) errors += 1;
      else took.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...took].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { searches: took.length, perSecond: took.length / elapsed, p50: pct(50), p95: pct(95), p99: pct(99), errors };
}
