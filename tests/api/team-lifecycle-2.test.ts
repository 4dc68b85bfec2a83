/**
 * A company's people and its approval keep to their rules however the console writes them:
 * - a company user stays with the company they were created in (companyId is fixed after create);
 * - a company the console created active was approved then: held and released, it is not approved again;
 * - an Owner is never created pending (nobody could activate, demote, delete or invite them afterwards);
 * - two admins approving the same pending company at once approve it once: one email, one trial date.
 */
import type { Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { entity as entityNamed } from '../../schema';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';
import { samplePayload } from '../helpers/samples';
import { signUpCompany } from '../helpers/signup';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
let acme: number;
let globex: number;

const companyIdOf = async (name: string) => (await t.knex('companies').where('company_name', name).first('id')).id;
const approvals = async (email: string) => (await mailsTo(t.knex, email)).filter((m) => /is approved/.test(m.subject));
const trialOf = async (id: number) =>
  (await t.knex('companies').where('id', id).first(t.knex.raw(`to_char(trial_ends_at, 'YYYY-MM-DD') as trial`)))
    .trial as string | null;
const companyStatus = (id: number, status: number) =>
  t.http
    .put('/api/v1/companies/status')
    .set(bearer(admin))
    .send({ ids: [`Company:${id}`], status });
const person = (email: string, companyId: number, role: number, status: number) => ({
  firstName: 'Kim',
  lastName: 'Lee',
  email,
  phone: '+659 123 45678',
  jobTitle: 'Recruiter',
  companyId: `Company:${companyId}`,
  role,
  status,
});

/** Sends a request now; `settled` tells whether its answer has come. */
function start(request: Test) {
  const state = { settled: false, answer: undefined as unknown as Promise<{ status: number; body: unknown }> };
  state.answer = request.then((res) => {
    state.settled = true;
    return res;
  });
  return state;
}

/** Resolves once `n` other sessions wait on a lock, or once `request` is answered. */
async function waitsOrEnds(request: { settled: boolean }, n: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (request.settled || rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('nothing came to wait');
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  acme = await companyIdOf('Acme');
  globex = await companyIdOf('Globex Analytics');
});

describe('A company user moved to another company in the console', () => {
  it('is refused on companyId and stays with their company; the record sent back as it is still saves', async () => {
    const member = await t.knex('company_users').where('email', 'member@acme.example.com').first('id');
    const moved = await t.http
      .put(`/api/v1/company-users/User:${member.id}`)
      .set(bearer(admin))
      .send({ companyId: `Company:${globex}` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(400);
    expect(moved.body.error.fields).toEqual({ companyId: 'companyId.errors.fixed' });
    expect((await t.knex('company_users').where('id', member.id).first('company_id')).company_id).toBe(acme);

    const same = await t.http
      .put(`/api/v1/company-users/User:${member.id}`)
      .set(bearer(admin))
      .send({ companyId: `Company:${acme}`, jobTitle: 'Analyst' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ jobTitle: 'Analyst' });
  });
});

describe('A company the console created active, held and released', () => {
  it('is released, not approved: no trial starts and its Owner is not told of an approval', async () => {
    const created = await t.http
      .post('/api/v1/companies')
      .set(bearer(admin))
      .send(
        await samplePayload(t.knex, entityNamed('company'), {
          companyName: 'Initrode Staffing',
          companyType: 4,
          status: 1,
          validDomains: ['initrode.example.com'],
          trialEndsAt: null,
        }),
      );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = await companyIdOf('Initrode Staffing');
    const owner = await t.http
      .post('/api/v1/company-users')
      .set(bearer(admin))
      .send(person('olga@initrode.example.com', id, 0, 1));
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);

    expect((await companyStatus(id, 0)).status).toBe(200);
    const released = await companyStatus(id, 1);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await trialOf(id)).toBeNull();
    expect(await approvals('olga@initrode.example.com')).toEqual([]);
  });

  it('as a company approved before (the demo data), keeps its trial date and its people hear nothing', async () => {
    const trial = await trialOf(globex);
    const { email: owner } = await t.knex('company_users').where({ company_id: globex, role: 0 }).first('email');
    const before = await mailsTo(t.knex, owner);
    expect((await companyStatus(globex, 0)).status).toBe(200);
    expect((await companyStatus(globex, 1)).status).toBe(200);
    expect(await trialOf(globex)).toBe(trial);
    expect(await mailsTo(t.knex, owner)).toHaveLength(before.length);
  });
});

describe('An Owner created pending in the console', () => {
  it('is refused on status, and nothing is stored', async () => {
    const res = await t.http
      .post('/api/v1/company-users')
      .set(bearer(admin))
      .send(person('pending.owner@acme.example.com', acme, 0, 0));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ status: 'status.errors.ownerPending' });
    expect(await t.knex('company_users').where('email', 'pending.owner@acme.example.com').first('id')).toBeUndefined();
  });

  it('an active Owner and a pending Member are still created', async () => {
    const owner = await t.http
      .post('/api/v1/company-users')
      .set(bearer(admin))
      .send(person('second.owner@acme.example.com', acme, 0, 1));
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    const pending = await t.http
      .post('/api/v1/company-users')
      .set(bearer(admin))
      .send(person('pending.member@acme.example.com', acme, 2, 0));
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
  });
});

describe('Two admins approving the same pending company at once', () => {
  it('approve it once: one approval email, one trial date, and the second answers as a release', async () => {
    const email = 'ada@hooli.example.com';
    const id = await signUpCompany(t, { email, companyName: 'Hooli Labs' });
    // The same admin signed in twice stands for two admins: each request in its own session.
    const other = await t.login('admin@example.com');
    let first!: ReturnType<typeof start>;
    let second!: ReturnType<typeof start>;
    const busy = await t.knex.transaction();
    try {
      await busy.raw('select 1 from companies where id = ? for update', [id]);
      first = start(companyStatus(id, 1));
      await waitsOrEnds(first, 1);
      second = start(
        t.http
          .put('/api/v1/companies/status')
          .set(bearer(other))
          .send({ ids: [`Company:${id}`], status: 1 }),
      );
      await waitsOrEnds(second, 2);
    } finally {
      await busy.commit();
    }
    const [a, b] = [await first.answer, await second.answer];
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const mails = await approvals(email);
    expect(mails).toHaveLength(1);
    const trial = await trialOf(id);
    expect(trial).not.toBeNull();
    expect(mails[0].text).toContain('free trial runs until');
  });
});
