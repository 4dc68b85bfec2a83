/**
 * Two experience rows moved between the same two candidates at the same moment, one each way (PUT
 * /candidate-experiences/:id with another candidateId, an admin's console edit), wait for each other in turn: each
 * move takes both candidates in id order, as a profile save and a row written on its own do, instead of the new one
 * first. The test holds the second candidate's row, starts the move into it and then the move out of it, lets the
 * candidate go, and sees both moves written (a deadlock refuses one of them).
 */
import type { Knex } from 'knex';
import type { Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let ids: TalentIds;

const num = (ref: unknown) => Number(String(ref).split(':').pop());

/** Sends a request now; its answer (or the error that cut it short) is awaited later. */
const start = (request: Test) =>
  request.then(
    (res) => ({ status: res.status, body: res.body as unknown }),
    (err: unknown) => ({ status: 0, body: String(err) as unknown }),
  );

/** Waits until `count` sessions of this database wait for a lock. */
async function waiting(count: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= count) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never ${count} sessions waiting for a lock`);
}

/** An admin-made candidate with one experience: its id and the experience's reference. */
async function withExperience(first: string, phone: string, company: string) {
  const made = await t.http
    .post('/api/v1/candidates')
    .set(bearer(admin))
    .send(
      candidatePayload(ids, {
        firstName: first,
        lastName: 'Mover',
        phone,
        linkedInUrl: null,
        experiences: [{ title: 'Cooper', company, startDate: '2016-01-01', currentPosition: true }],
      }),
    );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const read = await t.http.get(`/api/v1/candidates/${made.body.id}`).set(bearer(admin)).expect(200);
  return { id: num(made.body.id), ref: String(made.body.id), experience: String(read.body.experiences[0].id) };
}

beforeAll(async () => {
  ({ t, admin, ids } = await talentWorld());
});

describe('Experience rows moved both ways between two candidates at once', () => {
  it('wait for each other in turn, and both are written', async () => {
    const first = await withExperience('Aldous', '+65 8777 5151', 'Firstbarrel');
    const second = await withExperience('Bertram', '+65 8777 5252', 'Secondbarrel');
    expect(first.id).toBeLessThan(second.id);

    const busy: Knex.Transaction = await t.knex.transaction();
    let into!: ReturnType<typeof start>;
    let outOf!: ReturnType<typeof start>;
    try {
      await busy.raw('select 1 from candidates where id = ? for update', [second.id]);
      // The first candidate's experience moves to the second (held), then the second's to the first.
      into = start(
        t.http
          .put(`/api/v1/candidate-experiences/${first.experience}`)
          .set(bearer(admin))
          .send({ candidateId: second.ref }),
      );
      await waiting(1);
      outOf = start(
        t.http
          .put(`/api/v1/candidate-experiences/${second.experience}`)
          .set(bearer(admin))
          .send({ candidateId: first.ref }),
      );
      await waiting(2);
    } finally {
      await busy.commit();
    }
    const [a, b] = await Promise.all([into, outOf]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const owners = await t
      .knex('candidate_experiences')
      .whereIn('id', [num(first.experience), num(second.experience)])
      .orderBy('id')
      .pluck('candidate_id');
    expect(owners).toEqual([second.id, first.id]);
  });
});
