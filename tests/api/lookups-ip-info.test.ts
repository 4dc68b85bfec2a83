/**
 * GET locations/ip-info: a guess of the caller's country for forms, from the address Express trusts, read from the
 * local GeoLite2 copy (no outside call), answered to anyone, signed in or not.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app';

describe("The caller's country guessed from their address", () => {
  it('Behind a listed proxy, the forwarded address names its country, with the id and dial code forms use', async () => {
    const t = await testApp({ trustProxy: ['loopback'] });
    const sg = await t.knex('countries').where('code', 'SG').first('id', 'name', 'dial_code');
    // 203.116.1.1 is a Singapore address in the GeoLite2 data.
    const res = await t.http.get('/api/v1/locations/ip-info').set('X-Forwarded-For', '203.116.1.1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { id: sg.id, name: sg.name, code: 'SG', dialCode: sg.dial_code },
    });
    // The address itself is never echoed back.
    expect(JSON.stringify(res.body)).not.toContain('203.116.1.1');
    const us = await t.http.get('/api/v1/locations/ip-info').set('X-Forwarded-For', '8.8.8.8');
    expect(us.body.data).toMatchObject({ code: 'US' });
  });

  it('A private or loopback address has no country: the answer says so with null', async () => {
    const t = await testApp({ trustProxy: [] });
    const res = await t.http.get('/api/v1/locations/ip-info').set('X-Forwarded-For', '8.8.8.8');
    // The proxy is not trusted, so the loopback address of the connection is the one read.
    expect(res.body).toEqual({ success: true, data: null });
    const signedIn = await t.login('candidate@example.com');
    const again = await t.http.get('/api/v1/locations/ip-info').set('Authorization', `Bearer ${signedIn}`);
    expect(again.body).toEqual({ success: true, data: null });
  });
});
