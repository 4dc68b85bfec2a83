/**
 * A merge ends the merged profile's sessions and sign-in keys rather than moving them to the survivor: each proved the
 * merged person's address, not the survivor's, so the merged person's old token is signed out (401), never signed in
 * as the survivor. The survivor's own session is left alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('Merging two profiles of one person', () => {
  it("ends the merged profile's sessions instead of signing them in as the survivor", async () => {
    const ids = await talentIds(t.knex);
    const made: { id: number; email: string }[] = [];
    for (const n of [0, 1]) {
      const res = await t.http
        .post('/api/v1/candidates')
        .set(bearer(admin))
        .send(
          candidatePayload(ids, {
            linkedInUrl: null,
            firstName: 'Odile',
            lastName: `Marchetti${n}`,
            phone: '+65 8222 3333',
          }),
        );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push({ id: num(res.body.id), email: res.body.email as string });
    }
    const [a, b] = made;
    const tokenA = await t.login(a.email);
    const tokenB = await t.login(b.email);
    const me = async (token: string) => t.http.get('/api/v1/auth/check/user').set(bearer(token));
    expect((await me(tokenB)).body.user._id).toBe(`Candidate:${b.id}`);
    // A Google sign-in key of the merged profile, not yet redeemed, ends with it too.
    await t.knex('social_logins').insert({
      key_hash: 'b'.repeat(64),
      purpose: 1,
      provider: 1,
      email: b.email,
      account_kind: 3,
      account_id: b.id,
      expires_at: new Date(Date.now() + 600_000),
    });

    expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
    await runJobs(t);
    const list = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
    const pair = list.body.data.find((p: { candidate: { id: string }; other: { id: string } }) =>
      [p.candidate.id, p.other.id].every((id) => [a.id, b.id].includes(num(id))),
    );
    expect(pair, 'the pair is queued').toBeDefined();
    const merged = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${a.id}` });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    expect((await me(tokenB)).status).toBe(401);
    expect(await t.knex('sessions').where({ actor_kind: 3, actor_id: a.id })).toHaveLength(1);
    expect(await t.knex('social_logins').where({ account_kind: 3 }).whereIn('account_id', [a.id, b.id])).toHaveLength(
      0,
    );
    const survivor = await me(tokenA);
    expect(survivor.status).toBe(200);
    expect(survivor.body.user._id).toBe(`Candidate:${a.id}`);
  });
});
