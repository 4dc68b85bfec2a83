/**
 * "The same query in SQL alone": the statements one API request ran (signing the caller in
 * included), recorded from the app's own Knex with the start and end of each, then run again
 * straight on PostgreSQL with the same overlap: statements that ran side by side run side by side
 * again, the others one after another. What runs after the answer has left (the search
 * appearances it logs) is not part of the request and is left out. Each statement keeps the id of
 * the request that ran it, so that statements recorded under load can be told apart by request.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { logContext } from '../../backend/logger';

export interface Statement {
  sql: string;
  bindings: unknown[];
  start: number;
  end: number;
  reqId?: string;
}

const AFTER_THE_ANSWER = /\b(candidate_search_or_view_logs|graphile_worker)\b/;

export class Recorder {
  private open = new Map<string, Statement>();
  statements: Statement[] = [];

  constructor(knex: Knex) {
    knex.on('query', (q: { __knexQueryUid: string; sql: string; bindings?: unknown[] }) => {
      if (AFTER_THE_ANSWER.test(q.sql)) return;
      this.open.set(q.__knexQueryUid, {
        sql: q.sql,
        bindings: q.bindings ?? [],
        start: performance.now(),
        end: 0,
        reqId: logContext.getStore()?.reqId,
      });
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

/** Statements recorded while many requests ran at once, one list per request (in the order each started). */
export function byRequest(statements: Statement[]): Statement[][] {
  const requests = new Map<string, Statement[]>();
  for (const s of statements) {
    if (!s.reqId) continue;
    const list = requests.get(s.reqId);
    if (list) list.push(s);
    else requests.set(s.reqId, [s]);
  }
  return [...requests.values()];
}

/**
 * The load phase's floor: the requests' statements replayed straight on PostgreSQL by `clients`
 * at once (each taking the next request and running its phases), over `pool`, which is as large
 * as the API's own. Returns requests per second.
 */
export async function replayLoad(pool: pg.Pool, requests: Statement[][], clients: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < requests.length) await replay(pool, phases(requests[next++]));
  };
  await Promise.all(Array.from({ length: clients }, client));
  return requests.length / ((performance.now() - started) / 1000);
}
