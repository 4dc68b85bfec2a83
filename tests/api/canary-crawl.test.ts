/**
 * The canary crawl: candidates in every state carry unique markers in their names, emails, phones
 * and links, and have a history (pipeline rows, notes, interview requests, notifications, chat).
 * Every GET route the app mounts is read as every role, its parameters filled with the ids earlier
 * answers showed; every email, notification and live frame each role got is read too. A marker of
 * something the product's one rule (schema/rules/visibility.ts) hides from that role, anywhere in
 * any of it, fails with the route, role, candidate state and JSON path. No route is listed here:
 * a route added to the app is crawled as it is mounted, which the last test proves with one that
 * leaks.
 */
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveActor } from '../../backend/auth/session';
import { defineEndpoint } from '../../backend/endpoints/define';
import { mountEndpoints } from '../../backend/endpoints/mount';
import { endpoints } from '../../backend/features';
import { listOutbox } from '../../backend/services/mail/outbox';
import { id } from '../../schema/validation/inputs';
import { viewerOf } from '../../schema/rules/visibility';
import { crawl, type CrawlInput, type CrawlReport, type Leak } from '../helpers/canary/crawl';
import { markerIndex, scanJson, type Hit, type MarkerIndex } from '../helpers/canary/markers';
import { ruleBook, type RuleBook } from '../helpers/canary/rule';
import { canaryWorld, ROLES, STATES, type CanaryWorld, type Role } from '../helpers/canary/world';
import { listenUntilFileEnd } from '../helpers/fileEnd';

/**
 * Leaks known and being fixed, by route: their findings are printed, not failed. Remove an entry
 * as soon as its route passes; an entry whose route no longer leaks fails the test.
 */
const knownLeaks: Record<string, string> = {};

let cw: CanaryWorld;
let rule: RuleBook;
let index: MarkerIndex;
let report: CrawlReport;
let base: Omit<CrawlInput, 'app' | 'http' | 'declared'>;
/**
 * The roles the routes are read as. The Advocate is an admin, to whom the rule shows every candidate
 * whole (seesCuration): no answer of theirs can break it, and the General admin's answers already
 * give the crawl every id. Their mail, notifications and frames are still read below.
 */
const CRAWLED = ROLES.filter((r) => r !== 'advocate');

beforeAll(async () => {
  cw = await canaryWorld();
  rule = await ruleBook(cw);
  index = markerIndex(cw.canaries);
  const { w } = cw.lw;
  base = {
    ctx: { knex: w.knex, config: w.t.config },
    tokens: cw.tokens,
    roles: CRAWLED,
    index,
    rule,
    first: {
      candidate: STATES.map((s) => cw.canaries[s].id),
      project: [w.projects.acme, w.projects.acmeUnshared, w.projects.globex, w.projects.raasPower],
    },
  };
}, 180_000);

const line = (l: Leak) =>
  `${l.role} reads the ${l.kind} (${l.field}) of the ${l.state} candidate: GET ${l.url} → ${l.status} at ${l.path}`;

/** One line per route, role, state, field and place in the answer (list indexes folded). */
function summary(leaks: Leak[]): string[] {
  const out = new Map<string, string>();
  for (const l of leaks) {
    const key = `${l.route} ${l.role} ${l.state} ${l.field} ${l.path.replace(/\[\d+\]/g, '[]')}`;
    if (!out.has(key)) out.set(key, line(l));
  }
  return [...out.values()].sort();
}

/** The markers in texts one role received, against what the rule lets that role see anywhere. */
function judge(role: Role, texts: [string, unknown][]): string[] {
  const found: string[] = [];
  for (const [where, value] of texts) {
    const hits: Hit[] = [];
    if (typeof value === 'string') index.find(value, '$', hits);
    else scanJson(index, value, hits);
    for (const h of hits)
      if (!rule.allows(role, h.state, h.kind))
        found.push(`${role} got the ${h.kind} (${h.field}) of the ${h.state} candidate in ${where} at ${h.path}`);
  }
  return [...new Set(found)].sort();
}

describe('The canary crawl', () => {
  it(
    'reads every GET route as every role and finds nothing the rule hides from that role',
    { timeout: 180_000 },
    async () => {
      const { w } = cw.lw;
      report = await crawl({ ...base, app: w.t.app, http: w.t.http, declared: endpoints() });
      if (process.env.CANARY_TIMES)
        console.warn(
          [...report.routes]
            .sort((a, b) => b[1].ms - a[1].ms)
            .map(([k, s]) => `${Math.round(s.ms)} ms ${s.asked} asked ${s.ok} ok ${k}`)
            .join('\n'),
        );
      const known = report.leaks.filter((l) => l.route in knownLeaks);
      if (known.length) console.warn(`known leaks, being fixed:\n${summary(known).join('\n')}`);
      if (report.errors.length) console.warn(`answers 5xx:\n${[...new Set(report.errors)].join('\n')}`);
      expect(summary(report.leaks.filter((l) => !(l.route in knownLeaks)))).toEqual([]);
      // A known leak that no longer shows is fixed: its entry goes.
      expect(Object.keys(knownLeaks).filter((route) => !known.some((l) => l.route === route))).toEqual([]);
      // Every GET route was asked, and the crawl reached most of them with something to read.
      expect([...report.routes].filter(([, s]) => s.asked === 0).map(([key]) => key)).toEqual([]);
    },
  );

  it('reaches the data: each role reads the identities the rule lets it see, admins every canary whole, companies some contact', () => {
    const missing: string[] = [];
    const saw = (role: Role, state: string, kind: string) => report.seen.has(`${role} ${state} ${kind}`);
    for (const role of CRAWLED) {
      const allowed = STATES.filter((s) => rule.allows(role, s, 'identity'));
      if (allowed.length && !allowed.some((s) => saw(role, s, 'identity'))) missing.push(`${role} identity`);
      if (viewerOf(rule.actors[role]) === 'admin')
        for (const kind of ['identity', 'contact'] as const)
          missing.push(...STATES.filter((s) => !saw(role, s, kind)).map((s) => `${role} ${s} ${kind}`));
    }
    expect(missing).toEqual([]);
    // A company reads the contact of a candidate it moved on: the crawl reaches project data, not only lists.
    const companies = CRAWLED.filter((r) => viewerOf(rule.actors[r]) === 'company');
    expect(companies.filter((r) => STATES.some((s) => saw(r, s, 'contact')))).not.toEqual([]);
  });

  it("each role's emails name nobody the rule hides from it", async () => {
    const found: string[] = [];
    let read = 0;
    for (const role of ROLES) {
      const to = cw.lw.emails[role];
      if (!to) continue;
      const mails = await listOutbox(cw.lw.w.knex, to, 1000);
      read += mails.length;
      found.push(
        ...judge(
          role,
          mails.map((m) => [`the email "${m.subject}"`, [m.subject, m.text, m.html ?? '']]),
        ),
      );
    }
    expect(found).toEqual([]);
    expect(read).toBeGreaterThan(0);
  });

  it("each role's notifications name nobody the rule hides from it", async () => {
    const found: string[] = [];
    let read = 0;
    for (const role of ROLES) {
      const actor = rule.actors[role];
      if (actor.role !== 'admin' && actor.role !== 'company' && actor.role !== 'raasCompany') continue;
      const rows = await cw.lw.w
        .knex('notifications')
        .where({ recipient_kind: actor.role === 'admin' ? 1 : 2, recipient_id: actor.id })
        .select('id', 'title', 'body', 'link');
      read += rows.length;
      found.push(
        ...judge(
          role,
          rows.map((r) => [`notification ${r.id}`, [r.title, r.body, r.link]]),
        ),
      );
    }
    expect(found).toEqual([]);
    expect(read).toBeGreaterThan(0);
  });

  it('each role’s live frames, sent while the history was built, carry nothing the rule hides from it', () => {
    const found = ROLES.flatMap((role) => judge(role, [['its live frames', cw.frames[role]]]));
    expect(found).toEqual([]);
    // The people of the boards got their frames; a visitor and a candidate have no channel.
    expect(cw.frames.companyAdmin.length).toBeGreaterThan(1);
    expect(Object.keys(cw.refused).sort()).toEqual(['candidate', 'guest']);
  });
});

describe('A route added to the app is crawled without being listed', () => {
  it(
    "reports one that answers a hidden candidate's name, with the route, role, state and path",
    { timeout: 60_000 },
    async () => {
      const { w } = cw.lw;
      const names = (rows: { first_name: string; last_name: string }[]) =>
        rows.map((r) => ({ label: `${r.first_name} ${r.last_name}` }));
      const added = [
        defineEndpoint({
          method: 'get',
          path: '/reports/newest-candidates',
          summary: 'The newest candidates by name, whoever asks',
          access: 'signedIn',
          handler: async ({ ctx }) =>
            names(await ctx.knex('candidates').orderBy('id', 'desc').limit(100).select('first_name', 'last_name')),
        }),
        defineEndpoint({
          method: 'get',
          path: '/reports/candidate-card/:candidateId',
          summary: "A candidate's card, whoever asks",
          access: 'signedIn',
          input: { params: z.object({ candidateId: id('candidate') }) },
          handler: async ({ params, ctx }) =>
            names(await ctx.knex('candidates').where('id', params.candidateId).select('first_name', 'last_name'))[0],
        }),
      ];
      // The app under test with the new routes mounted in front, as a capability mounts its endpoints.
      const app = express();
      const api = express.Router();
      api.use((req, _res, next) => {
        req.ctx = base.ctx;
        next();
      }, resolveActor);
      api.use(mountEndpoints(added));
      app.use('/api/v1', api);
      app.use(w.t.app);
      const before = new Set(report.routes.keys());
      const found = await crawl({
        ...base,
        app,
        http: request(await listenUntilFileEnd(app)),
        declared: [...endpoints(), ...added],
        pools: report.pools,
        only: (key) => !before.has(key),
      });
      expect([...found.routes.keys()].sort()).toEqual([
        'GET /api/v1/reports/candidate-card/:candidateId',
        'GET /api/v1/reports/newest-candidates',
      ]);
      const got = (route: string, role: Role, state: string) =>
        found.leaks.find((l) => l.route === route && l.role === role && l.state === state && l.field === 'firstName');
      for (const route of found.routes.keys())
        for (const role of ['owner', 'member', 'raas', 'candidate'] as const) {
          const leak = got(route, role, 'hidden');
          expect(leak, `${route} as ${role}`).toBeDefined();
          expect(leak!.path).toMatch(/^\$(\[\d+\])?\.label$/);
        }
      // What the rule allows is not reported: the public candidate's name to a company.
      expect(got('GET /api/v1/reports/newest-candidates', 'owner', 'activeVisible')).toBeUndefined();
    },
  );
});
