/**
 * A candidate's profile picture leaves through the candidate gate too: its address works for the candidate, for
 * admins, and for a company only while the company may see the candidate at all. A company that kept the address
 * loses the picture once the candidate withdraws the consent to be shown to companies or pauses; no shared cache
 * keeps it. Company users' pictures stay public.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe("A candidate's picture, by who asks and what the candidate chose", () => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  let picture: string;

  beforeAll(async () => {
    t = await testApp();
    for (const [who, email] of [
      ['candidate', 'candidate@example.com'],
      ['company', 'owner@acme.example.com'],
      ['admin', 'admin@example.com'],
    ])
      as[who] = { Authorization: `Bearer ${await t.login(email)}` };
    const saved = await t.http
      .put('/api/v1/auth/account')
      .set(as.candidate)
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    picture = saved.body.data.profilePic;
    expect(picture).toMatch(/^\/uploads\/profile-pics\/.+\.png$/);
  });

  const fetchAs = (who?: string) => t.http.get(picture).set(who ? as[who] : {});

  it('While shown: the candidate, an admin and a company get it, kept privately for a minute; a stranger does not', async () => {
    for (const who of ['candidate', 'admin', 'company']) {
      const res = await fetchAs(who).expect(200);
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
      expect(res.headers['cache-control']).toBe('private, max-age=60');
    }
    await fetchAs().expect(404);
  });

  it('Once the candidate withdraws the consent to be shown to companies, a company that kept the address gets 404', async () => {
    await t.http.put('/api/v1/data-rights/consents').set(as.candidate).send({ shownToCompanies: false }).expect(200);
    await fetchAs('company').expect(404);
    await fetchAs('candidate').expect(200);
    await fetchAs('admin').expect(200);
    await t.http.put('/api/v1/data-rights/consents').set(as.candidate).send({ shownToCompanies: true }).expect(200);
    await fetchAs('company').expect(200);
  });

  it("A company user's picture stays public and cached for good", async () => {
    const saved = await t.http
      .put('/api/v1/auth/account')
      .set(as.company)
      .field('firstName', 'Olivia')
      .field('lastName', 'Tan')
      .field('email', 'owner@acme.example.com')
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    const res = await t.http.get(saved.body.data.profilePic).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("A picture no candidate holds is looked up among admins' and company users' pictures by index, not by a scan of every account", async () => {
    await t.knex.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      for (const table of ['admins', 'company_users']) {
        const { rows } = await trx.raw(`explain (format json) select 1 from ${table} where profile_pic = ?`, [picture]);
        expect(JSON.stringify(rows[0]['QUERY PLAN'])).not.toContain('Seq Scan');
      }
    });
  });
});
