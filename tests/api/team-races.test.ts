/**
 * A company's team changes one at a time, each judged on the caller's standing as it is when its turn comes:
 * - two Admins demoting (or deactivating) each other at the same moment: the second is refused as it would be
 *   arriving after the first (403 once a Member, 401 once deactivated), so the company keeps someone to run it;
 * - a deletion handing the leaver's projects to a colleague deactivated at the same moment: the deletion is refused
 *   (transferTo.errors.invalid) and the projects stay where they were, never handed to someone inactive.
 * Each interleaving is made certain with a row lock held by the test: the first change waits on it, and the second
 * is seen waiting too (for the company's turn, in pg_stat_activity) or answered before the lock is let go.
 */
import type { Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
let acme: number;

type Answer = { status: number; body: { error?: { code?: string; fields?: Record<string, string> } } };

/** Sends a request now; `settled` tells whether its answer has come. */
function start(request: Test) {
  const state = { settled: false, answer: undefined as unknown as Promise<Answer> };
  state.answer = request.then((res) => {
    state.settled = true;
    return res as unknown as Answer;
  });
  return state;
}

/** How many other sessions of this database wait on a lock. */
async function waiters(): Promise<number> {
  const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

/** Resolves once `n` requests wait on a lock (the company's turn, or a row), or once `request` is answered. */
async function waitsOrEnds(request: { settled: boolean }, n: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (request.settled || (await waiters()) >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing came to wait`);
}

/** A new active colleague of Acme with `role` (1 Admin, 2 Member), signed in. */
async function colleague(name: string, role: number): Promise<{ id: number; token: string }> {
  const email = `${name}@acme.example.com`;
  const [row] = await t
    .knex('company_users')
    .insert({ company_id: acme, email, role, status: 1, first_name: name, last_name: 'Test' })
    .returning('id');
  return { id: row.id as number, token: await t.login(email) };
}

const member = (id: number) => t.knex('company_users').where('id', id).first('role', 'status');

/** Holds `id`'s row while `during` runs, so a change that locks it waits until then. */
async function holding(id: number, during: () => Promise<void>): Promise<void> {
  const busy = await t.knex.transaction();
  try {
    await busy.raw('select 1 from company_users where id = ? for update', [id]);
    await during();
  } finally {
    await busy.commit();
  }
}

const change = (token: string, field: 'role' | 'status', value: number, ...ids: number[]) =>
  t.http
    .put(`/api/v1/company-users/${field}`)
    .set(bearer(token))
    .send({ users: ids.map((id) => `User:${id}`), [field === 'role' ? 'companyRole' : 'status']: value });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  acme = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
});

describe('Two company Admins changing each other at the same moment', () => {
  it('demoting each other: the second is refused as a Member would be, and one Admin remains', async () => {
    const ada = await colleague('ada.admin', 1);
    const ben = await colleague('ben.admin', 1);
    let first!: ReturnType<typeof start>;
    let second!: ReturnType<typeof start>;
    await holding(ben.id, async () => {
      first = start(change(ada.token, 'role', 2, ben.id));
      await waitsOrEnds(first, 1);
      second = start(change(ben.token, 'role', 2, ada.id));
      await waitsOrEnds(second, 2);
    });
    const [a, b] = [await first.answer, await second.answer];
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(403);
    expect(await member(ada.id)).toEqual({ role: 1, status: 1 });
    expect(await member(ben.id)).toEqual({ role: 2, status: 1 });
    // The same answer as the same request arriving afterwards.
    const after = await change(ben.token, 'role', 2, ada.id);
    expect([after.status, after.body.error?.code]).toEqual([403, b.body.error?.code]);
  });

  it('deactivating each other: the second is refused as a deactivated person would be, and one Admin remains', async () => {
    const ada = await colleague('omar.admin', 1);
    const cara = await colleague('cara.admin', 1);
    let first!: ReturnType<typeof start>;
    let second!: ReturnType<typeof start>;
    await holding(cara.id, async () => {
      first = start(change(ada.token, 'status', 2, cara.id));
      await waitsOrEnds(first, 1);
      second = start(change(cara.token, 'status', 2, ada.id));
      await waitsOrEnds(second, 2);
    });
    const [a, b] = [await first.answer, await second.answer];
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(401);
    expect(await member(ada.id)).toEqual({ role: 1, status: 1 });
    expect(await member(cara.id)).toEqual({ role: 1, status: 2 });
    const after = await change(cara.token, 'status', 2, ada.id);
    expect([after.status, after.body.error?.code]).toEqual([401, b.body.error?.code]);
  });

  it('through the generic edit too: the second is refused, and one Admin remains', async () => {
    const ada = await colleague('oona.admin', 1);
    const dan = await colleague('dan.admin', 1);
    const edit = (token: string, id: number) =>
      t.http.put(`/api/v1/company-users/User:${id}`).set(bearer(token)).send({ role: 2 });
    let first!: ReturnType<typeof start>;
    let second!: ReturnType<typeof start>;
    await holding(dan.id, async () => {
      first = start(edit(ada.token, dan.id));
      await waitsOrEnds(first, 1);
      second = start(edit(dan.token, ada.id));
      await waitsOrEnds(second, 2);
    });
    const [a, b] = [await first.answer, await second.answer];
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(403);
    expect(await member(ada.id)).toEqual({ role: 1, status: 1 });
    expect(await member(dan.id)).toEqual({ role: 2, status: 1 });
  });
});

describe('A deletion handing work to a colleague deactivated at the same moment', () => {
  it('is refused on transferTo, and the projects stay with the leaver until a fresh choice', async () => {
    const ada = await colleague('otto.admin', 1);
    const leaver = await colleague('lee.leaver', 2);
    const heir = await colleague('hal.heir', 2);
    const jobTitle = await t.knex('job_titles').first('id');
    const country = await t.knex('countries').first('id');
    const [project] = await t
      .knex('projects')
      .insert({
        title: 'Handover',
        company_id: acme,
        owner_id: leaver.id,
        job_title_id: jobTitle.id,
        countries: [country.id],
        headcount: 1,
        salary_min: 1000,
        salary_max: 2000,
      })
      .returning('id');
    let deactivation!: ReturnType<typeof start>;
    let deletion!: ReturnType<typeof start>;
    await holding(heir.id, async () => {
      deactivation = start(change(ada.token, 'status', 2, heir.id));
      await waitsOrEnds(deactivation, 1);
      deletion = start(
        t.http.delete(`/api/v1/company-users/User:${leaver.id}?transferTo=User:${heir.id}`).set(bearer(admin)),
      );
      await waitsOrEnds(deletion, 2);
    });
    const [off, gone] = [await deactivation.answer, await deletion.answer];
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(gone.status, JSON.stringify(gone.body)).toBe(400);
    expect(gone.body.error?.fields).toEqual({ transferTo: 'transferTo.errors.invalid' });
    expect(await member(heir.id)).toEqual({ role: 2, status: 2 });
    expect(await member(leaver.id)).toEqual({ role: 2, status: 1 });
    expect((await t.knex('projects').where('id', project.id).first('owner_id')).owner_id).toBe(leaver.id);

    // Handed to an active colleague instead, the deletion goes through.
    const res = await t.http
      .delete(`/api/v1/company-users/User:${leaver.id}?transferTo=User:${ada.id}`)
      .set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.knex('projects').where('id', project.id).first('owner_id')).owner_id).toBe(ada.id);
  });
});
