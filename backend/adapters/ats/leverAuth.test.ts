import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtsConfig } from './config';
import { leverRefresh } from './leverAuth';

/** A token endpoint on loopback answering each refresh with the next of `answers`. */
let answers: { status: number; body: string }[] = [];
const server = http.createServer((req, res) => {
  req.resume().on('end', () => {
    const a = answers.shift() ?? { status: 500, body: '' };
    res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.body);
  });
});
let authUrl = '';
const configOf = (url: string) =>
  ({ lever: { apiUrl: url, authUrl: url, clientId: 'id', clientSecret: 's' } }) as AtsConfig;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = async (config: AtsConfig) =>
  leverRefresh(config, 'r-1').then(
    () => undefined,
    (err) => err.code,
  );

describe("Lever's token refresh", () => {
  it('means signing in again only when Lever refuses the refresh token', async () => {
    answers = [{ status: 400, body: JSON.stringify({ error: 'invalid_grant' }) }];
    expect(await failure(configOf(authUrl))).toBe('auth');
  });

  it('is tried again later when the endpoint cannot answer: down, failing, rate limited or not speaking OAuth', async () => {
    answers = [
      { status: 503, body: JSON.stringify({ error: 'temporarily_unavailable' }) },
      { status: 502, body: '<html>Bad gateway</html>' },
      { status: 429, body: JSON.stringify({ error: 'slow_down' }) },
    ];
    expect(await failure(configOf(authUrl))).toBe('unavailable');
    expect(await failure(configOf(authUrl))).toBe('unavailable');
    expect(await failure(configOf(authUrl))).toBe('rateLimited');
    // Nothing listens on port 9 of loopback.
    expect(await failure(configOf('http://127.0.0.1:9'))).toBe('unavailable');
  });

  it('gives new tokens when Lever grants them', async () => {
    answers = [{ status: 200, body: JSON.stringify({ access_token: 'a-2', token_type: 'Bearer', expires_in: 3600 }) }];
    await expect(leverRefresh(configOf(authUrl), 'r-1')).resolves.toMatchObject({
      accessToken: 'a-2',
      refreshToken: 'r-1',
    });
  });
});
