/**
 * A merge ends the merged profile's sessions and sign-in keys rather than moving them to the survivor: each proved the
 * merged person's address, not the survivor's, so the merged person's old token is signed out (401), never signed in
 * as the survivor. The survivor's own session is left alone while it keeps its own address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('Merging two profiles of one person', () => {
  it("ends the merged profile's sessions instead of signing them in as the survivor", async () => {
    const pair = await pairOf(t, admin, { phone: '+65 8222 3333', first: 'Odile', last: 'Marchetti' });
    const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;
    const [a, b] = [
      { id: pair.a, email: await emailOf(pair.a) },
      { id: pair.b, email: await emailOf(pair.b) },
    ];
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

    const merged = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${a.id}`, keep: { email: 'survivor' } });
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
