/**
 * Pending (0) is a hold as well as the state of a new sign-up: a company that was approved before and is
 * held, then made active again, is released, not approved. Its trial date stays (a trial that ended in 2020
 * does not start again, so plan charges keep taking credits), and none of its people is emailed (no approval,
 * no invitations, no rejection), by the console's edit or its bulk status change. A first approval still
 * starts the trial (tests/api/accounts-signup.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { balance, projectBody, projectId, freshPayingCompany } from '../helpers/projects';
import { bearer } from '../helpers/talent';

const OWNER = 'owner@raas.example.com';
const ENDED = '2020-01-31';

let t: TestApp;
let admin: string;
let raas: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  raas = (await t.knex('company_users').where('email', OWNER).first('company_id')).company_id as number;
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The RaaS company with no open projects, 3 credits and the trial date `trial` (null: none). */
async function fresh(trial: string | null) {
  await freshPayingCompany(t.knex, raas, 3);
  await t.knex('companies').where('id', raas).update({ trial_ends_at: trial });
}

const trialOf = async () =>
  (await t.knex('companies').where('id', raas).first(t.knex.raw(`to_char(trial_ends_at, 'YYYY-MM-DD') as trial`)))
    .trial as string | null;

/** Everything emailed to the company's people (its owner hears of an approval, invitees get their links). */
const companyMails = async () =>
  (await t
    .knex('outbox_emails')
    .whereIn('to', t.knex('company_users').where('company_id', raas).select('email'))
    .orderBy('id')
    .pluck('subject')) as string[];

const edit = (body: Record<string, unknown>) =>
  t.http.put(`/api/v1/companies/Company:${raas}`).set(bearer(admin)).send(body);
const bulk = (status: number) =>
  t.http
    .put('/api/v1/companies/status')
    .set(bearer(admin))
    .send({ ids: [`Company:${raas}`], status });

/** After the release the owner signs in again (the hold ended their session) and opens a Power project. */
async function powerProjectCharge() {
  const owner = client(t, await t.login(OWNER));
  const res = await owner.post('/projects/create', await projectBody(t.knex, { plan: 2 }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [entry] = await t.knex('credit_logs').where('project_id', projectId(res.body.data.id));
  expect(entry.action).toBe(CREDIT_ACTIONS.projectCreation);
  expect(entry.note).not.toBe('Free trial');
  expect(Number(entry.amount)).toBe(-1);
  expect(await balance(t.knex, raas)).toBe(2);
}

describe('A company held, then released', () => {
  it('by the console edit keeps its ended trial, pays for plans, and is not emailed an approval', async () => {
    await fresh(ENDED);
    const before = await companyMails();
    expect((await edit({ status: 0 })).status).toBe(200);
    // The console sends the whole record back, the trial date untouched among it.
    const released = await edit({ status: 1, trialEndsAt: ENDED });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ status: 1, trialEndsAt: ENDED });
    expect(await trialOf()).toBe(ENDED);
    expect(await companyMails()).toEqual(before);
    await powerProjectCharge();
  });

  it('by the bulk status change keeps its ended trial, pays for plans, and is not emailed an approval', async () => {
    await fresh(ENDED);
    const before = await companyMails();
    expect((await bulk(0)).status).toBe(200);
    expect((await bulk(1)).status).toBe(200);
    expect(await companyMails()).toEqual(before);
    expect(await trialOf()).toBe(ENDED);
    await powerProjectCharge();
  });

  it('without a trial date, its people having signed in, gets no trial either', async () => {
    await fresh(null);
    await t.login(OWNER);
    const before = await companyMails();
    expect((await edit({ status: 0 })).status).toBe(200);
    expect((await edit({ status: 1 })).status).toBe(200);
    expect(await trialOf()).toBeNull();
    expect(await companyMails()).toEqual(before);
    await powerProjectCharge();
  });

  it('held, then suspended, is not told it was rejected', async () => {
    await fresh(ENDED);
    const before = await companyMails();
    expect((await edit({ status: 0 })).status).toBe(200);
    expect((await edit({ status: 2 })).status).toBe(200);
    expect(await companyMails()).toEqual(before);
    expect((await edit({ status: 1 })).status).toBe(200);
    expect(await trialOf()).toBe(ENDED);
  });
});
