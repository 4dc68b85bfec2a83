/**
 * The list of recent imports the console shows on its import screen: admins read it newest first, paged,
 * with who started each and whether its report is ready; a company user, a guest and bad paging are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

const HEADER = 'email,firstName,lastName,currentLocation';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const upload = (name: string, body: string) =>
  t.http
    .post('/api/v1/candidates/imports')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', Buffer.from(body), name)
    .expect(201);

describe('GET /candidates/imports', () => {
  it('lists the imports newest first, paged, with who started each', async () => {
    const first = await upload('list-first.csv', `${HEADER}\nlist.one@import.example.com,A,B,Singapore (SG)\n`);
    const second = await upload('list-second.csv', `${HEADER}\nlist.two@import.example.com,A,B,Singapore (SG)\n`);
    const res = await t.http.get('/api/v1/candidates/imports').set('Authorization', `Bearer ${admin}`).expect(200);
    const ids = res.body.data.map((r: { id: string }) => r.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(ids.indexOf(first.body.id)).toBeGreaterThanOrEqual(0);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    expect(res.body.data[ids.indexOf(second.body.id)]).toMatchObject({
      fileName: 'list-second.csv',
      startedBy: expect.any(String),
      reportAvailable: expect.any(Boolean),
    });
    expect(res.body.data[0]).not.toHaveProperty('fileKey');
    expect(res.body.data[0]).not.toHaveProperty('reportKey');
    const paged = await t.http
      .get('/api/v1/candidates/imports?perPage=1&page=2')
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].id).toBe(ids[1]);
  });

  it('refuses bad paging with a field-level 400', async () => {
    const res = await t.http
      .get('/api/v1/candidates/imports?perPage=500')
      .set('Authorization', `Bearer ${admin}`)
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('perPage');
  });

  it('is not open to a company user or a guest', async () => {
    const company = await t.login('owner@acme.example.com');
    const res = await t.http.get('/api/v1/candidates/imports').set('Authorization', `Bearer ${company}`);
    expect([403, 404]).toContain(res.status);
    await t.http.get('/api/v1/candidates/imports').expect(401);
  });
});
