/**
 * On the account page (PUT /auth/account) a phone number written the national way is read in the person's country,
 * as the profile form reads it: a candidate's current location's, a company user's company's when it has exactly one
 * country. Where no country is known (a company in two countries) it asks for the country code, as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';

let t: TestApp;
let singapore: number;

const countryId = async (code: string) => (await t.knex('countries').where({ code }).first('id')).id as number;

const savePhone = (token: string, phone: string) =>
  t.http.put('/api/v1/auth/account').set(bearer(token)).field('phone', phone);

beforeAll(async () => {
  t = await testApp();
  singapore = (await t.knex('cities').where({ code: 'SG' }).orderBy('id').first('id')).id;
});

describe('A national phone number on the account page', () => {
  it('A candidate living in Singapore saves 9123 4567 and it is stored +6591234567', async () => {
    const token = await t.login('candidate@example.com');
    await t.knex('candidates').where('email', 'candidate@example.com').update({ current_location_id: singapore });
    const res = await savePhone(token, '9123 4567');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.phone).toBe('+6591234567');
    const stored = await t.knex('candidates').where('email', 'candidate@example.com').first('phone');
    expect(stored.phone).toBe('+6591234567');
    // The page reads the number as the server does: it is told the country.
    expect((await t.http.get('/api/v1/auth/account').set(bearer(token))).body.phoneCountry).toBe('SG');
  });

  it('A company user of a company in Singapore alone saves it; a company in two countries asks for the code', async () => {
    const token = await t.login('owner@acme.example.com');
    const { company_id: companyId } = await t.knex('company_users').where('email', 'owner@acme.example.com').first();
    await t
      .knex('companies')
      .where('id', companyId)
      .update({ countries: [await countryId('SG')] });
    const res = await savePhone(token, '9123 4567');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.phone).toBe('+6591234567');

    await t
      .knex('companies')
      .where('id', companyId)
      .update({ countries: [await countryId('SG'), await countryId('GB')] });
    const refused = await savePhone(token, '8123 4567');
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ phone: 'phone.errors.countryCode' });
    expect((await savePhone(token, '+65 8123 4567')).body.data.phone).toBe('+6581234567');
  });
});
