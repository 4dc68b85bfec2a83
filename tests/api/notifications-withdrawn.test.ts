/**
 * A notification's title is written when its event happens, naming the candidate as the recipient
 * could see them then; what a company user reads later follows what they may see now. A candidate
 * who withdraws the consent to be shown to companies (or pauses, or is taken off the reader's
 * board, or whose project is unshared from the reader) leaves the company's inbox and its unread
 * count at once; one who turns anonymous keeps their thread, without their name. Admins' threads
 * read as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, REJECT, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

interface Thread {
  id: number;
  kind: string;
  title: string;
  unread: boolean;
  subject: string;
}
interface Inbox {
  data: Thread[];
  unreadCount: number;
  total: number;
}
const inbox = async (who: Who, filter = 'all'): Promise<Inbox> => {
  const res = await w.as(who).get(`/notifications?filter=${filter}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const bell = async (who: Who): Promise<number> =>
  (await w.as(who).get('/notifications/unread-count').expect(200)).body.unreadCount;
const curate = async (projectId: number, names: string[]) => {
  const res = await w
    .as('admin')
    .post('/projects/candidate/curate', { projectId, candidateIds: names.map((n) => w.cid(n)) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.added).toBe(names.length);
};
const consent = async (name: string, shownToCompanies: boolean) => {
  const res = await w.as('admin').put(`/data-rights/candidates/${w.cid(name)}/consents`, {
    consents: { shownToCompanies },
    request: 'Asked by email',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const subjectOf = (projectId: number, name: string) => `projectCandidate:${projectId}:${w.ids[name]}`;
const threadOf = (box: Inbox, projectId: number, name: string) =>
  box.data.find((n) => n.subject === subjectOf(projectId, name));

/** The advocate's view of the inbox before any change: what they must still read afterwards. */
let advocateBefore: Inbox;

describe("A company user's threads follow what they may see of the candidate when they read", () => {
  beforeAll(async () => {
    await curate(w.projects.acme, ['Ava']);
    // The company moves her on: the project's advocate (an admin) hears of it, naming her.
    const at = new Date();
    await w.place(w.projects.acme, 'Ava', STAGES.qualify, { guaranteed_at: at, interview_scheduled_at: at });
    const moved = await w.as('company').post('/projects/recruitment', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: [w.cid('Ava')],
      recruitmentStatus: STAGES.shortlist,
      rejectFormData: REJECT,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    advocateBefore = await inbox('advocate');
    expect(threadOf(advocateBefore, w.projects.acme, 'Ava')?.title).toBe(
      'Acme moved Ava Tan to Shortlist in Acme engineers',
    );
  });

  it('a withdrawn consent to be shown to companies takes the thread out of the inbox and the count at once', async () => {
    const before = await inbox('company');
    const thread = threadOf(before, w.projects.acme, 'Ava');
    expect(thread).toMatchObject({
      kind: 'candidateCurated',
      title: 'Ava Tan was added to Acme engineers',
      unread: true,
    });
    expect(await bell('company')).toBe(before.unreadCount);

    await consent('Ava', false);
    const after = await inbox('company');
    expect(threadOf(after, w.projects.acme, 'Ava')).toBeUndefined();
    expect(JSON.stringify(after)).not.toContain('Ava');
    expect(after.total).toBe(before.total - 1);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(await bell('company')).toBe(before.unreadCount - 1);
    expect((await inbox('company', 'unread')).data.some((n) => n.id === thread?.id)).toBe(false);
    // Nor can it be read or archived by its id: it is as if it did not exist.
    expect((await w.as('company').post(`/notifications/${thread?.id}/read`, {})).status).toBe(404);
    expect((await w.as('company').post(`/notifications/${thread?.id}/archive`, {})).status).toBe(404);

    // Given again, the thread is back as it was.
    await consent('Ava', true);
    const back = await inbox('company');
    expect(threadOf(back, w.projects.acme, 'Ava')).toMatchObject({ id: thread?.id, unread: true });
    expect(back.unreadCount).toBe(before.unreadCount);
  });

  it('a candidate who turns anonymous (never revealed to the company) keeps the thread, not the name', async () => {
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.revealed_at).toBeNull();
    const before = await inbox('company');
    await w
      .as('admin')
      .put(`/candidates/${w.cid('Ava')}`, { anonymous: true })
      .expect(200);
    const after = await inbox('company');
    const thread = threadOf(after, w.projects.acme, 'Ava');
    expect(thread?.title).toBe('A candidate was added to Acme engineers');
    expect(JSON.stringify(after)).not.toContain('Ava');
    expect(after.total).toBe(before.total);
    expect(after.unreadCount).toBe(before.unreadCount);
    // Reading it answers the thread as the reader may read it too.
    const read = await w.as('company').post(`/notifications/${thread?.id}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('A candidate was added to Acme engineers');
  });

  it("an admin's inbox reads as written, whatever the candidate withdrew or hid", async () => {
    await consent('Ava', false);
    const after = await inbox('advocate');
    expect(after).toEqual(advocateBefore);
    expect(threadOf(after, w.projects.acme, 'Ava')?.title).toBe('Acme moved Ava Tan to Shortlist in Acme engineers');
    await consent('Ava', true);
  });

  it('a paused candidate and a project unshared from a Member leave the inbox of those who no longer meet them', async () => {
    const share = (accessType: number) =>
      w.as('company').post('/project-share/access/user', {
        projectId: w.projects.acme,
        userId: `User:${w.people.member}`,
        accessType,
      });
    expect((await share(1)).status).toBe(200);
    await curate(w.projects.acme, ['Ivy', 'Ben']);
    const before = await inbox('member');
    expect(threadOf(before, w.projects.acme, 'Ivy')?.title).toBe('Ivy Koh was added to Acme engineers');
    expect(threadOf(before, w.projects.acme, 'Ben')?.title).toBe('Ben Lim was added to Acme engineers');

    await w
      .as('admin')
      .put(`/candidates/${w.cid('Ben')}`, { status: 2 })
      .expect(200);
    const paused = await inbox('member');
    expect(threadOf(paused, w.projects.acme, 'Ben')).toBeUndefined();
    expect(paused.unreadCount).toBe(before.unreadCount - 1);
    expect(threadOf(await inbox('company'), w.projects.acme, 'Ben')).toBeUndefined();

    expect((await share(0)).status).toBe(200);
    const unshared = await inbox('member');
    expect(unshared.data.some((n) => n.subject.startsWith(`projectCandidate:${w.projects.acme}:`))).toBe(false);
    expect(await bell('member')).toBe(unshared.unreadCount);
    // The owner still opens the project and meets Ivy.
    expect(threadOf(await inbox('company'), w.projects.acme, 'Ivy')?.title).toBe('Ivy Koh was added to Acme engineers');
  });
});
