import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam } from '../helpers/mailbox';

/**
 * A candidate's own account page writes through the candidates' one write path: the address and phone they change
 * there are the keys their likely twins are found by, so the keys follow at once.
 */
describe('A candidate’s account page keeps their match keys', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let id: number;
  beforeAll(async () => {
    t = await testApp();
    auth = { Authorization: `Bearer ${await t.login('candidate@example.com')}` };
    ({ id } = await t.knex('candidates').where('email', 'candidate@example.com').first('id'));
  });

  const keys = async (kind: number) =>
    (await t.knex('candidate_match_keys').where({ candidate_id: id, kind }).pluck('key')) as string[];

  it('A new phone and a confirmed new address replace the old keys', async () => {
    await t.http
      .put('/api/v1/auth/account')
      .set(auth)
      .field('phone', '+65 8123 4567')
      .field('email', 'moved.on@example.org')
      .expect(200);
    // Phones are keyed by their digits, so '+65 8123 4567' and '6581234567' are one number.
    expect(await keys(2)).toEqual(['6581234567']);
    expect(await keys(1)).toEqual(['candidate@example.com']);

    const code = await linkParam(t.knex, 'moved.on@example.org', '/auth/confirm-email', 'code');
    await t.http.post('/api/v1/auth/confirm-email').set(auth).send({ code }).expect(200);
    expect(await keys(1)).toEqual(['moved.on@example.org']);
  });
});
