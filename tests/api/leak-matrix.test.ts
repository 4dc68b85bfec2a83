/**
 * The leak matrix: every route that answers with candidate data (read from the app, as the fuzz
 * suite reads it), asked by every role, about candidates in every state, must hold a candidate's
 * identity (name, picture, LinkedIn) and contact (email, phone, links, CV) only where the table
 * below allows. The table is written by hand from the spec (sections 3, 4 and 6), not from
 * schema/rules/visibility.ts, which it checks through the routes. A route the matrix does not
 * know fails the test until it is judged (tests/helpers/leak/routes.ts).
 */
import type { Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { fuzzTargets, paramNames } from '../helpers/fuzz/targets';
import { DATA_ROUTES, NOT_CANDIDATE_DATA, type DataRoute, type Probe } from '../helpers/leak/routes';
import { ROLES, STATES, leakWorld, type LeakWorld, type Markers, type Role, type State } from '../helpers/leak/world';

/** I: identity; C: contact. */
type Allowed = '' | 'I' | 'IC';

/**
 * Spec section 6: admins (general and advocate) see everything, hidden names included. Companies
 * see active candidates only (section 4), the name only of those who show it (visible, not
 * anonymous: section 3, fullName "only when visible"), and the contact only in a project they can
 * open, once the candidate left the suggested tab; a move reveals an anonymous candidate the company
 * reached, and a hidden one only after an admin curated them in (issue 28). Owners and Admins open
 * every project of their company, the Member only theirs and those shared (Acme's projects here are
 * not). RaaS companies have no search and these candidates are in none of their projects; a
 * candidate sees only their own profile; a visitor nothing.
 */
// prettier-ignore
const TABLE: Record<State, Record<Role, Allowed>> = {
  //                  admin  advocate owner companyAdmin member otherCompany raas candidate guest
  activeVisible:     { admin: 'IC', advocate: 'IC', owner: 'I',  companyAdmin: 'I',  member: 'I', otherCompany: 'I', raas: '', candidate: '', guest: '' },
  addedFromSearch:   { admin: 'IC', advocate: 'IC', owner: 'IC', companyAdmin: 'IC', member: 'I', otherCompany: 'I', raas: '', candidate: '', guest: '' },
  hidden:            { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  hiddenMoved:       { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  anonymous:         { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  anonymousRevealed: { admin: 'IC', advocate: 'IC', owner: 'IC', companyAdmin: 'IC', member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  curated:           { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  curatedRevealed:   { admin: 'IC', advocate: 'IC', owner: 'IC', companyAdmin: 'IC', member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  paused:            { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
  semiActive:        { admin: 'IC', advocate: 'IC', owner: '',   companyAdmin: '',   member: '',  otherCompany: '',  raas: '', candidate: '', guest: '' },
};

let lw: LeakWorld;
/** What every route showed, per role and state: the union must be the table itself, so no cell of it is allowed in vain. */
const shown = new Map<string, Allowed>();
const cell = (role: Role, state: State) => `${role} ${state}`;
beforeAll(async () => {
  lw = await leakWorld();
}, 180_000);

/** The answer's bytes as text, whatever its type (JSON, a PDF, a CV), with the file name it is saved under. */
async function fetchRaw(role: Role, path: string): Promise<{ status: number; text: string }> {
  const req = lw.as[role].get(path) as Test;
  const res = await req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(res.status, `${role} GET ${path}`).toBeLessThan(500);
  const body = Buffer.isBuffer(res.body) ? res.body.toString('latin1') : '';
  return { status: res.status, text: `${res.headers['content-disposition'] ?? ''}\n${body}`.toLowerCase() };
}

interface Seen {
  identity: Set<string>;
  contact: Set<string>;
}

/** What of each candidate an answer shows. */
function exposure(text: string, status: number, probe: Probe): Map<State, Seen> {
  const seen = new Map<State, Seen>();
  for (const state of STATES) {
    const { identity, contact } = lw.canaries[state].markers;
    const s: Seen = {
      identity: new Set(
        Object.entries(identity)
          .filter(([, m]) => text.includes(m.toLowerCase()))
          .map(([k]) => k),
      ),
      contact: new Set(
        Object.entries(contact)
          .filter(([, m]) => text.includes(m.toLowerCase()))
          .map(([k]) => k),
      ),
    };
    if (probe.document === state && status < 300) {
      s.identity.add('document');
      s.contact.add('document');
    }
    if (s.identity.size || s.contact.size) seen.set(state, s);
  }
  return seen;
}

/** Every answer of the route to every role, checked against the table; returns the violations and whether any marker showed. */
async function runRoute(route: DataRoute): Promise<{ leaks: string[]; witnessed: boolean }> {
  const leaks: string[] = [];
  let witnessed = false;
  const probes = route.probes(lw);
  // The roles ask side by side (each its probes in turn): the server answers one while PostgreSQL works on another.
  await forEachRole(async (role) => {
    for (const probe of probes) {
      const { status, text } = await fetchRaw(role, probe.path);
      for (const [state, s] of exposure(text, status, probe)) {
        witnessed = true;
        const before = shown.get(cell(role, state)) ?? '';
        shown.set(cell(role, state), s.contact.size || before === 'IC' ? 'IC' : 'I');
        const allowed = TABLE[state][role];
        if (s.identity.size && !allowed.includes('I'))
          leaks.push(
            `${role} reads the identity (${[...s.identity]}) of the ${state} candidate: GET ${probe.path} → ${status}`,
          );
        if (s.contact.size && !allowed.includes('C'))
          leaks.push(
            `${role} reads the contact (${[...s.contact]}) of the ${state} candidate: GET ${probe.path} → ${status}`,
          );
      }
    }
  });
  return { leaks, witnessed };
}

async function forEachRole(ask: (role: Role) => Promise<void>): Promise<void> {
  await Promise.all(ROLES.map(ask));
}

const judged = () => new Set([...DATA_ROUTES.map((r) => r.key), ...Object.values(NOT_CANDIDATE_DATA).flat()]);

describe('Every route is judged: it answers with candidate data and is in the matrix, or is listed as not doing so', () => {
  it('knows every route the app mounts, and lists none it does not', () => {
    const mounted = fuzzTargets(lw.w.t.app).map((t) => t.key);
    expect(
      mounted.filter((key) => !judged().has(key)),
      'routes not judged: add them to DATA_ROUTES or NOT_CANDIDATE_DATA',
    ).toEqual([]);
    expect([...judged()].filter((key) => !mounted.includes(key))).toEqual([]);
    expect(DATA_ROUTES.filter((r) => Object.values(NOT_CANDIDATE_DATA).flat().includes(r.key))).toEqual([]);
  });
});

describe('Candidate data shows only where the table allows, for every role and every state of the candidate', () => {
  it.each(DATA_ROUTES.map((r) => [r.key, r] as const))('%s', { timeout: 120_000 }, async (_key, route) => {
    const { leaks, witnessed } = await runRoute(route);
    expect(leaks).toEqual([]);
    // A route whose probes never reach a candidate proves nothing: it must show someone to someone allowed.
    if (!route.noWitness) expect(witnessed, `no role read any candidate through ${route.key}`).toBe(true);
  });

  it('every identity and contact the table allows is read through some route: the table is no wider than the product', () => {
    const read = Object.fromEntries(
      STATES.map((state) => [
        state,
        Object.fromEntries(ROLES.map((role) => [role, shown.get(cell(role, state)) ?? ''])),
      ]),
    );
    expect(read).toEqual(TABLE);
  });

  it(
    'the GET routes judged not to return candidate data show no candidate to anyone, whichever candidate their parameters name',
    { timeout: 180_000 },
    async () => {
      const keys = new Set(Object.values(NOT_CANDIDATE_DATA).flat());
      const targets = fuzzTargets(lw.w.t.app).filter(
        (t) => t.method === 'get' && keys.has(t.key) && !t.path.startsWith('/dev') && !t.path.startsWith('/api/v1/dev'),
      );
      const found: string[] = [];
      for (const target of targets) {
        const names = paramNames(target.path);
        const fills = STATES.map((s) => {
          const c = lw.canaries[s];
          const path = target.path
            .replace(/^\/api\/v1/, '')
            .replace(/[:*]([A-Za-z0-9_]+)/g, (_, n: string) =>
              n === 'period'
                ? '30'
                : n === 'id' && target.path.includes('project')
                  ? `Project:${lw.w.projects.acme}`
                  : c.apiId,
            );
          return `${path}?candidateId=${c.apiId}&candidate_id=${c.apiId}&projectId=Project:${lw.w.projects.acme}&project_id=${lw.w.projects.acme}&id=${c.apiId}`;
        });
        const paths = names.length || /candidate/i.test(target.path) ? fills : fills.slice(0, 1);
        const report = (role: Role, path: string, status: number, text: string) => {
          for (const [state, s] of exposure(text, status, { path }))
            found.push(
              `${role} reads ${[...s.identity, ...s.contact]} of the ${state} candidate: GET ${target.path} (${path}) → ${status}`,
            );
        };
        if (!target.path.startsWith('/api/v1')) {
          // Asked once: its answer is every role's (fetchOutside sends no bearer).
          for (const path of paths) {
            const { status, text } = await fetchOutside(path);
            for (const role of ROLES) report(role, path, status, text);
          }
          continue;
        }
        await forEachRole(async (role) => {
          for (const path of paths) {
            const { status, text } = await fetchRaw(role, path);
            report(role, path, status, text);
          }
        });
      }
      expect(found).toEqual([]);
    },
  );
});

describe('Emails', () => {
  it("each role's mailbox names candidates only where the table allows", async () => {
    const found: string[] = [];
    for (const role of ROLES) {
      const to = lw.emails[role];
      if (!to) continue;
      for (const mail of await listOutbox(lw.w.knex, to, 500)) {
        const text = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`.toLowerCase();
        for (const [state, s] of exposure(text, 200, { path: '' })) {
          const allowed = TABLE[state][role];
          if ((s.identity.size && !allowed.includes('I')) || (s.contact.size && !allowed.includes('C')))
            found.push(
              `${role} was mailed ${[...s.identity, ...s.contact]} of the ${state} candidate: "${mail.subject}"`,
            );
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('A search by what a viewer may not see of a candidate does not find them', () => {
  // Finding an anonymous profile by a name or email one already knows ties the profile to the person:
  // the same leak as showing the name. Name and text searches, in search and in a project's tabs.
  it('by name, LinkedIn, email or phone, for every role and every state', { timeout: 180_000 }, async () => {
    const found: string[] = [];
    const allowedHits = new Set<string>();
    for (const state of STATES) {
      const { apiId, markers } = lw.canaries[state];
      const asks: [keyof Markers['identity'] | keyof Markers['contact'], 'I' | 'C', string][] = [
        ['firstName', 'I', `${markers.identity.firstName} ${markers.identity.lastName}`],
        ['linkedIn', 'I', markers.identity.linkedIn],
        ['email', 'C', `${markers.contact.email}@leak.example.org`],
        ['phone', 'C', markers.contact.phone],
      ];
      await forEachRole(async (role) => {
        for (const [what, needs, value] of asks)
          for (const path of [
            `/search?pp=50&ts=${encodeURIComponent(value)}`,
            `/search?pp=50&ns=${encodeURIComponent(value)}`,
            `/projects/candidates/search?project_id=${lw.w.projects.acme}&pp=50&ts=${encodeURIComponent(value)}`,
            `/projects/tab/search?project_id=${lw.w.projects.acme}&tab=1&pp=50&ts=${encodeURIComponent(value)}`,
          ]) {
            const { status, text } = await fetchRaw(role, path);
            if (status >= 300 || !text.includes(`"${apiId.toLowerCase()}"`)) continue;
            if (TABLE[state][role].includes(needs)) allowedHits.add(`${role} ${what}`);
            else found.push(`${role} finds the ${state} candidate by ${what}: GET ${path}`);
          }
      });
    }
    expect(found).toEqual([]);
    // The name search does find people for those it serves (admins), so the silence above means something.
    expect([...allowedHits].sort()).toEqual(expect.arrayContaining(['admin firstName', 'advocate firstName']));
  });
});

/** Routes outside /api/v1 (pages, public pictures) answer the same to everyone: they read no bearer. */
async function fetchOutside(path: string): Promise<{ status: number; text: string }> {
  const res = await lw.w.t.http.get(path);
  expect(res.status, `GET ${path}`).toBeLessThan(500);
  return { status: res.status, text: (res.text ?? '').toLowerCase() };
}
