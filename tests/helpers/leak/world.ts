/**
 * The leak matrix's world: the pipeline world's projects and people, plus one candidate per state
 * a viewer can meet, each carrying markers of its own (first and last name, picture, LinkedIn;
 * email, phone, GitHub link, CV) so any answer can be searched for what it gives away. Every
 * state is reached the way the product reaches it: written by admins through the API, found by
 * the company's saved filters, added from its own search, curated by an admin, moved (with the
 * reveal warning confirmed) by the company, paused by the candidate.
 */
import { expect } from 'vitest';
import { storageFor } from '../../../backend/adapters/storage/select';
import { STAGES } from '../../../schema/rules/pipeline';
import { client, type Client } from '../actors';
import { pipelineWorld, type PipelineWorld } from '../pipeline';
import { candidatePayload, talentIds } from '../talent';

/** Every role the matrix asks as: the demo roles, a company Owner and a user of another company. */
export const ROLES = [
  'admin',
  'advocate',
  'owner',
  'companyAdmin',
  'member',
  'otherCompany',
  'raas',
  'candidate',
  'guest',
] as const;
export type Role = (typeof ROLES)[number];

/** The candidate states the matrix covers; each is one candidate. */
export const STATES = [
  'activeVisible',
  'addedFromSearch',
  'hidden',
  'hiddenMoved',
  'anonymous',
  'anonymousRevealed',
  'curated',
  'curatedRevealed',
  'paused',
  'semiActive',
] as const;
export type State = (typeof STATES)[number];

export interface Markers {
  identity: Record<'firstName' | 'lastName' | 'picture' | 'linkedIn', string>;
  contact: Record<'email' | 'phone' | 'link' | 'cv' | 'cvFile', string>;
}

export interface Canary {
  state: State;
  id: number;
  apiId: string;
  markers: Markers;
}

export interface LeakWorld {
  w: PipelineWorld;
  canaries: Record<State, Canary>;
  as: Record<Role, Client>;
  /** Each role's session token (none for a visitor). */
  tokens: Record<Role, string | undefined>;
  /** Where each role's emails go (none for a visitor). */
  emails: Record<Role, string | undefined>;
  /** Project ids probed by project-bound routes: every company's and the admins' own. */
  projects: number[];
  /** The candidates' experience and education rows, for the routes that read one by id. */
  rows: { experiences: number[]; educations: number[] };
}

/** A short lower-case code per state, so markers of two states never contain each other. */
const code = (i: number) => `zq${String.fromCharCode(97 + i)}${String.fromCharCode(97 + ((i * 7) % 26))}`;

export async function leakWorld(): Promise<LeakWorld> {
  const w = await pipelineWorld();
  const { knex } = w;
  const t = w.t;
  const base = await talentIds(knex);
  const storage = storageFor(t.config);

  // A company Owner (sub-role 0) beside the demo Admin and Member, and a user of another company.
  const [ownerRow] = await knex('company_users')
    .insert({
      email: 'olga.owner@acme.example.com',
      first_name: 'Olga',
      last_name: 'Owner',
      role: 0,
      status: 1,
      company_id: w.companies.acme,
      job_title: 'Founder',
    })
    .returning('id');
  expect(ownerRow.id).toBeGreaterThan(0);
  const globex = await knex('company_users').where('id', w.people.globexUser).first('email', 'status');
  await knex('company_users').where('id', w.people.globexUser).update({ status: 1 });
  const tokens: Record<Role, string | undefined> = {
    admin: w.tokens.admin,
    advocate: w.tokens.advocate,
    owner: await t.login('olga.owner@acme.example.com'),
    companyAdmin: w.tokens.company,
    member: w.tokens.member,
    otherCompany: await t.login(globex.email),
    raas: w.tokens.raas,
    candidate: w.tokens.candidate,
    guest: undefined,
  };
  const emails: Record<Role, string | undefined> = {
    admin: 'admin@example.com',
    advocate: 'advocate@example.com',
    owner: 'olga.owner@acme.example.com',
    companyAdmin: 'owner@acme.example.com',
    member: 'member@acme.example.com',
    otherCompany: globex.email,
    raas: 'owner@raas.example.com',
    candidate: 'candidate@example.com',
    guest: undefined,
  };
  const as = Object.fromEntries(ROLES.map((r) => [r, client(t, tokens[r])])) as Record<Role, Client>;

  const facts: Record<State, Record<string, unknown>> = {
    activeVisible: { status: 1 },
    addedFromSearch: { status: 1 },
    hidden: { status: 1, visibility: false },
    hiddenMoved: { status: 1, visibility: false },
    anonymous: { status: 1, anonymous: true },
    anonymousRevealed: { status: 1, anonymous: true },
    curated: { status: 1, visibility: false },
    curatedRevealed: { status: 1, visibility: false },
    paused: { status: 1 },
    semiActive: { status: 3 },
  };
  const canaries = {} as Record<State, Canary>;
  for (const [i, state] of STATES.entries()) {
    const c = code(i);
    const cap = c[0].toUpperCase() + c.slice(1);
    const phoneDigits = `${4810 + i}${7390 + i}`;
    const res = await as.admin.post('/candidates', {
      ...candidatePayload(base, {
        firstName: `${cap}first`,
        lastName: `${cap}last`,
        email: `${c}mail@leak.example.org`,
        phone: `+659 771 ${phoneDigits}`,
        linkedInUrl: `linkedin.com/in/${c}linked`,
        tags: [],
      }),
      ...facts[state],
    });
    expect(res.status, `${state}: ${JSON.stringify(res.body)}`).toBe(201);
    const id = Number(String(res.body.id).replace('Candidate:', ''));
    const picture = await storage.put(Buffer.from('89504e470d0a1a0a', 'hex'), { folder: 'profile-pics', ext: 'png' });
    const cv = await storage.put(Buffer.from(`%PDF-1.4\n${c}cvtext curriculum vitae\n%%EOF\n`), {
      folder: 'cvs',
      ext: 'pdf',
    });
    await knex('candidates')
      .where('id', id)
      .update({ profile_pic: `/uploads/${picture}`, resume_path: cv, github_url: `https://github.com/${c}git` });
    canaries[state] = {
      state,
      id,
      apiId: `Candidate:${id}`,
      markers: {
        identity: {
          firstName: `${c}first`,
          lastName: `${c}last`,
          picture: picture.split('/').pop()!.split('.')[0],
          linkedIn: `${c}linked`,
        },
        contact: {
          email: `${c}mail`,
          phone: phoneDigits,
          link: `${c}git`,
          cv: `${c}cvtext`,
          cvFile: cv.split('/').pop()!.split('.')[0],
        },
      },
    };
  }

  const acme = `Project:${w.projects.acme}`;
  const ok = (res: { status: number; body: unknown }, what: string) =>
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  // Found by the company's own search, added to a project without saved filters, moved on.
  const searched = await as.companyAdmin.get(`/search?pp=50`);
  ok(searched, 'search');
  expect(JSON.stringify(searched.body)).toContain(canaries.addedFromSearch.apiId);
  ok(
    await as.companyAdmin.post('/projects/candidate/add', {
      projectId: `Project:${w.projects.acmeUnshared}`,
      candidateId: canaries.addedFromSearch.apiId,
    }),
    'add from search',
  );
  ok(
    await as.companyAdmin.post('/projects/recruitment', {
      projectId: `Project:${w.projects.acmeUnshared}`,
      candidateId: canaries.addedFromSearch.apiId,
      recruitmentStatus: STAGES.qualify,
      confirmReveal: true,
    }),
    'move the added candidate',
  );
  // Admins curate two hidden candidates into the Acme project; the company moves one on, confirming the reveal.
  ok(
    await as.admin.post('/projects/candidate/curate', {
      projectId: acme,
      candidateIds: [canaries.curated.apiId, canaries.curatedRevealed.apiId],
    }),
    'curate',
  );
  for (const state of ['curatedRevealed', 'anonymousRevealed', 'hiddenMoved', 'paused'] as const)
    ok(
      await as.companyAdmin.post('/projects/recruitment', {
        projectId: acme,
        candidateId: canaries[state].apiId,
        recruitmentStatus: STAGES.qualify,
        confirmReveal: true,
      }),
      `move ${state}`,
    );
  // The semi-active candidate sits in the Acme pipeline (admins met them there); the paused one pauses their own profile.
  await knex('project_candidates').insert({
    project_id: w.projects.acme,
    candidate_id: canaries.semiActive.id,
    company_id: w.companies.acme,
    stage: STAGES.shortlist,
  });
  const pausedToken = await t.login(`${code(STATES.indexOf('paused'))}mail@leak.example.org`);
  ok(await client(t, pausedToken).post(`/candidates/${canaries.paused.apiId}/pause`), 'pause');

  // The states hold as the matrix assumes them.
  const placed = await knex('project_candidates')
    .where('project_id', w.projects.acme)
    .select('candidate_id', 'stage', 'revealed_at');
  const row = (s: State) => placed.find((r) => r.candidate_id === canaries[s].id);
  expect(row('curatedRevealed')?.revealed_at).not.toBeNull();
  expect(row('anonymousRevealed')?.revealed_at).not.toBeNull();
  expect(row('hiddenMoved')?.revealed_at ?? null).toBeNull();
  expect(row('curated')?.stage).toBe(STAGES.open);
  expect((await knex('candidates').where('id', canaries.paused.id).first('status')).status).toBe(2);

  const ids = Object.values(canaries).map((c) => c.id);
  const rowIds = async (table: string) => (await knex(table).whereIn('candidate_id', ids).pluck('id')) as number[];
  const rows = { experiences: await rowIds('candidate_experiences'), educations: await rowIds('candidate_educations') };
  return { w, canaries, as, tokens, emails, projects: Object.values(w.projects), rows };
}
