/**
 * Requests are counted by the declared route whatever the case of the letters a client types: Express matches mount
 * paths in any case (`/API/V1/Countries/1`), and a label made of the typed path would let anyone add series without end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

const TOKEN = 'metrics-token-for-the-case-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ metrics: { token: TOKEN } });
});

const scrape = async () => (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
const count = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

describe('Request metrics and the case of the path', () => {
  it('count /API/V1/Countries/:id and /api/v1/COUNTRIES/:id as /api/v1/countries/:id', async () => {
    const [country] = (await t.http.get('/api/v1/countries?range=[0,0]')).body as { id: number }[];
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/v1/countries/:id",status="200"}';
    const before = count(await scrape(), series);
    for (const path of [`/API/V1/Countries/${country.id}`, `/api/v1/COUNTRIES/${country.id}`])
      expect((await t.http.get(path)).status).toBe(200);
    const text = await scrape();
    expect(count(text, series)).toBe(before + 2);
    expect(text).not.toMatch(/route="[^"]*(API|V1|Countries|COUNTRIES)/);
  });
});
