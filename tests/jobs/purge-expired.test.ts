import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

describe('The nightly purge of expired secrets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('Deletes sessions and codes a day past expiry and keeps live ones', async () => {
    const token = await t.login('admin@example.com');
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'advocate@example.com' }).expect(200);
    const old = new Date(Date.now() - 2 * 86400_000);
    await t.knex('email_codes').where('email', 'advocate@example.com').update({ expires_at: old });
    const [stale] = await t
      .knex('sessions')
      .insert({ token_hash: 'f'.repeat(64), actor_kind: 1, actor_id: 1, expires_at: old })
      .returning('id');

    await t.knex.raw("select graphile_worker.add_job('purge_expired', '{}'::json)");
    await runJobs(t);

    expect(await t.knex('sessions').where('id', stale.id).first()).toBeUndefined();
    expect(await t.knex('email_codes').where('email', 'advocate@example.com').first()).toBeUndefined();
    await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(200);
  });
});
