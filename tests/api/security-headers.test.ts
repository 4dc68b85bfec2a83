/**
 * Browser security headers: pages run only our own scripts and cannot be framed; API answers,
 * uploaded files and downloads are data that never render as a page of our origin; HSTS in
 * production only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../backend/adapters/storage/select';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const csp = (res: { headers: Record<string, string> }) =>
  Object.fromEntries(
    (res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('Pages: the portal, the console and the development mailbox', () => {
  it.each(['/', '/login', '/admin/', '/admin/login', '/dev/mailbox'])(
    '%s runs only our own scripts, cannot be framed and is not sniffed',
    async (path) => {
      const res = await t.http.get(path);
      const policy = csp(res);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('In production every answer asks browsers to keep to HTTPS, and pages upgrade their requests', async () => {
    const prod = await testApp({ env: 'production' });
    for (const path of ['/', '/api/v1/auth/check/user', '/health']) {
      const res = await prod.http.get(path);
      expect(res.headers['strict-transport-security'], path).toMatch(/max-age=31536000/);
    }
    expect(csp(await prod.http.get('/'))['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('Data: API answers, uploaded files and downloads', () => {
  it('API answers carry a policy that allows nothing and sandboxes the document', async () => {
    for (const res of [
      await t.http.get('/api/v1/countries'),
      await t.http.get('/api/v1/auth/check/user'),
      await t.http.get('/api/v1/no-such-route'),
    ]) {
      expect(csp(res)['default-src']).toEqual(["'none'"]);
      expect(csp(res).sandbox).toEqual([]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('An uploaded .html or .svg file is never served, and HTML inside a picture is served as a sandboxed picture', async () => {
    const storage = storageFor(t.config);
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [data, ext] of [
      [page, 'html'],
      [svg, 'svg'],
      [page, 'htm'],
      [svg, 'xml'],
    ] as const) {
      const key = await storage.put(data, { folder: 'profile-pics', ext });
      const res = await t.http.get(`/uploads/${key}`);
      expect(res.status, ext).toBe(404);
      expect(res.headers['content-type'], ext).toMatch(/^application\/json/);
    }
    const disguised = await storage.put(page, { folder: 'profile-pics', ext: 'png' });
    // Held by an admin (a picture nobody holds is served to nobody).
    await t
      .knex('admins')
      .where('email', 'admin@example.com')
      .update({ profile_pic: `/uploads/${disguised}` });
    const res = await t.http.get(`/uploads/${disguised}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(res).sandbox).toEqual([]);
    expect(csp(res)['default-src']).toEqual(["'none'"]);
  });

  it('A download is an attachment of its own type, not sniffed, in a sandbox', async () => {
    const id = (await t.knex('candidates').where('email', 'candidate@example.com').first('id')).id;
    const res = await t.http
      .get(`/api/v1/candidates/get-pdf?id=Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(res).sandbox).toEqual([]);
  });
});
