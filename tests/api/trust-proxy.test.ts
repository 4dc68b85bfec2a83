/**
 * X-Forwarded-For names the client only when it comes from a proxy the operator listed
 * (TRUST_PROXY); by default it is ignored, so rotating it does not pass the per-IP limits.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app';

const limits = { perEmail: 100, perIp: 3, documents: 10000, windowMinutes: 15 };

async function askCodes(
  t: Awaited<ReturnType<typeof testApp>>,
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await t.http
      .post('/api/v1/auth/send-email-otp')
      .set('X-Forwarded-For', forwardedFor(i))
      .send({ email: `rotate${i}@example.com` });
    statuses.push(res.status);
  }
  return statuses;
}

describe('The per-IP limit and X-Forwarded-For', () => {
  it('By default a client rotating X-Forwarded-For is still limited by its own address', async () => {
    const t = await testApp({ rateLimit: limits, trustProxy: [] });
    expect(await askCodes(t, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 429, 429]);
  });

  it('Behind a listed proxy, each forwarded client has its own limit, and one client rotating nothing is limited', async () => {
    const t = await testApp({ rateLimit: limits, trustProxy: ['loopback'] });
    expect(await askCodes(t, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 200, 200]);
    expect(await askCodes(t, () => '198.51.100.7')).toEqual([200, 200, 200, 429, 429]);
  });

  it('A proxy not on the list is not believed', async () => {
    const t = await testApp({ rateLimit: limits, trustProxy: ['10.0.0.0/8'] });
    expect(await askCodes(t, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 429, 429]);
  });
});
