import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

describe('Sign-in by emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('An admin signs in with the code emailed to them and gets the session user', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'Admin@Example.com ' }).expect(200);
    const code = await t.lastCode('admin@example.com');
    const res = await t.http.post('/api/v1/auth/login-by-email-otp').send({ email: 'admin@example.com', otp: code }).expect(200);
    expect(res.body).toMatchObject({ status: 1, authorizedModules: ['*'], user: { email: 'admin@example.com', userRole: 1, adminId: expect.stringMatching(/^Admin:/) } });
    const check = await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
    expect(check.body.user.email).toBe('admin@example.com');
  });
});
