/**
 * The job queue in the cluster run: completions as the worker's own metrics count them, and when
 * the queue has nothing left to run.
 */
import type { Knex } from 'knex';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker's completed jobs by outcome, from its own metrics. */
export async function completions(metricsBase: string): Promise<{ success: number; failure: number }> {
  const text = await (await fetch(`${metricsBase}/metrics`)).text();
  const sum = (outcome: string) =>
    [...text.matchAll(new RegExp(`^jobs_completed_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`, 'gm'))].reduce(
      (all, m) => all + Number(m[1]),
      0,
    );
  return { success: sum('success'), failure: sum('failure') };
}

/** Waits until no job is due (future ones, such as the schedule's, stay). */
export async function drained(knex: Knex, ms = 60_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { rows } = await knex.raw(
      `select count(*)::int as n from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts`,
    );
    if (rows[0].n === 0) return true;
    await sleep(200);
  }
  return false;
}
