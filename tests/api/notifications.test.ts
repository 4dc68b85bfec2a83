/**
 * Notifications: one thread per subject, updated in place; each person reads and changes only their
 * own threads; who receives a kind follows the declared permissions; the preferences choose the
 * inbox, an email too, or nothing; and the recipient's open pages hear of a new thread live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_AUDIENCE, NOTIFICATION_KIND } from '../../schema/entities/live/notification';
import { STAGES } from '../../schema/rules/pipeline';
import { listOutbox } from '../../backend/services/mail/outbox';
import { REJECT, type PipelineWorld, type Who } from '../helpers/pipeline';
import { closeLiveWorld, livePipelineWorld, socketOf, type LiveServer } from '../helpers/live';

let w: PipelineWorld;
let s: LiveServer;

beforeAll(async () => {
  ({ w, s } = await livePipelineWorld());
}, 120_000);
afterAll(() => closeLiveWorld(w, s));

interface Thread {
  id: number;
  kind: string;
  title: string;
  link: string;
  unread: boolean;
  archived: boolean;
  events: number;
  subject: string;
}
const inbox = async (who: Who, filter = 'all'): Promise<{ data: Thread[]; unreadCount: number; total: number }> => {
  const res = await w.as(who).get(`/notifications?filter=${filter}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Puts the candidate in the longlist (guaranteed, so no plan stands in the way) and moves them on. */
const fromLonglist = async (who: Who, projectId: number, name: string, to: number) => {
  const at = new Date();
  await w.place(projectId, name, STAGES.qualify, { guaranteed_at: at, interview_scheduled_at: at });
  const res = await move(who, projectId, name, to, { rejectFormData: REJECT });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const move = (who: Who, projectId: number, name: string, to: number, extra: Record<string, unknown> = {}) =>
  w.as(who).post('/projects/recruitment', {
    projectId: `Project:${projectId}`,
    candidateId: [w.cid(name)],
    recruitmentStatus: to,
    ...extra,
  });
const curate = (who: Who, projectId: number, names: string[]) =>
  w.as(who).post('/projects/candidate/curate', { projectId, candidateIds: names.map((n) => w.cid(n)) });

describe("A company's moves reach the project's talent advocate", () => {
  it('a move starts a thread on the candidate, a rejection updates the same thread and makes it unread again', async () => {
    await fromLonglist('company', w.projects.acme, 'Ava', STAGES.shortlist);
    let threads = (await inbox('advocate')).data.filter(
      (n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Ava}`,
    );
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      kind: 'candidateMovedByCompany',
      unread: true,
      events: 1,
      link: `/project/${w.projects.acme}`,
    });
    expect(threads[0].title).toBe('Acme moved Ava Tan to Shortlist in Acme engineers');
    await w.as('advocate').post(`/notifications/${threads[0].id}/read`, {}).expect(200);

    expect((await move('company', w.projects.acme, 'Ava', STAGES.rejected, { rejectFormData: REJECT })).status).toBe(
      200,
    );
    threads = (await inbox('advocate')).data.filter(
      (n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Ava}`,
    );
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ unread: true, events: 2, title: 'Acme rejected Ava Tan in Acme engineers' });
  });

  it("an admin's own moves and projects without an advocate notify nobody", async () => {
    const before = await w.knex('notifications').count('* as n').first();
    await fromLonglist('company', w.projects.acmeUnshared, 'Ben', STAGES.shortlist);
    await fromLonglist('advocate', w.projects.acme, 'Ben', STAGES.shortlist);
    expect(await w.knex('notifications').count('* as n').first()).toEqual(before);
  });
});

describe('Curated candidates reach the company users who may open the project', () => {
  it('the owner hears of it, live; the member who may not open the project and another company do not', async () => {
    const [owner, member, raas] = await Promise.all([
      socketOf(s, w.tokens.company),
      socketOf(s, w.tokens.member),
      socketOf(s, w.tokens.raas),
    ]);
    for (const sock of [owner, member, raas]) await sock.next((m) => m.type === 'ready');
    expect((await curate('admin', w.projects.acme, ['Ivy'])).body.added).toBe(1);
    const thread = (await inbox('company')).data.find(
      (n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Ivy}`,
    );
    expect(thread).toMatchObject({
      kind: 'candidateCurated',
      title: 'Ivy Koh was added to Acme engineers',
      unread: true,
    });
    const event = await owner.next((m) => m.topic === 'notification');
    expect(event.subjectId).toBe(thread?.id);
    expect((await inbox('member')).data.some((n) => n.kind === 'candidateCurated')).toBe(false);
    expect(await member.quiet(300)).toEqual([]);
    expect(await raas.quiet(100)).toEqual([]);
    for (const sock of [owner, member, raas]) sock.close();
  });

  it('an anonymous candidate is named to the company the way the board names them: not at all', async () => {
    expect((await curate('admin', w.projects.acme, ['Eve'])).body.added).toBe(1);
    const thread = (await inbox('company')).data.find(
      (n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Eve}`,
    );
    expect(thread?.title).toBe('A candidate was added to Acme engineers');
    expect(thread?.title).not.toContain('Eve');
  });

  it('nobody hears of a candidate their board does not show: a RaaS company of the advocates’ stages, a company of a candidate it does not meet', async () => {
    const raas = await socketOf(s, w.tokens.raas);
    await raas.next((m) => m.type === 'ready');
    // Curated into a RaaS project: the suggested tab and the longlist are the advocates' work (spec section 4).
    expect((await curate('admin', w.projects.raasPower, ['Ivy', 'Eve'])).body.added).toBe(2);
    expect((await inbox('raas')).data.some((n) => n.link === `/project/${w.projects.raasPower}`)).toBe(false);
    await raas.quiet(300);
    expect(raas.received.filter((m) => m.type === 'event' && m.topic === 'notification')).toEqual([]);
    raas.close();
    // Another company's people hear nothing of it.
    expect((await inbox('company')).data.some((n) => n.link === `/project/${w.projects.raasPower}`)).toBe(false);
    // A semi-active candidate, whom companies do not meet, curated by an admin: the company is not told of them.
    expect((await curate('admin', w.projects.acme, ['Cara'])).body.added).toBe(1);
    expect((await inbox('company')).data.some((n) => n.subject.endsWith(`:${w.ids.Cara}`))).toBe(false);
  });
});

describe('Nobody reads or changes another person’s notifications', () => {
  it("another person's thread is not found, whatever the call", async () => {
    const thread = (await inbox('company')).data[0];
    for (const who of ['member', 'raas', 'admin', 'advocate'] as Who[]) {
      expect((await w.as(who).post(`/notifications/${thread.id}/read`, {})).status).toBe(404);
      expect((await w.as(who).post(`/notifications/${thread.id}/archive`, {})).status).toBe(404);
      expect((await inbox(who)).data.some((n) => n.id === thread.id)).toBe(false);
    }
    expect((await w.as('raas').post('/notifications/read-all', {})).status).toBe(200);
    expect((await inbox('company')).data.find((n) => n.id === thread.id)?.unread).toBe(true);
  });

  it('signed out, the inbox is refused; a candidate has none', async () => {
    expect((await w.t.http.get('/api/v1/notifications')).status).toBe(401);
    expect((await w.as('candidate').get('/notifications')).status).toBe(403);
  });

  it('a bad filter is refused, an id that is none is not found', async () => {
    const res = await w.as('company').get('/notifications?filter=everything');
    expect(res.status).toBe(400);
    expect((await w.as('company').post('/notifications/abc/read', {})).status).toBe(404);
  });
});

describe('Reading, archiving and the unread count', () => {
  it('marking one read, all read and archiving move the count and the lists', async () => {
    await curate('admin', w.projects.acme, ['Dev']);
    const start = await inbox('company', 'unread');
    expect(start.unreadCount).toBeGreaterThanOrEqual(2);
    const [first, second] = start.data;
    const read = await w.as('company').post(`/notifications/${first.id}/read`, {});
    expect(read.body.unreadCount).toBe(start.unreadCount - 1);
    expect((await w.as('company').get('/notifications/unread-count')).body.unreadCount).toBe(start.unreadCount - 1);
    const archived = await w.as('company').post(`/notifications/${second.id}/archive`, {});
    expect(archived.body.data).toMatchObject({ archived: true, unread: false });
    expect((await inbox('company', 'archived')).data.map((n) => n.id)).toEqual([second.id]);
    expect((await inbox('company')).data.some((n) => n.id === second.id)).toBe(false);
    expect((await w.as('company').post('/notifications/read-all', {})).body.unreadCount).toBe(0);
    expect((await inbox('company', 'unread')).data).toEqual([]);
  });

  it('a new event about an archived subject brings its thread back to the inbox, unread', async () => {
    const archived = (await inbox('company', 'archived')).data[0];
    const [, projectId, candidateId] = archived.subject.split(':').map(Number);
    await w
      .knex('project_candidates')
      .where({ project_id: projectId, candidate_id: candidateId })
      .update({ curated: false });
    const name = Object.entries(w.ids).find(([, id]) => id === candidateId)?.[0] as string;
    expect((await curate('admin', projectId, [name])).body.added).toBe(1);
    const back = (await inbox('company')).data.find((n) => n.id === archived.id);
    expect(back).toMatchObject({ archived: false, unread: true, events: 2 });
  });
});

describe('Preferences per kind', () => {
  it('lists every kind in the inbox by default; off stops the kind, email queues an email through the outbox', async () => {
    const prefs = (await w.as('advocate').get('/notification-preferences')).body.data as {
      kind: string;
      channel: string;
    }[];
    expect(prefs.find((p) => p.kind === 'candidateMovedByCompany')?.channel).toBe('inApp');
    const adminKinds = (Object.keys(NOTIFICATION_KIND) as (keyof typeof NOTIFICATION_KIND)[]).filter(
      (k) => NOTIFICATION_AUDIENCE[k].admin,
    );
    expect(prefs.map((p) => p.kind).sort()).toEqual(adminKinds.sort());

    await w
      .as('advocate')
      .put('/notification-preferences', { kind: 'candidateMovedByCompany', channel: 'off' })
      .expect(200);
    await fromLonglist('company', w.projects.acme, 'Ben', STAGES.shortlist);
    expect(
      (await inbox('advocate')).data.some((n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Ben}`),
    ).toBe(false);

    await w
      .as('advocate')
      .put('/notification-preferences', { kind: 'candidateMovedByCompany', channel: 'email' })
      .expect(200);
    await fromLonglist('company', w.projects.acme, 'Ava', STAGES.shortlist);
    expect(
      (await inbox('advocate')).data.some((n) => n.subject === `projectCandidate:${w.projects.acme}:${w.ids.Ava}`),
    ).toBe(true);
    const [mail] = await listOutbox(w.knex, 'advocate@example.com', 1);
    expect(mail.subject).toBe('Talentbase: Acme moved Ava Tan to Shortlist in Acme engineers');
    expect(mail.text).toContain(`/project/${w.projects.acme}`);
  });

  it('offers each person only the kinds that can reach them, and refuses a setting for another kind', async () => {
    const kinds = async (who: Who) =>
      ((await w.as(who).get('/notification-preferences')).body.data as { kind: string }[]).map((p) => p.kind);
    const owner = await kinds('company');
    const member = await kinds('member');
    for (const adminOnly of ['companyAwaitsApproval', 'qualifyAnswered', 'matchFinished', 'paymentReversed']) {
      expect(owner).not.toContain(adminOnly);
      expect(member).not.toContain(adminOnly);
    }
    expect(owner).toEqual(expect.arrayContaining(['candidateCurated', 'syncFailed', 'chatMessage']));
    // A failed sync is told to whoever manages the integrations: a Member never hears of it.
    expect(member).not.toContain('syncFailed');
    expect(await kinds('admin')).not.toContain('creditsLow');

    const refused = await w.as('member').put('/notification-preferences', { kind: 'syncFailed', channel: 'email' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ kind: 'notifications.errors.notForYou' });
    const asAdmin = await w.as('company').put('/notification-preferences', { kind: 'paymentReversed', channel: 'off' });
    expect(asAdmin.status).toBe(400);
  });

  it('an unknown kind or channel is refused', async () => {
    const res = await w.as('company').put('/notification-preferences', { kind: 'everything', channel: 'pigeon' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? res.body.error.details ?? {}).length).toBeGreaterThan(0);
  });
});
