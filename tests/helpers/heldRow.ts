/**
 * Making a race between requests certain: the test holds a row locked while it sends them one after another, each
 * seen waiting (on a lock, in pg_stat_activity) before the next goes, then lets go; they then take the row in the
 * order they were sent.
 */
import type { Knex } from 'knex';
import type { Test } from 'supertest';

export type Answer = { status: number; body: { error?: { code?: string }; [key: string]: unknown } };

/** A request sent now; `settled` tells whether its answer has come. */
export interface Started {
  settled: boolean;
  answer: Promise<Answer>;
}

export function start(request: Test): Started {
  const state = { settled: false } as Started;
  state.answer = request.then((res) => {
    state.settled = true;
    return res as unknown as Answer;
  });
  return state;
}

/** How many other sessions of this database wait on a lock. */
async function lockWaiters(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

/** Resolves once `request` is answered (it did not wait), or once every one of `sent` still unanswered waits on a lock. */
export async function waitsOrEnds(knex: Knex, request: Started, sent: Started[] = [request]): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (request.settled || (await lockWaiters(knex)) >= sent.filter((s) => !s.settled).length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('nothing came to wait');
}

/**
 * Sends each request while the row `id` of `table` is held, each once the ones before it wait (or were answered),
 * then lets the row go; resolves to their answers, in the order sent.
 */
export async function inTurn(knex: Knex, table: string, id: number, requests: (() => Test)[]): Promise<Answer[]> {
  const busy = await knex.transaction();
  const started: Started[] = [];
  try {
    await busy.raw(`select 1 from ?? where id = ? for update`, [table, id]);
    for (const request of requests) {
      const sent = start(request());
      started.push(sent);
      await waitsOrEnds(knex, sent, started);
    }
  } finally {
    await busy.commit();
  }
  return Promise.all(started.map((s) => s.answer));
}
