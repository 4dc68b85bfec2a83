/**
 * Whose allowance a request spends: a person's limits are keyed by role and id (community user 7 is not candidate
 * 7), a client's per-IP limits by its IPv4 address or its IPv6 /64 (the block one client may rotate within), and a
 * profile opened from search spends the same allowance of views as the insights' logging route, past which the
 * profile is still served but no view is logged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('Limits keyed by person and by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production limits, behind a proxy on this machine that names each client in X-Forwarded-For.
    t = await testApp({
      rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 },
      trustProxy: ['loopback'],
    });
  });

  it("A community user with a candidate's id spends their own data-rights allowance, not the candidate's", async () => {
    const candidate = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
    await t.knex('community_users').where('id', candidate.id).delete();
    await t.knex('community_users').insert({
      id: candidate.id,
      email: 'twin@community.example.org',
      first_name: 'Twin',
      last_name: 'Id',
      status: 1,
    });
    const community = await t.login('twin@community.example.org');
    const own = await t.login('candidate@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await t.http.post('/api/v1/data-rights/export').set(bearer(community))).status);
    // Counted before the refusal (403), then refused as too many: their own allowance.
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const res = await t.http.post('/api/v1/data-rights/export').set(bearer(own));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  });

  it('Addresses rotated within one IPv6 /64 share one per-IP limit; another /64 and IPv4 have their own', async () => {
    const ask = (ip: string, i: number) =>
      t.http
        .post('/api/v1/auth/send-magic-link')
        .set('X-Forwarded-For', ip)
        .send({ email: `v6.${i}.${ip.replace(/[:.]/g, '-')}@example.org` });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await ask(`2001:db8:1:2:${(i + 1).toString(16)}::${i}`, i)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // The same /64 however it is written.
    expect((await ask('2001:0db8:0001:0002:ffff:ffff:ffff:ffff', 99)).status).toBe(429);
    expect((await ask('2001:db8:1:3::1', 100)).status).toBe(200);
    expect((await ask('::ffff:198.51.100.40', 101)).status).toBe(200);
  });
});

describe('Profile views logged by opening a profile from search', () => {
  let w: SearchWorld;
  beforeAll(async () => {
    w = await searchWorld();
  });

  const viewRows = () => w.t.knex('candidate_search_or_view_logs').where('kind', 2).count({ n: '*' });
  const count = async () => Number((await viewRows())[0].n);

  it('Past the allowance the profile is still served but the view is not logged, and the logging route is refused', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    await w.t.knex('rate_limit_hits').where('key', 'like', 'profile-view:%').delete();
    const chloe = `Candidate:${w.ids.Chloe}`;
    for (let i = 0; i < 301; i += 1)
      await w.t.http.get(`/api/v1/search/candidates/${chloe}`).set(bearer(w.tokens.company)).expect(200);
    // Views are written after each answer: wait for them, then a little longer for any late one.
    for (let i = 0; i < 200 && (await count()) < 300; i += 1) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 500));
    expect(await count()).toBe(300);
    // One allowance for both ways of logging a view.
    const logged = await w.t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(bearer(w.tokens.company))
      .send({ candidateId: chloe });
    expect(logged.status).toBe(429);
    await w.t.knex('rate_limit_hits').where('key', 'like', 'profile-view:%').delete();
    await w.t.knex('candidate_search_or_view_logs').delete();
  }, 120_000);

  it("A search's appearances spend the allowance of logged search pages the logging route spends", async () => {
    await w.t.knex('rate_limit_hits').where('key', 'like', 'search-appearance:%').delete();
    expect((await w.search('ts=engineer')).body.docs.length).toBeGreaterThan(0);
    const hits = () => w.t.knex('rate_limit_hits').where('key', 'like', 'search-appearance:%').pluck('key');
    for (let i = 0; i < 100 && !(await hits()).length; i += 1) await new Promise((r) => setTimeout(r, 20));
    const [key] = await hits();
    expect(key).toMatch(/^search-appearance:company:\d+$/);
    await w.t.knex('rate_limit_hits').insert(Array.from({ length: 299 }, () => ({ key })));
    await w.t.knex('candidate_search_or_view_logs').delete();
    // The search is answered; its appearances are not logged.
    expect((await w.search('ts=engineer')).body.docs.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await w.t.knex('candidate_search_or_view_logs').where('kind', 1)).toEqual([]);
    const logged = await w.t.http
      .post('/api/v1/candidate-search-or-view-log/search-appearance')
      .set(bearer(w.tokens.company))
      .send({ candidates: [`Candidate:${w.ids.Chloe}`] });
    expect(logged.status).toBe(429);
    await w.t.knex('rate_limit_hits').where('key', 'like', 'search-appearance:%').delete();
  });
});
