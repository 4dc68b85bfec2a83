/**
 * An experience row written on its own (PUT /candidate-experiences/:id, an admin's console edit) takes its candidate's
 * lock before it touches the row, as a profile save does (the candidate locked, then its rows rewritten): the two at
 * the same moment wait for each other in turn instead of each holding what the other needs (a deadlock, one of them
 * refused with 409). The test holds the candidate's row, sends the edit, and sees it waiting for the candidate while
 * the experience row is still free; once the candidate is let go the edit is written.
 */
import type { Knex } from 'knex';
import type { Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let ids: TalentIds;

/** Sends a request now; `settled` tells whether its answer has come. */
function start(request: Test) {
  const state = { settled: false, answer: undefined as unknown as Promise<{ status: number; body: unknown }> };
  // A request cut short (the test failed before it was answered) is an answer too, never an unhandled rejection.
  state.answer = request.then(
    (res) => {
      state.settled = true;
      return res;
    },
    (err: unknown) => {
      state.settled = true;
      return { status: 0, body: String(err) };
    },
  );
  return state;
}

/** The sessions of this database waiting for a lock `holder` (a backend's pid) holds. */
async function blockedBy(holder: number): Promise<number[]> {
  const { rows } = await t.knex.raw<{ rows: { pid: number }[] }>(
    `select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and ? = any(pg_blocking_pids(pid))`,
    [holder],
  );
  return rows.map((r) => r.pid);
}

/** The one session waiting on `holder`, once it comes to wait (or fails if the request is answered first). */
async function waiterOn(holder: number, request: { settled: boolean }): Promise<number> {
  for (let i = 0; i < 500; i += 1) {
    const pids = await blockedBy(holder);
    if (pids.length) return pids[0];
    if (request.settled) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the request never waited for the held candidate');
}

/** The table-level lock modes session `pid` holds on `table` (a write takes RowExclusiveLock, a FOR UPDATE RowShareLock). */
async function modesOn(pid: number, table: string): Promise<string[]> {
  const { rows } = await t.knex.raw<{ rows: { mode: string }[] }>(
    `select l.mode from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where a.datname = current_database() and l.pid = ? and l.locktype = 'relation'
        and l.relation = ?::regclass and l.granted order by l.mode`,
    [pid, table],
  );
  return rows.map((r) => r.mode);
}

/** Whether some other transaction holds experience `id`'s row: locking it without waiting is refused. */
async function experienceRowTaken(id: number): Promise<boolean> {
  const probe = await t.knex.transaction();
  try {
    await probe.raw('select 1 from candidate_experiences where id = ? for update nowait', [id]);
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return true;
    throw err;
  } finally {
    await probe.rollback();
  }
}

beforeAll(async () => {
  ({ t, admin, ids } = await talentWorld());
});

describe('An experience edited on its own takes its candidate before its row', () => {
  it('waits for a held candidate without holding the experience row, then is written', async () => {
    const made = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(
        candidatePayload(ids, {
          firstName: 'Lockhart',
          lastName: 'Ordway',
          phone: '+65 8777 4242',
          linkedInUrl: null,
          experiences: [{ title: 'Cooper', company: 'Ordbarrel', startDate: '2016-01-01', currentPosition: true }],
        }),
      );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const candidateId = Number(String(made.body.id).split(':').pop());
    const [row] = (await t.http.get(`/api/v1/candidates/${made.body.id}`).set(bearer(admin)).expect(200)).body
      .experiences;
    const experienceId = Number(String(row.id).split(':').pop());

    const busy: Knex.Transaction = await t.knex.transaction();
    let edit!: ReturnType<typeof start>;
    try {
      const { rows } = await busy.raw<{ rows: { pid: number }[] }>('select pg_backend_pid() as pid');
      await busy.raw('select 1 from candidates where id = ? for update', [candidateId]);
      edit = start(t.http.put(`/api/v1/candidate-experiences/${row.id}`).set(bearer(admin)).send({ title: 'Vintner' }));
      const waiter = await waiterOn(rows[0].pid, edit);
      // It waits on the candidate's row: first in line, it holds that row's tuple lock.
      const { rows: tuples } = await t.knex.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from pg_locks
          where pid = ? and locktype = 'tuple' and relation = 'candidates'::regclass`,
        [waiter],
      );
      expect(tuples[0].n).toBe(1);
      // And has not touched the experience yet: read it at most, neither written nor locked its row.
      expect(await modesOn(waiter, 'candidate_experiences')).not.toContain('RowExclusiveLock');
      expect(await experienceRowTaken(experienceId)).toBe(false);
      expect(edit.settled).toBe(false);
    } finally {
      await busy.commit();
    }
    const answer = await edit.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await t.knex('candidate_experiences').where('id', experienceId).first('title')).title).toBe('Vintner');
  });
});
