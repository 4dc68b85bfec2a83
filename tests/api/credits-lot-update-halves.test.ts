/**
 * An admin's update of a lot checks only what the admin changes (spec section 5's rules are about what
 * an admin types): a lot left holding a half credit by a guarantee keeps it when only its expiry moves,
 * and a lot expiring today keeps that expiry when only its amount changes. A changed amount must still
 * be a whole number and a changed expiry fall from tomorrow to 5 years ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS, expiryWindow } from '../../schema/rules/credits';
import type { TestApp } from '../helpers/app';
import { balance, projectBody, projectId, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let raas: number;

beforeAll(async () => {
  ({ t, p, raas } = await projectsApp());
  await t.knex('projects').where('company_id', raas).update({ status: 3 });
  await t.knex('credit_logs').where('company_id', raas).del();
  await t.knex('credit_lots').where('company_id', raas).del();
  await t.knex('companies').where('id', raas).update({ trial_ends_at: null });
});
afterAll(async () => {
  await t?.knex.destroy();
});

const today = () => new Date().toISOString().slice(0, 10);
const put = (lotId: string, noOfCredits: unknown, expiryDate: string) =>
  p
    .as('general')
    .put(`/credit/${lotId}`, { companyId: `Company:${raas}`, creditDataId: lotId, noOfCredits, expiryDate });
const lotRow = (lotId: string) =>
  t
    .knex('credit_lots')
    .where('id', Number(lotId.replace('Credit:', '')))
    .first(t.knex.raw('remaining::float as remaining'), 'expiry_date');

/** A 10-credit lot granted by an admin, then a Power project (1) and a guarantee (0.5) taken from it. */
async function lotWithAHalf(): Promise<string> {
  const granted = await p.as('general').post('/credit', { companyId: `Company:${raas}`, noOfCredits: 10 });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [candidate] = (await t.knex('candidates').where('status', 1).orderBy('id').limit(1).pluck('id')) as number[];
  await t.knex('project_candidates').insert({
    project_id: projectId(created.body.data.id),
    candidate_id: candidate,
    company_id: raas,
    stage: 4,
    interview_scheduled_at: new Date(),
  });
  const guaranteed = await p
    .as('raasAdmin')
    .post('/projects/guarantee', { projectId: created.body.data.id, candidateId: `Candidate:${candidate}` });
  expect(guaranteed.status, JSON.stringify(guaranteed.body)).toBe(200);
  return granted.body.creditDataId as string;
}

describe("An admin's update of a lot", () => {
  it('a lot holding a half credit keeps it when only its expiry moves; a changed amount must be whole', async () => {
    const lotId = await lotWithAHalf();
    expect(await lotRow(lotId)).toMatchObject({ remaining: 8.5 });
    const later = expiryWindow().max;

    const res = await put(lotId, 8.5, later);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(8.5);
    expect(await balance(t.knex, raas)).toBe(8.5);
    expect(await lotRow(lotId)).toEqual({ remaining: 8.5, expiry_date: later });
    const last = await t
      .knex('credit_logs')
      .where('company_id', raas)
      .orderBy('id', 'desc')
      .first('action', t.knex.raw('amount::float as amount'), 'note');
    expect(last).toMatchObject({
      action: CREDIT_ACTIONS.updatedByAdmin,
      amount: 0,
      note: expect.stringMatching(/^Expiry /),
    });

    // The lot's own amount as a string, as the dialog sends it, stands too.
    expect((await put(lotId, '8.5', later)).status).toBe(200);
    // A changed amount follows the admin's rule: whole numbers only.
    const half = await put(lotId, 7.5, later);
    expect(half.status).toBe(400);
    expect(half.body.error.fields).toMatchObject({ noOfCredits: 'noOfCredits.errors.NotWholeNumber' });
    expect(await lotRow(lotId)).toMatchObject({ remaining: 8.5 });
    expect((await put(lotId, 8, later)).status).toBe(200);
    expect(await lotRow(lotId)).toMatchObject({ remaining: 8 });
  });

  it('a lot expiring today keeps that expiry when only its amount changes; moving an expiry to today is refused', async () => {
    const granted = await p
      .as('general')
      .post('/credit', { companyId: `Company:${raas}`, noOfCredits: 3, expiryDate: expiryWindow().default });
    expect(granted.status).toBe(201);
    const lotId = granted.body.creditDataId as string;
    await t
      .knex('credit_lots')
      .where('id', Number(lotId.replace('Credit:', '')))
      .update({ expiry_date: today() });

    const res = await put(lotId, 5, today());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lotRow(lotId)).toEqual({ remaining: 5, expiry_date: today() });

    const other = await p.as('general').post('/credit', { companyId: `Company:${raas}`, noOfCredits: 2 });
    const moved = await put(other.body.creditDataId, 2, today());
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields).toMatchObject({ expiryDate: 'expiryDate.errors.tooSoon' });
  });
});
