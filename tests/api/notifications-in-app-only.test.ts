/**
 * "In the app" means no email: the kinds whose email is their capability's own (the answer to an interview request,
 * an unread chat message, the batched curated candidates) email only a person whose channel for the kind is "in the
 * app and by email", which is where their settings show them until they choose; one who chose "in the app" reads the
 * notice in the inbox and gets no email.
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
/** The emails to `to` that mention `words` (a project's unique title, a message's text). */
const mailsAbout = async (to: string, words: string) =>
  (await listOutbox(w.knex, to, 200)).filter((m) => `${m.subject}\n${m.text}`.includes(words));
const curate = async (projectId: number, names: string[]) => {
  const res = await w
    .as('admin')
    .post('/projects/candidate/curate', { projectId: `Project:${projectId}`, candidateIds: names.map(w.cid) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.added).toBe(names.length);
};

/** The owner's request to `name` in a new project titled `title`, answered yes by the candidate from the email. */
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

describe('The settings', () => {
  it('show the kinds with their own email as "in the app and by email" until the person chooses', async () => {
    const prefs = (await w.as('company').get('/notification-preferences')).body.data as {
      kind: string;
      channel: string;
    }[];
    const channelOf = (kind: string) => prefs.find((p) => p.kind === kind)?.channel;
    expect(['interviewAnswered', 'chatMessage', 'candidateCurated'].map(channelOf)).toEqual([
      'email',
      'email',
      'email',
    ]);
    expect(channelOf('creditsLow')).toBe('inApp');
  });
});

describe('The answer to an interview request', () => {
  it('emails the owner nothing when they chose in the app, and once when they chose the app and email', async () => {
    await prefer('company', 'interviewAnswered', 'inApp');
    await answered('Answer in app only role', 'Ava');
    expect(await mailsAbout(OWNER, 'Answer in app only role')).toEqual([]);

    await prefer('company', 'interviewAnswered', 'email');
    await answered('Answer by email too role', 'Ben');
    expect(await mailsAbout(OWNER, 'Answer by email too role')).toHaveLength(1);
  });
});

describe('The unread chat message email', () => {
  it('reaches nobody who chose in the app, and once who chose the app and email', async () => {
    const project = await makeProject(w.knex, { advocateEmail: 'advocate@example.com', title: 'Chat prefs role' });
    const first = await w.as('company').post(`/projects/${project.id}/conversation/messages`, { body: 'Any news?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chat = first.body.data.conversationId as number;
    const answer = (body: string) => w.as('advocate').post(`/conversations/${chat}/messages`, { body }).expect(201);

    await prefer('company', 'chatMessage', 'inApp');
    await answer('Three profiles are coming');
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Three profiles are coming')).toEqual([]);

    await prefer('company', 'chatMessage', 'email');
    await answer('Two more tomorrow');
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Two more tomorrow')).toHaveLength(1);
  });
});

describe('The curated-candidates email', () => {
  it('is none when the owner chose in the app, and exactly one when they chose the app and email', async () => {
    await prefer('company', 'candidateCurated', 'inApp');
    const quiet = await makeProject(w.knex, { title: 'Curated in app only role' });
    await curate(quiet.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Curated in app only role')).toEqual([]);
    const inbox = (await w.as('company').get('/notifications?filter=all')).body.data as { subject: string }[];
    expect(inbox.some((n) => n.subject === `projectCandidate:${quiet.id}:${w.ids.Ava}`)).toBe(true);

    await prefer('company', 'candidateCurated', 'email');
    const loud = await makeProject(w.knex, { title: 'Curated by email too role' });
    await curate(loud.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(OWNER, 'Curated by email too role')).toHaveLength(1);
  });
});
