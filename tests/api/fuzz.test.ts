/**
 * Property-based fuzzing of the whole API: for every route (the generic routes of every resource,
 * every declared capability endpoint, every other route found on the routers) and every caller
 * (logged out and each demo role), malformed query strings, ids and bodies (see
 * tests/helpers/fuzz/probes.ts). Every answer is below 500, every 4xx is the one error envelope,
 * every request that could write is refused, and no table changes (each table's row count and newest
 * row version). Seeded: FUZZ_SEED and FUZZ_RUNS (runs per route and caller kind) replay or deepen it.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../schema';
import { DEMO_ROLES, signIn, type SignedIn } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { isWrite, probesFor, type FuzzWorld, type Probe } from '../helpers/fuzz/probes';
import { watchTables } from '../helpers/fuzz/tables';
import { fuzzTargets, type Target } from '../helpers/fuzz/targets';
import { apiId, samplePayload } from '../helpers/samples';

const SEED = Number(process.env.FUZZ_SEED ?? 20260424);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

let t: TestApp;
let actors: SignedIn[];
let world: FuzzWorld;

/** A stable number per route, so each route's sequence is its own and reproducible. */
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);

beforeAll(async () => {
  t = await testApp();
  actors = [];
  for (const role of DEMO_ROLES) actors.push(await signIn(t, role));
  world = { payloads: new Map(), existingIds: new Map() };
  for (const entity of resources) {
    world.payloads.set(entity.name, await samplePayload(t.knex, entity));
    const row = await t.knex(entity.table).orderBy('id', 'desc').first('id');
    if (row) world.existingIds.set(entity.name, encodeURIComponent(String(apiId(entity, row.id))));
  }
}, 120_000);

async function send(target: Target, actor: SignedIn, probe: Probe) {
  let req = t.http[target.method](probe.url);
  if (actor.token) req = req.set('Authorization', `Bearer ${actor.token}`);
  if (probe.contentType) req = req.set('Content-Type', probe.contentType);
  if (probe.body !== undefined)
    req = req.serialize((body: unknown) => body as string).send(probe.body as unknown as object);
  return req;
}

/**
 * A bulk call's per-key answer that changed nothing because every key is gone (crud/bulkAnswer.ts: a key of a row that
 * does not exist reads as gone, as a single call's 404): a refusal in the bulk shape, nothing written.
 */
function allGone(body: unknown): boolean {
  const b = body as { success?: unknown; updated?: unknown; gone?: unknown };
  return b?.success === true && b.updated === 0 && Array.isArray(b.gone) && b.gone.length > 0;
}

const MESSAGE_KEY = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$|^[^\s.]+(\.[^\s.]+)*\.errors\.[A-Za-z]+$/;

function expectAnswer(
  target: Target,
  actor: SignedIn,
  probe: Probe,
  res: { status: number; headers: Record<string, string>; body: unknown; text?: string },
) {
  const context = `${actor.label}: ${target.method.toUpperCase()} ${probe.url.slice(0, 300)} (${probe.what}) → ${res.status} ${(res.text ?? '').slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  if (isWrite(target.method) && !allGone(res.body))
    expect(res.status, `accepted: ${context}`).toBeGreaterThanOrEqual(400);
  if (res.status < 400) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const error = (res.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } }).error;
  expect(typeof error?.code, context).toBe('string');
  expect(error?.code, context).toMatch(MESSAGE_KEY);
  expect(typeof error?.message, context).toBe('string');
  if (error?.fields !== undefined) {
    expect(typeof error.fields, context).toBe('object');
    for (const value of Object.values(error.fields as object)) expect(value, context).toMatch(MESSAGE_KEY);
  }
}

/** Runs the property for one route: every caller, RUNS probes each on average. */
async function fuzzRoute(target: Target): Promise<void> {
  const perCaller = actors.map((a) => probesFor(target, a.actor, world));
  const arbitrary = fc
    .integer({ min: 0, max: actors.length - 1 })
    .chain((i) => perCaller[i].map((probe) => ({ i, probe })));
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ i, probe }) => {
      expectAnswer(target, actors[i], probe, await send(target, actors[i], probe));
    }),
    { seed: SEED ^ hash(target.key), numRuns: RUNS * actors.length, endOnFailure: true },
  );
}

/** The routes are read from the application under test: whatever it mounts is probed. */
const targets = () => fuzzTargets(t.app);

describe('Malformed requests from every caller, logged out included', () => {
  it('finds every resource, every declared endpoint and the other routes to probe', () => {
    const all = targets();
    for (const entity of resources)
      expect(
        all.some((x) => x.resource?.entity === entity),
        entity.resource,
      ).toBe(true);
    expect(all.filter((x) => x.endpoint).length).toBeGreaterThan(0);
    expect(all.filter((x) => !x.endpoint && !x.resource).length).toBeGreaterThan(0);
  });

  it(
    'get a 4xx in the one envelope or a harmless answer, never a 5xx, and write nothing',
    { timeout: 600_000 },
    async () => {
      const groups = new Map<string, Target[]>();
      for (const target of targets()) groups.set(target.group, [...(groups.get(target.group) ?? []), target]);
      const tables = await watchTables(t.knex);
      for (const [group, list] of groups) {
        const started = Date.now();
        for (const target of list) await fuzzRoute(target);
        if (process.env.FUZZ_TIMING) console.log(`${group}: ${list.length} routes, ${Date.now() - started} ms`);
        expect(await tables.changed(), `tables written by malformed requests to ${group}`).toEqual([]);
      }
    },
  );
});
