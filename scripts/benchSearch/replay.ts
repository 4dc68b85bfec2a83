/**
 * "The same query in SQL alone": the statements one API request ran (signing the caller in
 * included), recorded from the app's own Knex with the start and end of each, then run again
 * straight on PostgreSQL with the same overlap: statements that ran side by side run side by side
 * again, the others one after another. What runs after the answer has left (the search
 * appearances it logs) is not part of the request and is left out.
 */
import type { Knex } from 'knex';
import pg from 'pg';

export interface Statement {
  sql: string;
  bindings: unknown[];
  start: number;
  end: number;
}

const AFTER_THE_ANSWER = /\b(candidate_search_or_view_logs|graphile_worker)\b/;

export class Recorder {
  private open = new Map<string, Statement>();
  statements: Statement[] = [];

  constructor(knex: Knex) {
    knex.on('query', (q: { __knexQueryUid: string; sql: string; bindings?: unknown[] }) => {
      if (AFTER_THE_ANSWER.test(q.sql)) return;
      this.open.set(q.__knexQueryUid, { sql: q.sql, bindings: q.bindings ?? [], start: performance.now(), end: 0 });
    });
    knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => {
      const s = this.open.get(q.__knexQueryUid);
      if (!s) return;
      this.open.delete(q.__knexQueryUid);
      s.end = performance.now();
      this.statements.push(s);
    });
  }

  take(): Statement[] {
    const out = this.statements.sort((a, b) => a.start - b.start);
    this.statements = [];
    this.open.clear();
    return out;
  }
}

/** Statements grouped into phases: a phase is a run of statements that overlapped in time. */
export function phases(statements: Statement[]): Statement[][] {
  const out: Statement[][] = [];
  let end = -Infinity;
  for (const s of statements) {
    if (s.start < end) out[out.length - 1].push(s);
    else out.push([s]);
    end = Math.max(end, s.end);
  }
  return out;
}

/** Runs the phases on `pool` and returns the milliseconds they took. */
export async function replay(pool: pg.Pool, groups: Statement[][]): Promise<number> {
  const started = performance.now();
  for (const group of groups) await Promise.all(group.map((s) => pool.query(s.sql, s.bindings as unknown[])));
  return performance.now() - started;
}
