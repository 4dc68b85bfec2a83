/**
 * The canary crawl's world: the leak matrix's candidates in every state (tests/helpers/leak/world.ts),
 * one more in another company's project, a portfolio link beside each one's GitHub link, and a
 * history built the way people build it, through the API: admins curate into a company's and a RaaS
 * company's projects (and shortlist one there, with an interview request, as RaaS boards start at shortlist), a
 * company sends interview requests (one to a candidate still anonymous to
 * it), a candidate accepts one from the emailed link, admins and the company write notes and chat
 * in the project, the queue sends the emails and the notifications. Each role keeps a live socket
 * open from before the history starts (and asks from the first event on), so every frame it was
 * sent can be read afterwards.
 */
import { expect } from 'vitest';
import { STAGES } from '../../../schema/rules/pipeline';
import { requestEmail } from '../interviews';
import { runJobs } from '../jobs';
import { leakWorld, ROLES, STATES as LEAK_STATES, type LeakWorld, type Role } from '../leak/world';
import { liveServer, openSocket, type LiveServer, type LiveSocket } from '../live';
import { candidatePayload, talentIds } from '../talent';

export { ROLES, type Role };

/** The leak matrix's states, and a public candidate another company moved on in its own project. */
export const STATES = [...LEAK_STATES, 'otherCompanyProject'] as const;
export type State = (typeof STATES)[number];

export interface CanaryMarkers {
  /** What goes with the identity: names, picture file, LinkedIn. */
  identity: Record<string, string>;
  /** What goes with the contact: email, phone, links other than LinkedIn, the CV's text and file. */
  contact: Record<string, string>;
}

export interface CanaryCandidate {
  state: State;
  id: number;
  apiId: string;
  markers: CanaryMarkers;
}

export interface CanaryWorld {
  lw: LeakWorld;
  canaries: Record<State, CanaryCandidate>;
  /** Session tokens by role (none for a visitor). */
  tokens: Record<Role, string | undefined>;
  /** Every frame each role's socket received while the history was built (a refused socket: none). */
  frames: Record<Role, unknown[]>;
  /** Why a role's socket was refused, when it was. */
  refused: Partial<Record<Role, number>>;
}

const OTHER = 'zxgl';

export async function canaryWorld(): Promise<CanaryWorld> {
  const lw = await leakWorld();
  const { w } = lw;
  const t = w.t;
  const tokens = lw.tokens;
  const live = await liveServer(t);
  const sockets = await openAll(live, tokens);

  const ok = (res: { status: number; body: unknown }, what: string) =>
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  const canaries = { ...lw.canaries } as Record<State, CanaryCandidate>;

  // One more: a public candidate Globex found in its search, added to its project and moved on.
  const base = await talentIds(w.knex);
  const created = await lw.as.admin.post('/candidates', {
    ...candidatePayload(base, {
      firstName: `${cap(OTHER)}first`,
      lastName: `${cap(OTHER)}last`,
      email: `${OTHER}mail@leak.example.org`,
      phone: '+659 771 59260417',
      linkedInUrl: `linkedin.com/in/${OTHER}linked`,
      githubUrl: `https://github.com/${OTHER}git`,
      tags: [],
    }),
    status: 1,
  });
  ok(created, 'create the other company’s candidate');
  const otherId = Number(String(created.body.id).replace('Candidate:', ''));
  canaries.otherCompanyProject = {
    state: 'otherCompanyProject',
    id: otherId,
    apiId: `Candidate:${otherId}`,
    markers: {
      identity: { firstName: `${OTHER}first`, lastName: `${OTHER}last`, linkedIn: `${OTHER}linked` },
      contact: { email: `${OTHER}mail`, phone: '59260417', link: `${OTHER}git` },
    },
  };
  const globex = `Project:${w.projects.globex}`;
  ok(
    await lw.as.otherCompany.post('/projects/candidate/add', {
      projectId: globex,
      candidateId: `Candidate:${otherId}`,
    }),
    'Globex adds from its search',
  );
  ok(
    await lw.as.otherCompany.post('/projects/recruitment', {
      projectId: globex,
      candidateId: `Candidate:${otherId}`,
      recruitmentStatus: STAGES.qualify,
      confirmReveal: true,
    }),
    'Globex moves its candidate on',
  );

  // Every candidate gets a portfolio page, a way to reach them (it goes with the contact), written by an admin.
  for (const state of STATES) {
    const c = canaries[state];
    const code = c.markers.identity.firstName.replace(/first$/, '');
    ok(
      await lw.as.admin.put(`/candidates/${c.apiId}`, { portfolioUrl: `https://${code}folio.example.org/work` }),
      `portfolio of ${state}`,
    );
    c.markers = { identity: c.markers.identity, contact: { ...c.markers.contact, portfolio: `${code}folio` } };
  }

  // Admins curate the public and the anonymous candidate into the Acme board and a RaaS board.
  const acme = `Project:${w.projects.acme}`;
  for (const project of [acme, `Project:${w.projects.raasPower}`])
    ok(
      await lw.as.admin.post('/projects/candidate/curate', {
        projectId: project,
        candidateIds: [canaries.activeVisible.apiId, canaries.anonymous.apiId],
      }),
      `curate into ${project}`,
    );
  // The advocates longlist and shortlist the public one in the RaaS project: its board shows them from shortlist on.
  for (const stage of [STAGES.qualify, STAGES.shortlist])
    ok(
      await lw.as.admin.post('/projects/recruitment', {
        projectId: `Project:${w.projects.raasPower}`,
        candidateId: canaries.activeVisible.apiId,
        recruitmentStatus: stage,
      }),
      `the advocates move the public canary to ${stage} in the RaaS project`,
    );
  ok(
    await lw.as.admin.post('/projects/candidate/interview/request', {
      projectId: `Project:${w.projects.raasPower}`,
      candidateId: canaries.activeVisible.apiId,
      requestAction: 'request_interview',
      jdText: 'Lead the data platform.',
    }),
    'the advocates ask the shortlisted public canary for an interview in the RaaS project',
  );

  // The company asks three of them for an interview: one revealed to it, one public, one still anonymous to it.
  for (const state of ['anonymousRevealed', 'activeVisible', 'anonymous'] as const)
    ok(
      await lw.as.companyAdmin.post('/projects/candidate/interview/request', {
        projectId: acme,
        candidateId: canaries[state].apiId,
        requestAction: 'request_interview',
        jdText: 'Build and run the services behind our hiring product.',
      }),
      `interview request to ${state}`,
    );
  await runJobs(t);
  const { token } = await requestEmail(w.knex, `${canaries.anonymousRevealed.markers.contact.email}@leak.example.org`);
  ok(
    await lw.as.guest.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    }),
    'the revealed candidate accepts',
  );

  // Notes for the company (visibility 2) by the project's advocate and by the company, and the project's chat.
  for (const [who, state] of [
    ['advocate', 'curatedRevealed'],
    ['advocate', 'anonymous'],
    ['companyAdmin', 'anonymousRevealed'],
  ] as const)
    ok(
      await lw.as[who].post('/candidate-note', {
        projectId: acme,
        candidateId: canaries[state].apiId,
        note: `Spoke with them about the role (${who})`,
        visibility: 2,
      }),
      `note by ${who} on ${state}`,
    );
  const publicName = `${cap(canaries.activeVisible.markers.identity.firstName)}`;
  ok(
    await lw.as.advocate.post(`/projects/${w.projects.acme}/conversation/messages`, {
      body: `${publicName} is free for a call on Tuesday; two more profiles are on the board.`,
    }),
    'the advocate writes in the project chat',
  );
  ok(
    await lw.as.companyAdmin.post(`/projects/${w.projects.acme}/conversation/messages`, {
      body: 'Thanks, booking it.',
    }),
    'the company answers',
  );
  await runJobs(t);

  // The sockets have had every event: read what they hold, then close them.
  await Promise.all(Object.values(sockets).map((s) => (s && 'ws' in s ? s.quiet(300) : undefined)));
  const frames = {} as Record<Role, unknown[]>;
  const refused: Partial<Record<Role, number>> = {};
  for (const role of ROLES) {
    const s = sockets[role];
    if (s && 'refused' in s) refused[role] = s.refused;
    frames[role] = s && 'ws' in s ? [...s.received] : [];
    if (s && 'ws' in s) s.close();
  }
  await live.close();
  return { lw, canaries, tokens, frames, refused };
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** A socket per role, asking for every event from the first (a role the channel refuses gets its refusal). */
async function openAll(
  live: LiveServer,
  tokens: Record<Role, string | undefined>,
): Promise<Record<Role, LiveSocket | { refused: number } | undefined>> {
  const out = {} as Record<Role, LiveSocket | { refused: number } | undefined>;
  await Promise.all(
    ROLES.map(async (role) => {
      out[role] = await openSocket(live, tokens[role], { after: 0 });
      if ('ws' in out[role]) await out[role].next((m) => m.type === 'ready');
    }),
  );
  return out;
}
