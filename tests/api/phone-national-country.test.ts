/**
 * A phone number written the national way is read in the country the form knows, on the server as in the browser
 * (schema/validation/phone.ts): a candidate living in Singapore saves '9123 4567' and it is stored '+6591234567'; the
 * same in the console's talent form (an admin's save, a new profile too); a location sent with the number is the one
 * it is read in. Where no country is known (no current location; the company sign-up) a national number is refused
 * with "Add the country code", and an international one is taken as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentIds, type TalentIds } from '../helpers/talent';
import { t as translate } from '../../i18n';

let t: TestApp;
let candidate: string;
let admin: string;
let ids: TalentIds;
let demoId: string;
let singapore: number;
let london: number;

const phoneOf = async (id: string | number) =>
  (
    await t
      .knex('candidates')
      .where('id', Number(String(id).split(':').pop()))
      .first('phone')
  ).phone as string;

beforeAll(async () => {
  t = await testApp();
  candidate = await t.login('candidate@example.com');
  admin = await t.login('admin@example.com');
  ids = await talentIds(t.knex);
  demoId = (await t.http.get('/api/v1/candidates').set(bearer(candidate)).expect(200)).body[0].id;
  singapore = (await t.knex('cities').where({ code: 'SG' }).orderBy('id').first('id')).id;
  london = (await t.knex('cities').where({ code: 'GB', name: 'London' }).first('id')).id;
});

describe('A national phone number is read in the profile’s country', () => {
  it('A candidate in Singapore saves 9123 4567 and it is stored +6591234567', async () => {
    await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(candidate))
      .send({ currentLocationId: singapore })
      .expect(200);
    const res = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(candidate))
      .send({ phone: '9123 4567' })
      .expect(200);
    expect(res.body.phone).toBe('+6591234567');
    expect(await phoneOf(demoId)).toBe('+6591234567');
  });

  it('The location sent with the number is the one it is read in; an admin’s new profile too', async () => {
    await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(candidate))
      .send({ phone: '07911 123456', currentLocationId: london })
      .expect(200);
    expect(await phoneOf(demoId)).toBe('+447911123456');
    const made = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { phone: '8123 4567', currentLocationId: singapore }))
      .expect(201);
    expect(await phoneOf(made.body.id)).toBe('+6581234567');
  });

  it('Without a known country a national number asks for the country code', async () => {
    const res = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(candidate))
      .send({ phone: '9123 4567', currentLocationId: null })
      .expect(400);
    expect(res.body.error.fields).toEqual({ phone: 'phone.errors.countryCode' });
    expect(translate('phone.errors.countryCode')).toBe('Add the country code, e.g. +65 9123 4567');
    await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(bearer(candidate))
      .send({ phone: '+65 9123 4567', currentLocationId: null })
      .expect(200);
    expect(await phoneOf(demoId)).toBe('+6591234567');
  });

  it('The company sign-up knows no country: a national number asks for the country code', async () => {
    const res = await t.http
      .post('/api/v1/auth/company/self/signup/step-1')
      .send({
        firstName: 'Pat',
        lastName: 'Lee',
        email: `pat.${Date.now()}@northwind.example.com`,
        phone: '9123 4567',
        jobTitle: 'Recruiter',
        agreeTerms: true,
      })
      .expect(400);
    expect(res.body.error.fields).toEqual({ phone: 'phone.errors.countryCode' });
  });
});
