/**
 * An import never overrides a status the candidate chose themselves (spec section 4): the console's save, bulk
 * status change and merge ask to confirm that, an import cannot, so such a row is refused on its status, in the
 * rejection report, and the candidate stays as they chose. A row with the stored status, or without a status, is
 * imported as before. A row refused as "changed while this ran" (the candidate paused after the import read them)
 * is refused on its status when the file is imported again, rather than undoing the pause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { importApp, importFinished, uploadImport } from '../helpers/talentImport';

const STATUS_REASON = 'Status: The candidate chose this status themselves';

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

const stored = (email: string) => t.knex('candidates').where('email', email).first('status', 'self_chosen_status');

/** Uploads `content` and waits for its import to end; answers the import and its report's lines. */
async function imported(name: string, content: string) {
  const started = await uploadImport(t, admin, name, content);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const done = await importFinished(t, admin, started.body.id);
  const report = await t.http.get(`/api/v1/candidates/imports/${started.body.id}/report`).set(bearer(admin));
  return {
    done,
    lines: report.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n')
      .slice(1),
  };
}

describe('An import over a status the candidate chose', () => {
  it('is refused on the status in the report; the same status, or none, is imported', async () => {
    const email = 'candidate@example.com';
    const { id } = await t.knex('candidates').where('email', email).first('id');
    const paused = await t.http.post(`/api/v1/candidates/Candidate:${id}/pause`).set(bearer(await t.login(email)));
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await stored(email)).toEqual({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true });

    const active = await imported('own-status.csv', `email,status\n${email},${CANDIDATE_STATUS.active}\n`);
    expect(active.done).toMatchObject({ status: 'done', rows: 1, updated: 0, rejected: 1 });
    expect(active.lines).toHaveLength(1);
    expect(active.lines[0]).toContain(`2,${email},`);
    expect(active.lines[0]).toContain(STATUS_REASON);
    expect(await stored(email)).toEqual({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true });

    const same = await imported(
      'same-status.csv',
      `email,status,summary\n${email},${CANDIDATE_STATUS.inactive},Kept\n`,
    );
    expect(same.done).toMatchObject({ status: 'done', updated: 1, rejected: 0 });
    const none = await imported('no-status.csv', `email,summary\n${email},Still paused\n`);
    expect(none.done).toMatchObject({ status: 'done', updated: 1, rejected: 0 });
    expect(await t.knex('candidates').where('email', email).first('status', 'self_chosen_status', 'summary')).toEqual({
      status: CANDIDATE_STATUS.inactive,
      self_chosen_status: true,
      summary: 'Still paused',
    });
  }, 120_000);

  it('refused as changed while it ran (a pause after it read the row), is refused on the status when imported again', async () => {
    const email = 'ana.own.race@import.example.com';
    const header =
      'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,status';
    const person = `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1`;
    const first = await imported('own-race-1.csv', `${header}\n${person},${CANDIDATE_STATUS.active}\n`);
    expect(first.done).toMatchObject({ status: 'done', created: 1, rejected: 0 });

    const file = `${header}\n${person},${CANDIDATE_STATUS.active}\n`.replace('7000', '9000');
    const held = await t.knex.transaction();
    let raced: Awaited<ReturnType<typeof imported>>;
    try {
      // The candidate pauses their profile (as POST /pause writes it); the change is not committed yet.
      await held('candidates')
        .where('email', email)
        .update({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true, updated_at: held.fn.now() });
      const importing = imported('own-race-2.csv', file);
      // The import reads the row as it was, then waits for the pause's lock to write.
      await expect
        .poll(
          async () =>
            (
              await t.knex.raw(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update \"candidates\"%'",
              )
            ).rows[0].n,
          { timeout: 30_000 },
        )
        .toBe(1);
      await held.commit();
      raced = await importing;
    } finally {
      if (!held.isCompleted()) await held.rollback();
    }
    expect(raced.done).toMatchObject({ status: 'done', updated: 0, rejected: 1 });
    expect(raced.lines[0]).toContain('changed while this ran');

    // Imported again, as the report says: the pause now stands in the way.
    const again = await imported('own-race-3.csv', file);
    expect(again.done).toMatchObject({ status: 'done', updated: 0, rejected: 1 });
    expect(again.lines[0]).toContain(STATUS_REASON);
    expect(
      await t.knex('candidates').where('email', email).first('status', 'self_chosen_status', 'expected_salary'),
    ).toEqual({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true, expected_salary: 7000 });
  }, 120_000);
});
