/**
 * Outside production the outbox can be read without SMTP: as JSON at /api/v1/dev/outbox and as a
 * page at /dev/mailbox. In production neither exists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { queueEmail } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';

describe('The development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it('lists every email sent, newest first, with its text, HTML and extra headers', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'admin@example.com' }).expect(200);
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'candidate@example.com' }).expect(200);
    const res = await t.http.get('/api/v1/dev/outbox').expect(200);
    expect(res.body.slice(0, 2).map((m: { to: string }) => m.to)).toEqual([
      'candidate@example.com',
      'admin@example.com',
    ]);
    for (const mail of res.body) {
      expect(Object.keys(mail).sort()).toEqual(['createdAt', 'headers', 'html', 'subject', 'text', 'to']);
      expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);
    }
    const code = await t.lastCode('admin@example.com');
    const admin = res.body.find((m: { to: string }) => m.to === 'admin@example.com');
    expect(admin.subject).toContain(code);
    expect(admin.text).toContain(code);
    expect(admin.html).toContain(code);
  });

  it('filters by recipient, whatever the case of the address', async () => {
    const res = await t.http.get('/api/v1/dev/outbox?to=Admin@Example.com').expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(new Set(res.body.map((m: { to: string }) => m.to))).toEqual(new Set(['admin@example.com']));
  });

  it('shows the emails on the mailbox page, escaped', async () => {
    await queueEmail(t.knex, {
      to: 'tester@example.com',
      subject: 'Hello <b>there</b>',
      text: 'Line with <script>alert(1)</script>',
    });
    const res = await t.http.get('/dev/mailbox').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('tester@example.com');
    expect(res.text).toContain('Hello &#60;b&#62;there&#60;/b&#62;');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain(`sign-in code`);
  });
});

describe('In production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: 'production', secret: 'x' });
  });

  it('neither the outbox nor the mailbox page exists', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'admin@example.com' }).expect(200);
    const api = await t.http.get('/api/v1/dev/outbox');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('errors.notFound');
    const page = await t.http.get('/dev/mailbox');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('admin@example.com');
  });
});
