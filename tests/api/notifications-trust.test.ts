/**
 * What notifications and their emails may be trusted with: each person gets one email of a kind, by their
 * preference for it (the answer to an interview request, curated candidates); an internal project's owner-admin who
 * was deactivated is emailed nothing; a thread of a project's chat leaves the inbox of a Member the project is
 * unshared from; and a candidate who renamed and turned anonymous is not named to the company by an earlier title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { answered, curate, mailsAbout, notificationsWorld, OWNER, prefer } from '../helpers/notifications';
import type { PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await notificationsWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

describe('The answer to an interview request', () => {
  it('emails the owner nothing when they turned interviewAnswered off, and exactly once when they chose email', async () => {
    await prefer(w, 'company', 'interviewAnswered', 'off');
    await answered(w, 'Answer prefs off role', 'Ava');
    expect(await mailsAbout(w, OWNER, 'Answer prefs off role')).toEqual([]);

    await prefer(w, 'company', 'interviewAnswered', 'email');
    await answered(w, 'Answer prefs email role', 'Ben');
    expect(await mailsAbout(w, OWNER, 'Answer prefs email role')).toHaveLength(1);
    await prefer(w, 'company', 'interviewAnswered', 'inApp');
  });
});

describe('The curated-candidates email', () => {
  it('is none when the owner turned candidateCurated off, and exactly one when they chose email', async () => {
    await prefer(w, 'company', 'candidateCurated', 'off');
    const quiet = await makeProject(w.knex, { title: 'Curated prefs off role' });
    await curate(w, quiet.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Curated prefs off role')).toEqual([]);

    await prefer(w, 'company', 'candidateCurated', 'email');
    const loud = await makeProject(w.knex, { title: 'Curated prefs email role' });
    await curate(w, loud.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Curated prefs email role')).toHaveLength(1);
    await prefer(w, 'company', 'candidateCurated', 'inApp');
  });

  it('reaches no deactivated admin who owns an internal project', async () => {
    const [gone] = await w
      .knex('admins')
      .insert({ first_name: 'Gone', last_name: 'Admin', email: 'gone@example.com', status: 0, role: 1 })
      .returning('id');
    const project = await makeProject(w.knex, { ownerEmail: null, title: 'Bench of a gone admin' });
    await w.knex('projects').where('id', project.id).update({ owner_admin_id: gone.id, is_admin_project: true });
    await curate(w, project.id, ['Ava', 'Ivy']);
    await runJobs(w.t);
    expect(await mailsAbout(w, 'gone@example.com', 'Bench of a gone admin')).toEqual([]);
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
    await curate(w, project.id, ['Ava']);
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
