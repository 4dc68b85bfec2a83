/**
 * The crawl: every GET route the app mounts (as shipped: routes mounted only outside production are
 * left out), read as every role, breadth first. A route's path parameters and the id parameters of
 * its declared query (read from its zod input, keys it names and keys it asks for when left empty)
 * take the ids earlier answers showed, of the kind the parameter names; each answer's ids feed the
 * next round, until a round finds nothing new. Each route is asked a bounded number of ways. Every
 * answer is searched for the canaries' markers; a marker of something the rule does not let that
 * role see is a leak, reported with the route, the role, the candidate's state and the JSON path.
 */
import type { Express } from 'express';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { abilityFor } from '../../../schema/ability';
import { resources } from '../../../schema';
import { createApp } from '../../../backend/app';
import type { AppContext } from '../../../backend/context';
import type { Endpoint } from '../../../backend/endpoints/define';
import { walkRoutes } from '../fuzz/targets';
import { IdPools, scanJson, singularKind, type Hit, type MarkerIndex } from './markers';
import { bindings, type Binding, type Route } from './params';
import type { Actor } from '../../../schema/roles';
import type { RuleBook } from './rule';
import type { Role, State } from './world';

export interface Leak {
  route: string;
  url: string;
  role: Role;
  status: number;
  state: State;
  kind: Hit['kind'];
  field: string;
  path: string;
}

export interface CrawlInput {
  app: Express;
  ctx: AppContext;
  http: TestAgent;
  tokens: Record<Role, string | undefined>;
  roles: readonly Role[];
  /** The declared endpoints the app mounts, for their inputs. */
  declared: Endpoint[];
  index: MarkerIndex;
  rule: RuleBook;
  /** Ids asked about first when a kind has more than the bound: the canaries'. */
  first: Record<string, number[]>;
  /** Ids already known (a later crawl of new routes starts where an earlier one ended). */
  pools?: IdPools;
  /** Which routes to crawl (default: all). */
  only?: (key: string) => boolean;
  /** Ways each route about candidates or projects is asked, per role (others: a quarter of it). */
  perRoute?: number;
}

export interface CrawlReport {
  leaks: Leak[];
  /** Every role × state × kind some answer showed (allowed or not): what proves the crawl reaches data. */
  seen: Set<string>;
  /** Requests per route, and how many answered 2xx to someone. */
  routes: Map<string, { asked: number; ok: number; ms: number }>;
  /** 5xx answers (a separate fault, reported, not a leak). */
  errors: string[];
  pools: IdPools;
  requests: number;
}

const API = '/api/v1';
const MAX_ROUNDS = 5;

export async function crawl(input: CrawlInput): Promise<CrawlReport> {
  const report: CrawlReport = {
    leaks: [],
    seen: new Set(),
    routes: new Map(),
    errors: [],
    pools: input.pools ?? new IdPools(),
    requests: 0,
  };
  const routes = getRoutes(input).filter((r) => !input.only || input.only(r.key));
  for (const r of routes) report.routes.set(r.key, { asked: 0, ok: 0, ms: 0 });
  // A role refused at the route's door (not signed in, or its ability denies the route's action
  // whatever the row) is asked once, to see the refusal, and then left out of that route.
  const shut = new Set<string>();
  // Breadth first: a route is asked once every id it takes is of a kind some answer showed; what is
  // still waiting when a round asks nothing goes last, with what the crawl has.
  let waiting = routes;
  for (let round = 0; waiting.length && round < MAX_ROUNDS; round++) {
    const last = round === MAX_ROUNDS - 1;
    const next: Route[] = [];
    // The round fills parameters from what earlier rounds found; its own answers feed the next one.
    const pools = report.pools.snapshot();
    for (const route of waiting) {
      const { list, bound, ready, kinds } = bindings(route, pools, input.first, input.perRoute ?? 12, last);
      // A route pairing ids of two kinds waits a round more, for the answers that show which go together.
      if (!ready || (kinds > 1 && round < 2 && !last)) {
        next.push(route);
        continue;
      }
      const started = performance.now();
      const todo = list.slice(0, bound);
      // Two ways at a time, each asked by every role at once: the server and PostgreSQL overlap.
      for (let i = 0; i < todo.length; i += 2)
        await Promise.all(
          todo.slice(i, i + 2).flatMap((b) =>
            input.roles
              .filter((role) => !shut.has(`${role} ${route.key}`))
              .map(async (role) => {
                const status = await ask(input, report, route, role, b);
                if ((status === 401 || status === 403) && refusedAtDoor(route, input.rule.actors[role]))
                  shut.add(`${role} ${route.key}`);
              }),
          ),
        );
      report.routes.get(route.key)!.ms += performance.now() - started;
    }
    // Nothing became ready this round: the rest go in the last one.
    if (next.length === waiting.length) round = Math.max(round, MAX_ROUNDS - 2);
    waiting = next;
  }
  return report;
}

async function ask(
  input: CrawlInput,
  report: CrawlReport,
  route: Route,
  role: Role,
  { url, projectId, ids }: Binding,
): Promise<number> {
  const token = input.tokens[role];
  let req = input.http.get(url) as Test;
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req
    .redirects(0)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  report.requests++;
  const stats = report.routes.get(route.key)!;
  stats.asked++;
  if (res.status < 300) stats.ok++;
  if (res.status >= 500) report.errors.push(`${role} GET ${url} → ${res.status}`);
  const body = Buffer.isBuffer(res.body) ? res.body : Buffer.alloc(0);
  const hits: Hit[] = [];
  for (const header of ['content-disposition', 'location'])
    input.index.find(String(res.headers[header] ?? ''), `header ${header}`, hits);
  const json = /json/.test(String(res.headers['content-type'] ?? '')) ? parse(body.toString('utf8')) : undefined;
  if (json !== undefined) {
    scanJson(input.index, json, hits);
    if (res.status < 300) report.pools.harvest(json, route.context, ids);
  } else input.index.find(body.toString('latin1'), '$body', hits);
  for (const hit of hits) {
    report.seen.add(`${role} ${hit.state} ${hit.kind}`);
    if (!input.rule.allows(role, hit.state, hit.kind, projectId))
      report.leaks.push({ route: route.key, url, role, status: res.status, ...hit });
  }
  return res.status;
}

/** Whether the route refuses this actor before reading anything: its declared access, or the generic route's read. */
function refusedAtDoor(route: Route, actor: Actor): boolean {
  const access = route.endpoint?.access;
  if (access === 'public') return false;
  if (access === 'signedIn') return actor.role === 'guest';
  if (access) return !abilityFor(actor).can(access.action, access.subject, access.field);
  if (route.resource) return !abilityFor(actor).can('read', route.resource.subject);
  return false;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The GET routes of the app as shipped, with their declared endpoints. */
export function getRoutes(input: Pick<CrawlInput, 'app' | 'ctx' | 'declared'>): Route[] {
  const shipped = new Set(
    allRoutes(createApp({ ...input.ctx, config: { ...input.ctx.config, env: 'production' } })).map((r) => r.path),
  );
  const declared = new Map(input.declared.map((e) => [`${e.method.toUpperCase()} ${API}${e.path}`, e]));
  const resourceOf = (path: string) =>
    resources.find((e) => path === `${API}/${e.resource}` || path === `${API}/${e.resource}/:id`);
  const out = new Map<string, Route>();
  for (const { method, path } of allRoutes(input.app)) {
    const key = `${method.toUpperCase()} ${path}`;
    if (method !== 'get' || out.has(key)) continue;
    // Mounted only outside production (the development mailbox): not part of the product.
    if (!shipped.has(path) && !declared.has(key)) continue;
    const fixed = path.split('/').filter((s) => s && !/^[:*]/.test(s) && s !== 'api' && s !== 'v1');
    out.set(key, {
      key,
      path,
      endpoint: declared.get(key),
      list: resources.some((e) => path === `${API}/${e.resource}`),
      resource: resourceOf(path),
      context: singularKind(fixed[fixed.length - 1] ?? ''),
    });
  }
  return [...out.values()];
}

/** walkRoutes, and the routes of any application mounted inside (a test's extra routes in front of the app). */
function allRoutes(app: Express): ReturnType<typeof walkRoutes> {
  const found = walkRoutes(app);
  const stack = (app as unknown as { router: { stack: { handle?: { router?: unknown } }[] } }).router.stack;
  for (const layer of stack) if (layer.handle?.router) found.push(...allRoutes(layer.handle as unknown as Express));
  return found;
}
