import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { cleanPhone } from '../../schema/validation/phone';

describe('Phone numbers are taken the way the region writes them and stored in E.164', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let memberId: number;
  beforeAll(async () => {
    t = await testApp();
    admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    memberId = (await t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
  });

  it.each([
    ['+65 9123 4567', '+6591234567'],
    ['+659 123 4567', '+6591234567'],
    ['+65 8123-4567', '+6581234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.456789012', '555.123.456789012'],
    ['+65 1234 5678', undefined],
    ['12-34', undefined],
    ['', undefined],
  ])('%s is stored as %s', (typed, stored) => {
    expect(cleanPhone(typed)).toBe(stored);
  });

  it('A Singapore mobile typed with its usual spacing is saved and read back in E.164', async () => {
    const res = await t.http
      .put(`/api/v1/company-users/User:${memberId}`)
      .set(admin)
      .send({ phone: '+65 9123 4567' })
      .expect(200);
    expect(res.body.phone).toBe('+6591234567');
    expect((await t.knex('company_users').where('id', memberId).first('phone')).phone).toBe('+6591234567');
  });

  it('A number no country has is refused as a field error and changes nothing', async () => {
    const before = (await t.knex('company_users').where('id', memberId).first('phone')).phone;
    const res = await t.http
      .put(`/api/v1/company-users/User:${memberId}`)
      .set(admin)
      .send({ phone: '+65 1234 5678' })
      .expect(400);
    expect(res.body.error.fields).toEqual({ phone: 'phone.errors.invalid' });
    expect((await t.knex('company_users').where('id', memberId).first('phone')).phone).toBe(before);
  });
});
