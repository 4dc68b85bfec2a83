/**
 * What notifications and their emails may be trusted with: each person gets one email of a kind, by their
 * preference for it (the answer to an interview request, curated candidates); an internal project's owner-admin who
 * was deactivated is emailed nothing; a thread of a project's chat leaves the inbox of a Member the project is
 * unshared from; and a candidate who renamed and turned anonymous is not named to the company by an earlier title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client } from '../helpers/actors';
import { addToProject, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
  // The chat's follow-ups run at once, so the queue run sees them.
  w.t.config.chat = { awaySeconds: 0, unreadEmailMinutes: 0 };
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const OWNER = 'owner@acme.example.com';
const prefer = async (who: Who, kind: string, channel: 'off' | 'inApp' | 'email') =>
  expect((await w.as(who).put('/notification-preferences', { kind, channel })).status).toBe(200);
/** The emails to `to` that mention `words` (a project's unique title, say). */
const mailsAbout = async (to: string, words: string) =>
  (await listOutbox(w.knex, to, 200)).filter((m) => `${m.subject}\n${m.text}`.includes(words));
const curate = async (projectId: number, names: string[]) => {
  const res = await w
    .as('admin')
    .post('/projects/candidate/curate', { projectId: `Project:${projectId}`, candidateIds: names.map(w.cid) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.added).toBe(names.length);
};

describe('The answer to an interview request', () => {
  /** The owner's request to `name` in a new project, answered yes by the candidate from the emailed link. */
  async function answered(title: string, name: string) {
    const project = await makeProject(w.knex, { title });
    await addToProject(w.knex, project, [w.ids[name]], 0);
    const sent = await w.as('company').post('/projects/candidate/interview/request', {
      projectId: `Project:${project.id}`,
      candidateId: w.cid(name),
      requestAction: 'request_interview',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runJobs(w.t);
    const { token } = await requestEmail(w.knex, `${name.toLowerCase()}@talent.example.org`);
    const yes = await client(w.t).post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    });
    expect(yes.body).toMatchObject({ success: true, state: 'approved' });
    await runJobs(w.t);
  }

  it('emails the owner nothing when they turned interviewAnswered off, and exactly once when they chose email', async () => {
    await prefer('company', 'interviewAnswered', 'off');
    await answered('Answer prefs off role', 'Ava');
    expect(await mailsAbout(OWNER, 'Answer prefs off role')).toEqual([]);

    await prefer('company', 'interviewAnswered', 'email');
    await answered('Answer prefs email role', 'Ben');
    expect(await mailsAbout(OWNER, 'Answer prefs email role')).toHaveLength(1);
    await prefer('company', 'interviewAnswered', 'inApp');
  });
});

describe('The curated-candidates email', () => {
  it('is none when the owner turned candidateCurated off, and exactly one when they chose email', async () => {
    await prefer('company', 'candidateCurated', 'off');
    const quiet = await makeProject(w.knex, { title: 'Curated prefs off role' });
    await curate(quiet.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Curated prefs off role')).toEqual([]);

    await prefer('company', 'candidateCurated', 'email');
    const loud = await makeProject(w.knex, { title: 'Curated prefs email role' });
    await curate(loud.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Curated prefs email role')).toHaveLength(1);
    await prefer('company', 'candidateCurated', 'inApp');
  });

  it('reaches no deactivated admin who owns an internal project', async () => {
    const [gone] = await w
      .knex('admins')
      .insert({ first_name: 'Gone', last_name: 'Admin', email: 'gone@example.com', status: 0, role: 1 })
      .returning('id');
    const project = await makeProject(w.knex, { ownerEmail: null, title: 'Bench of a gone admin' });
    await w.knex('projects').where('id', project.id).update({ owner_admin_id: gone.id, is_admin_project: true });
    await curate(project.id, ['Ava', 'Ivy']);
    await runJobs(w.t);
    expect(await mailsAbout('gone@example.com', 'Bench of a gone admin')).toEqual([]);
  });
});

describe('A project unshared from a Member', () => {
  it("takes the project's chat threads out of the Member's inbox and unread count", async () => {
    const project = await makeProject(w.knex, { advocateEmail: 'advocate@example.com', title: 'Shared chat role' });
    const share = (accessType: number) =>
      w.as('company').post('/project-share/access/user', {
        projectId: project.id,
        userId: `User:${w.people.member}`,
        accessType,
      });
    expect((await share(1)).status).toBe(200);
    await w.as('member').post('/notifications/read-all', {}).expect(200);
    const first = await w.as('company').post(`/projects/${project.id}/conversation/messages`, { body: 'Any news?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chat = first.body.data.conversationId as number;
    await w.as('advocate').post(`/conversations/${chat}/messages`, { body: 'Three profiles coming' }).expect(201);
    await runJobs(w.t);
    const count = async () => (await w.as('member').get('/notifications/unread-count')).body.unreadCount as number;
    expect(await count()).toBe(1);

    expect((await share(0)).status).toBe(200);
    expect(await count()).toBe(0);
    const inbox = await w.as('member').get('/notifications?filter=all');
    expect(inbox.body.data.some((n: { subject: string }) => n.subject === `conversation:${chat}`)).toBe(false);
  });
});

describe('A candidate who renamed and turned anonymous', () => {
  it('is not named to the company by a title written before', async () => {
    const project = await makeProject(w.knex, { title: 'Renamed role' });
    await curate(project.id, ['Ava']);
    const before = await w.as('company').get('/notifications?filter=all');
    expect(JSON.stringify(before.body)).toContain('Ava Tan was added to Renamed role');
    await w
      .as('admin')
      .put(`/candidates/${w.cid('Ava')}`, { firstName: 'Avah', anonymous: true })
      .expect(200);
    const after = await w.as('company').get('/notifications?filter=all');
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).not.toContain('Ava Tan');
    const thread = after.body.data.find((n: { subject: string }) =>
      n.subject.startsWith(`projectCandidate:${project.id}:`),
    );
    expect(thread?.title).toBe('A candidate was added to Renamed role');
  });
});
