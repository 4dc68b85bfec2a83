/**
 * Lever's refresh tokens are single-use, and one integration's tokens are used by many at once: a
 * screen of cards asks four look-ups together, a sync or an erasure job runs beside them, in several
 * processes. After the hour, the tokens are refreshed once for all of them: under the integration's
 * row lock, from the tokens stored then, so a holder that finds newer tokens stored uses them. No
 * look-up comes back unanswered and no sync marks the integration "auth error" for having lost the
 * race; a refresh refused for a token another holder used first is followed by the tokens that holder
 * stored, and only a refusal of the stored refresh token is an auth error.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leverProvider, type LeverTokenStore } from '../../backend/adapters/ats/lever';
import { leverRefresh, type LeverTokens } from '../../backend/adapters/ats/leverAuth';
import { AtsError } from '../../backend/adapters/ats/types';
import { encryptionKey, open, seal } from '../../backend/adapters/ats/secrets';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun } from '../helpers/ats/world';
import { atFileEnd } from '../helpers/fileEnd';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let lv: LeverStandIn;
let admin: Client;
let member: Client;
let adminToken: string;
let id: number;
let projectId: number;
let candidates: number[];
/** How long the token endpoint takes to answer, so that holders who start together overlap. */
let tokenDelayMs = 0;
const SHORTLIST = 2;
const CONNECTED = 1;
const AUTH_ERROR = 3;

/** Lever's token endpoint behind a loopback relay that answers after `tokenDelayMs`. */
async function slowTokenEndpoint(target: string): Promise<string> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      await new Promise((r) => setTimeout(r, tokenDelayMs));
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(
          ['content-type', 'authorization', 'accept']
            .filter((h) => req.headers[h])
            .map((h) => [h, String(req.headers[h])]),
        ),
        ...(raw ? { body: raw } : {}),
        redirect: 'manual',
      });
      res.statusCode = answer.status;
      for (const h of ['content-type', 'location']) if (answer.headers.get(h)) res.setHeader(h, answer.headers.get(h)!);
      res.end(await answer.text());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  atFileEnd(() => new Promise((r) => server.close(() => r(undefined))));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** The refresh requests Lever received: those it granted and those it refused. */
const refreshRequests = () => {
  const asked = lv.calls.filter(
    (c) => c.path === '/oauth/token' && (c.body as { grant_type?: string })?.grant_type === 'refresh_token',
  );
  return {
    granted: asked.filter((c) => c.status === 200).length,
    refused: asked.filter((c) => c.status !== 200).length,
  };
};

/** Credentials sealed and opened as the integrations store does (ATS_ENCRYPTION_KEY, else from APP_SECRET). */
const key = () => encryptionKey(t.config.ats.encryptionKey, t.config.secret);
const sealed = (tokens: LeverTokens) => seal(key(), tokens);
const opened = (row: { credentials: string }) => open<LeverTokens>(key(), row.credentials);

const storedTokens = async () => opened(await t.knex('integrations').where('id', id).first('credentials'));
const store = async (tokens: LeverTokens) =>
  t
    .knex('integrations')
    .where('id', id)
    .update({ credentials: sealed(tokens) });
/** The stored access token past its hour, as Lever still knows it: the next use refreshes. */
const expireStored = async () => store({ ...(await storedTokens()), expiresAt: 0 });

const batch = () => member.post('/integrations/already-known/batch', { projectId, candidateIds: candidates });
const answeredAll = (res: { status: number; body: { candidates?: { unanswered?: string[] }[] } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.candidates).toHaveLength(candidates.length);
  expect(res.body.candidates!.filter((c) => c.unanswered)).toEqual([]);
};

/** Connects Lever through the sign-in, as an Owner does, or connects it again: new tokens, and "connected". */
async function connect() {
  const res = await admin.get('/integrations/lever/sign-in');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const back = new URL((await fetch(res.body.url, { redirect: 'manual' })).headers.get('location')!);
  const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
  expect(done.headers.location).toMatch(/lever=connected$/);
}

beforeAll(async () => {
  t = await testApp();
  [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 2000, retries: 1 });
  t.config.ats = { ...t.config.ats, lever: { ...t.config.ats.lever, authUrl: await slowTokenEndpoint(lv.url) } };
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
  member = client(t, await t.login('member@acme.example.com'));

  await connect();
  id = (await t.knex('integrations').where('kind', 'lever').first('id')).id;

  // A board shared with the company: four shortlisted candidates Lever already holds.
  const project = await makeProject(t.knex, { title: 'Lever refresh hires' });
  projectId = project.id;
  await t.knex('projects').where('id', projectId).update({ shared_with_company: true });
  candidates = await activeCandidates(t.knex, 4, { skip: 520 });
  await addToProject(t.knex, project, candidates, SHORTLIST);
  for (const [i, candidateId] of candidates.entries()) {
    const { email } = await t.knex('candidates').where('id', candidateId).first('email');
    lv.opportunities.push({
      id: `known-${i}`,
      contact: `contact-known-${i}`,
      name: `Known ${i}`,
      email,
      posting: 'post-a',
      stage: 'stage-screen',
      origin: 'sourced',
      createdAt: Date.parse('2022-05-06T07:08:09Z'),
      lastAdvancedAt: Date.parse('2022-05-06T07:08:09Z'),
    });
  }
});
// Each case starts from fresh tokens, whatever the one before left: signed in again as after an auth error.
beforeEach(async () => {
  await t.knex('integrations').where('id', id).update({ status: AUTH_ERROR });
  await connect();
  expect((await t.knex('integrations').where('id', id).first('status')).status).toBe(CONNECTED);
  await runJobs(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('An expired Lever token, used by many at once', () => {
  it('is refreshed once for a screen of cards a Member opens, every candidate answered', async () => {
    await expireStored();
    const before = refreshRequests();
    const res = await batch();
    answeredAll(res);
    expect(res.body.candidates.every((c: { known: unknown[] }) => c.known.length === 1)).toBe(true);
    expect(refreshRequests()).toEqual({ granted: before.granted + 1, refused: before.refused });
    expect((await storedTokens()).expiresAt).toBeGreaterThan(Date.now() + 60_000);
  });

  it('is refreshed once for a screen of cards and a sync at the same time, and the integration stays connected', async () => {
    await expireStored();
    expect((await admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    const before = refreshRequests();
    tokenDelayMs = 400;
    try {
      const [res] = await Promise.all([batch(), runJobs(t)]);
      expect((await t.knex('integrations').where('id', id).first('status')).status).toBe(CONNECTED);
      expect(await lastRun(t, id)).toMatchObject({ status: 2, error: null });
      answeredAll(res);
    } finally {
      tokenDelayMs = 0;
    }
    expect(refreshRequests()).toEqual({ granted: before.granted + 1, refused: before.refused });
  });

  it('waits for another process refreshing under the row lock, and uses the tokens it stored', async () => {
    await expireStored();
    const before = refreshRequests();
    const { asked } = await t.knex.transaction(async (other) => {
      // Another process takes its turn: the row locked, its refresh made, not yet stored.
      const row = await other('integrations').where('id', id).forUpdate().first('credentials');
      const renewed = await leverRefresh(t.config.ats, opened(row).refreshToken);
      // Meanwhile a Member opens the board.
      const asking = batch().then((r) => r);
      await new Promise((r) => setTimeout(r, 400));
      await other('integrations')
        .where('id', id)
        .update({ credentials: sealed(renewed) });
      return { asked: asking };
    });
    answeredAll(await asked);
    expect(refreshRequests()).toEqual({ granted: before.granted + 1, refused: before.refused });
    expect((await t.knex('integrations').where('id', id).first('status')).status).toBe(CONNECTED);
  });
});

describe('A refused Lever refresh', () => {
  /** A store whose tokens another holder renews, by `renewedBy`, the moment this one is refused. */
  function racedStore(initial: LeverTokens, renewedBy?: () => Promise<LeverTokens>) {
    let stored = initial;
    const tokenStore: LeverTokenStore = {
      async renew(refresh) {
        try {
          const renewed = await refresh(stored);
          if (renewed) stored = renewed;
          return stored;
        } catch (err) {
          if (renewedBy) stored = await renewedBy();
          throw err;
        }
      },
      load: async () => stored,
    };
    return tokenStore;
  }

  it('for a token another holder used first is followed by the tokens that holder stored, once', async () => {
    const held = { ...(await storedTokens()), expiresAt: 0 };
    // The other holder refreshed first (without the lock: an older version, mid-deploy).
    const theirs = await leverRefresh(t.config.ats, held.refreshToken);
    const before = refreshRequests();
    const provider = leverProvider(
      t.config.ats,
      held,
      {},
      undefined,
      racedStore(held, async () => theirs),
    );
    const email = lv.opportunities[0].email;
    expect(await provider.findByEmail(email)).toEqual({ since: '2022-05-06T07:08:09.000Z' });
    expect(refreshRequests()).toEqual({ granted: before.granted, refused: before.refused + 1 });
  });

  it('for the stored refresh token is an auth error, asked once', async () => {
    const held = { ...(await storedTokens()), expiresAt: 0 };
    await leverRefresh(t.config.ats, held.refreshToken);
    const before = refreshRequests();
    const provider = leverProvider(t.config.ats, held, {}, undefined, racedStore(held));
    const err = await provider.findByEmail(lv.opportunities[0].email).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AtsError);
    expect((err as AtsError).code).toBe('auth');
    expect(refreshRequests()).toEqual({ granted: before.granted, refused: before.refused + 1 });
  });
});
