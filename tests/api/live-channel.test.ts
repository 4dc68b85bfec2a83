/**
 * The live channel: one WebSocket on the app's own port, opened with the session cookie from a
 * page of our origin; it carries events (ids, never content), each to the people who may read its
 * subject, whichever process raised it, and a socket that reconnects gets what it missed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../backend/auth/tokens';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../../schema/rules/consents';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';
import { liveServer, openSocket, socketOf, type LiveServer, type LiveSocket } from '../helpers/live';
import { MAX_SOCKETS_PER_SESSION } from '../../backend/features/live';

let w: PipelineWorld;
let s: LiveServer;
const open: LiveSocket[] = [];

beforeAll(async () => {
  w = await pipelineWorld();
  s = await liveServer(w.t);
});
// A session holds a handful of sockets at once: each test closes its own.
afterEach(() => {
  for (const sock of open.splice(0)) sock.close();
});
afterAll(async () => {
  await s?.close();
  await w?.t.knex.destroy();
});

const socket = async (who: Who, after?: number) => {
  const sock = await socketOf(s, w.tokens[who], { after });
  open.push(sock);
  return sock;
};
const note = (who: Who, projectId: number, text: string) =>
  w
    .as(who)
    .post('/candidate-note', { candidateId: w.cid('Ava'), projectId: `Project:${projectId}`, note: text })
    .expect(201);
const aboutProject = (projectId: number) => (m: { type: string; topic?: string; subjectId?: number }) =>
  m.type === 'event' && m.topic === 'project' && m.subjectId === projectId;

describe('Who may open the channel', () => {
  it('a page of another site is refused, even with the session cookie', async () => {
    expect(await openSocket(s, w.tokens.company, { origin: 'https://evil.example.com' })).toEqual({ refused: 403 });
  });

  it('no session cookie, or a dead one, is refused as signed out', async () => {
    expect(await openSocket(s, undefined)).toEqual({ refused: 401 });
    expect(await openSocket(s, 'not-a-session')).toEqual({ refused: 401 });
  });

  it('a candidate has no boards nor inboxes and is refused', async () => {
    expect(await openSocket(s, w.tokens.candidate)).toEqual({ refused: 403 });
  });

  it('a resume point that is not an event id is refused', async () => {
    const res = await openSocket(s, w.tokens.company, { after: -3 });
    expect(res).toEqual({ refused: 400 });
  });
});

describe('Who receives a board event', () => {
  it("a note on a project reaches the company's people who may open it and the admins, and nobody else", async () => {
    const [owner, member, raas, admin] = await Promise.all([
      socket('company'),
      socket('member'),
      socket('raas'),
      socket('admin'),
    ]);
    for (const sock of [owner, member, raas, admin]) await sock.next((m) => m.type === 'ready');
    await note('advocate', w.projects.acme, 'Strong systems background');
    const event = await owner.next(aboutProject(w.projects.acme));
    expect(event.kind).toBe('pipeline.8');
    expect(Object.keys(event).sort()).toEqual(['id', 'kind', 'subjectId', 'topic', 'type']);
    await admin.next(aboutProject(w.projects.acme));
    // The member may not open this project (not theirs, not shared); Northwind is another company.
    expect(await member.quiet()).toEqual([]);
    expect(await raas.quiet(100)).toEqual([]);
  });

  it("a note for admins alone reaches the admins' sockets and none of the company's", async () => {
    const [owner, admin] = await Promise.all([socket('company'), socket('admin')]);
    for (const sock of [owner, admin]) await sock.next((m) => m.type === 'ready');
    await w
      .as('advocate')
      .post('/candidate-note', {
        ...{ candidateId: w.cid('Ava'), projectId: `Project:${w.projects.acme}` },
        ...{ note: 'Between us: salary is a stretch', visibility: 1 },
      })
      .expect(201);
    expect((await admin.next(aboutProject(w.projects.acme))).kind).toBe('pipeline.8.admins');
    await owner.quiet(300);
    expect(owner.received.filter(aboutProject(w.projects.acme))).toEqual([]);
    for (const sock of [owner, admin]) sock.close();
  });

  it('the member receives the events of the project they own', async () => {
    // A note is about a candidate the project reaches: one an admin curated into it.
    await w.place(w.projects.memberOwn, 'Ava', 0, { curated: true });
    const member = await socket('member');
    await member.next((m) => m.type === 'ready');
    await note('member', w.projects.memberOwn, 'Follow up on Friday');
    await member.next(aboutProject(w.projects.memberOwn));
  });

  it('an event written by another database connection (the worker) reaches the sockets once it commits', async () => {
    const owner = await socket('company');
    await owner.next((m) => m.type === 'ready');
    const trx = await w.knex.transaction();
    await trx('candidate_recruitment_stage_logs').insert({
      candidate_id: w.ids.Ava,
      project_id: w.projects.acme,
      activity: 16,
    });
    expect(await owner.quiet(300)).toEqual([]);
    await trx.commit();
    const event = await owner.next((m) => aboutProject(w.projects.acme)(m) && m.kind === 'pipeline.16');
    expect(event.id).toBeGreaterThan(0);
  });

  it('a burst of separate commits arrives whole and in order, grouped into fewer frames than events', async () => {
    const owner = await socket('company');
    await owner.next((m) => m.type === 'ready');
    let frames = 0;
    owner.ws.on('message', () => frames++);
    const from = owner.received.length;
    for (let i = 0; i < 40; i++)
      await w.knex('live_events').insert({ topic: 1, subject_id: w.projects.acme, kind: `burst.${i}` });
    await owner.next((m) => m.kind === 'burst.39');
    const burst = owner.received.slice(from).filter((m) => m.kind?.startsWith('burst.'));
    expect(burst.map((m) => m.kind)).toEqual(Array.from({ length: 40 }, (_, i) => `burst.${i}`));
    expect(burst.map((m) => m.id)).toEqual([...burst.map((m) => m.id as number)].sort((a, b) => a - b));
    expect(frames).toBeLessThan(40);
  });

  it('a rolled-back change raises nothing', async () => {
    const owner = await socket('company');
    await owner.next((m) => m.type === 'ready');
    const trx = await w.knex.transaction();
    await trx('candidate_recruitment_stage_logs').insert({
      candidate_id: w.ids.Ava,
      project_id: w.projects.acme,
      activity: 16,
    });
    await trx.rollback();
    expect(await owner.quiet(400)).toEqual([]);
  });
});

describe('A board event about a candidate the company’s board does not show', () => {
  const raasProject = () => w.projects.raasPower;
  const move = (candidate: string, recruitmentStatus: number) =>
    w
      .as('admin')
      .post('/projects/recruitment', { projectId: raasProject(), candidateId: w.cid(candidate), recruitmentStatus })
      .expect(200);

  it('curation and the longlist of a RaaS project reach the admins alone; the shortlist reaches the RaaS company', async () => {
    const [raas, admin] = await Promise.all([socket('raas'), socket('admin')]);
    for (const sock of [raas, admin]) await sock.next((m) => m.type === 'ready');
    const kinds = (sock: LiveSocket) => sock.received.filter(aboutProject(raasProject())).map((m) => m.kind);
    // The suggested tab and the longlist are the advocates' work (spec section 4): the RaaS board shows neither.
    const curated = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: raasProject(), candidateIds: [w.cid('Ben')] })
      .expect(200);
    expect(curated.body.added).toBe(1);
    expect((await admin.next(aboutProject(raasProject()))).kind).toBe('pipeline.14.admins');
    await move('Ben', 1);
    await w
      .as('admin')
      .post('/candidate-note', {
        candidateId: w.cid('Ben'),
        projectId: `Project:${raasProject()}`,
        note: 'Strong on Go',
      })
      .expect(201);
    await admin.next((m) => aboutProject(raasProject())(m) && m.kind === 'pipeline.8.admins');
    await raas.quiet(300);
    expect(kinds(raas)).toEqual([]);
    expect(kinds(admin)).toEqual(['pipeline.14.admins', 'pipeline.1.admins', 'pipeline.8.admins']);
    // Shortlisted, Ben is on the RaaS board: the move reaches it, and so does an admin's skip back to the longlist,
    // which takes him off it.
    await move('Ben', 2);
    expect((await raas.next(aboutProject(raasProject()))).kind).toBe('pipeline.1');
    await move('Ben', 1);
    await expect.poll(() => kinds(raas)).toEqual(['pipeline.1', 'pipeline.1']);
  });

  it('activity about a candidate a company does not meet (paused, or hidden from companies) reaches the admins alone', async () => {
    const [owner, admin] = await Promise.all([socket('company'), socket('admin')]);
    for (const sock of [owner, admin]) await sock.next((m) => m.type === 'ready');
    await w.knex('candidate_consents').insert({
      candidate_id: w.ids.Ivy,
      purpose: CONSENT_PURPOSES.shownToCompanies,
      granted: false,
      source: CONSENT_SOURCES.profile,
    });
    // Cara is semi-active: admins reach her, companies do not.
    for (const candidate of ['Cara', 'Ivy'])
      await w
        .knex('candidate_recruitment_stage_logs')
        .insert({ candidate_id: w.ids[candidate], project_id: w.projects.acme, activity: 16 });
    const kinds = () => admin.received.filter(aboutProject(w.projects.acme)).map((m) => m.kind);
    await expect.poll(kinds).toEqual(['pipeline.16.admins', 'pipeline.16.admins']);
    await owner.quiet(300);
    expect(owner.received.filter(aboutProject(w.projects.acme))).toEqual([]);
  });
});

describe('Reconnecting', () => {
  it('a socket that comes back after the last id it saw gets what it missed, and only what it may read', async () => {
    const first = await socket('company');
    const ready = await first.next((m) => m.type === 'ready');
    first.close();
    await note('admin', w.projects.acme, 'Missed while away');
    await note('admin', w.projects.globex, "Another company's news");
    const again = await socket('company', ready.last);
    await again.next((m) => m.type === 'ready');
    const events = again.received.filter((m) => m.type === 'event');
    expect(events.some(aboutProject(w.projects.acme))).toBe(true);
    expect(events.some(aboutProject(w.projects.globex))).toBe(false);
    // In order, and the ready message comes after the replay.
    const ids = events.map((m) => m.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(again.received.at(-1)?.type).toBe('ready');
  });

  it('on a busy channel, a socket hundreds of events behind catches up instead of being told to reload', async () => {
    // 800 recent events below its last id (the overlap a late commit may hide in), 600 after it.
    const rows = (n: number, kind: string) =>
      Array.from({ length: n }, () => ({ topic: 1, subject_id: w.projects.acme, kind }));
    await w.knex('live_events').insert(rows(800, 'seen'));
    const last = Number((await w.knex('live_events').max('id as id').first())?.id);
    await w.knex('live_events').insert(rows(600, 'missed'));
    const sock = await socket('company', last);
    await sock.next((m) => m.type === 'ready', 10_000);
    expect(sock.received.some((m) => m.type === 'reset')).toBe(false);
    const missed = sock.received.filter((m) => m.type === 'event' && (m.id as number) > last);
    expect(missed.length).toBe(600);
  });

  it('a socket far behind the kept events is told to reload its screens', async () => {
    const oldest = Number((await w.knex('live_events').min('id as id').first())?.id);
    await w.knex('live_events').where('id', oldest).delete();
    const sock = await socket('company', 0);
    const first = await sock.next((m) => m.type === 'reset' || m.type === 'ready');
    expect(first.type).toBe('reset');
  });

  it('signing out closes the socket', async () => {
    const token = await w.t.login('owner@acme.example.com');
    const sock = await socketOf(s, token);
    open.push(sock);
    await sock.next((m) => m.type === 'ready');
    const closed = new Promise<number>((r) => sock.ws.once('close', (code) => r(code)));
    await w.t.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`);
    await s.live.hub.checkSessions();
    expect(await closed).toBe(4401);
  });
});

describe('When a person’s access changes, their open sockets follow at once', () => {
  const raise = (projectId: number, kind: string) =>
    w.knex('live_events').insert({ topic: 1, subject_id: projectId, kind });
  const setRole = (companyRole: number) =>
    w
      .as('company')
      .put('/company-users/role', { users: [w.people.member], companyRole })
      .expect(200);
  const closeCode = (sock: { ws: { once(e: 'close', f: (code: number) => void): unknown } }) =>
    new Promise<number>((r) => sock.ws.once('close', (code) => r(code)));

  it('an Admin demoted to Member stops receiving a project not shared with them, and keeps their own', async () => {
    await setRole(1);
    const member = await socket('member');
    await member.next((m) => m.type === 'ready');
    await raise(w.projects.acmeUnshared, 'probe.before');
    await member.next((m) => m.kind === 'probe.before');

    await setRole(2);
    await raise(w.projects.acmeUnshared, 'probe.after');
    await raise(w.projects.memberOwn, 'probe.own');
    // Events go out in id order: once the later one arrived, the earlier one would have too.
    await member.next((m) => m.kind === 'probe.own');
    expect(member.received.filter((m) => m.kind === 'probe.after')).toEqual([]);
    expect(member.ws.readyState).toBe(member.ws.OPEN);
    // Its HTTP view agrees: the project is not found.
    expect((await w.as('member').get(`/projects/pipe-line?project_id=${w.projects.acmeUnshared}`)).status).toBe(404);
  });

  it('a project unshared from a Member stops reaching their socket at once', async () => {
    const share = (accessType: number) =>
      w
        .as('company')
        .post('/project-share/access/user', {
          projectId: w.projects.acmeUnshared,
          userId: `User:${w.people.member}`,
          accessType,
        })
        .expect(200);
    await share(1);
    const member = await socket('member');
    await member.next((m) => m.type === 'ready');
    await raise(w.projects.acmeUnshared, 'shared.before');
    await member.next((m) => m.kind === 'shared.before');
    await share(0);
    await raise(w.projects.acmeUnshared, 'shared.after');
    await raise(w.projects.memberOwn, 'shared.own');
    await member.next((m) => m.kind === 'shared.own');
    expect(member.received.filter((m) => m.kind === 'shared.after')).toEqual([]);
  });

  it('one session holds at most MAX_SOCKETS_PER_SESSION sockets: the next is refused until one closes', async () => {
    const token = await w.t.login('owner@acme.example.com');
    const five = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => socketOf(s, token)));
    open.push(...five);
    expect(await openSocket(s, token)).toEqual({ refused: 429 });
    // Another session of the same person is counted apart.
    open.push(await socket('company'));
    five[0].close();
    const hash = sha256(token);
    await expect
      .poll(() => [...s.live.hub.clients].filter((c) => c.tokenHash === hash).length)
      .toBe(MAX_SOCKETS_PER_SESSION - 1);
    open.push(await socketOf(s, token));
  });

  it('a deactivated person’s sockets close at once, as signed out', async () => {
    const member = await socket('member');
    await member.next((m) => m.type === 'ready');
    const closed = closeCode(member);
    await w
      .as('company')
      .put('/company-users/status', { users: [w.people.member], status: 2 })
      .expect(200);
    // No heartbeat (every 30 s) is waited for: the change itself closes it.
    const late = new Promise<string>((r) => setTimeout(() => r('still open after 3 s'), 3000));
    expect(await Promise.race([closed, late])).toBe(4401);
    expect(await openSocket(s, w.tokens.member)).toEqual({ refused: 401 });
  });
});
