/**
 * Input the API used to drop or reset silently, now refused with a field-level 400: a misspelt or
 * unknown key on the endpoints whose defaults would act on its absence (cancel now instead of at the
 * cycle's end, a company-visible note, a deletion with no transfer), and an emptied field on update
 * that used to fall back to its default (a hidden, anonymous candidate made visible and named).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { payingCompany, projectBody, signInAll, type People } from '../helpers/projects';

let t: TestApp;
let p: People;

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Unknown keys on endpoints whose defaults act', () => {
  it('Cancelling with a misspelt "when" is refused and the Power project stays open', async () => {
    const raas = p.who('raasAdmin').actor.companyId as number;
    await t.knex('projects').where('company_id', raas).update({ status: 3 });
    await payingCompany(t.knex, raas, 2);
    const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await p.as('raasAdmin').post('/projects/cancel', { projectId: created.body.data.id, When: 'cycleEnd' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ When: 'errors.unknownField' });
    const row = await t
      .knex('projects')
      .where('id', Number(String(created.body.data.id).split(':').pop()))
      .first();
    expect(row).toMatchObject({ status: 0, cancel_at_cycle_end: false });
    const later = await p
      .as('raasAdmin')
      .post('/projects/cancel', { projectId: created.body.data.id, when: 'cycleEnd' });
    expect(later.body.data).toMatchObject({ status: 0, cancelAtCycleEnd: true });
  });

  it('A note with a misspelt "visibility" is refused, not stored company-visible', async () => {
    const candidate = await t.knex('candidates').orderBy('id').first('id');
    const before = await t.knex('candidate_notes').count({ n: '*' }).first();
    const res = await p
      .as('general')
      .post('/candidate-note', { candidateId: `Candidate:${candidate.id}`, note: 'internal', visibilty: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ visibilty: 'errors.unknownField' });
    expect(await t.knex('candidate_notes').count({ n: '*' }).first()).toEqual(before);
  });

  it('Deleting a colleague with a misspelt transfer is refused and nobody is deleted', async () => {
    const owner = p.as('companyAdmin');
    const companyId = p.who('companyAdmin').actor.companyId as number;
    const email = 'silent-drop-leaver@acme.example.com';
    expect((await owner.post('/company-users/invite', { email, role: 2 })).status).toBe(201);
    const leaver = (await t.knex('company_users').where('email', email).first('id')).id as number;
    await t.knex('company_users').where('id', leaver).update({ status: 1 });
    const to = (
      await t.knex('company_users').where({ company_id: companyId, email: 'member@acme.example.com' }).first('id')
    ).id as number;
    for (const query of [`transferTo[]=${to}`, `transfer_to=${to}`]) {
      const res = await owner.delete(`/company-users/User:${leaver}?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.values(res.body.error.fields)).toEqual(['errors.unknownField']);
      expect(await t.knex('company_users').where('id', leaver).first('id')).toBeDefined();
    }
    expect((await owner.delete(`/company-users/User:${leaver}?transferTo=User:${to}`)).status).toBe(200);
  });
});

describe('Emptying a defaulted field on update', () => {
  it('An admin cannot reset a hidden, anonymous candidate to visible and named with nulls', async () => {
    const candidate = await t.knex('candidates').orderBy('id', 'desc').first('id');
    const path = `/candidates/Candidate:${candidate.id}`;
    const hide = await p.as('general').put(path, { visibility: false, anonymous: true });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    for (const empty of [null, '']) {
      const res = await p.as('general').put(path, { visibility: empty, anonymous: empty });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        visibility: 'visibility.errors.required',
        anonymous: 'anonymous.errors.required',
      });
    }
    expect(await t.knex('candidates').where('id', candidate.id).first('visibility', 'anonymous')).toEqual({
      visibility: false,
      anonymous: true,
    });
    expect((await p.as('general').put(path, { visibility: true, anonymous: false })).status).toBe(200);
  });

  it("A candidate's null anonymity or salary currency is refused, not reset to the default", async () => {
    const me = `/candidates/Candidate:${p.who('candidate').actor.id}`;
    const anon = await p.as('candidate').put(me, { anonymous: null });
    expect(anon.status).toBe(400);
    expect(anon.body.error.fields).toEqual({ anonymous: 'anonymous.errors.required' });
    const currency = await p.as('candidate').put(me, { expectedSalaryCurrency: null });
    expect(currency.status).toBe(400);
    expect(currency.body.error.fields).toEqual({ expectedSalaryCurrency: 'expectedSalaryCurrency.errors.required' });
  });
});
