/**
 * "In the app" means no email: the kinds whose email is their capability's own (the answer to an interview request,
 * an unread chat message, the batched curated candidates) email only a person whose channel for the kind is "in the
 * app and by email", which is where their settings show them until they choose; one who chose "in the app" reads the
 * notice in the inbox and gets no email.
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
    expect(channelOf('atsStatusChanged')).toBe('inApp');
  });
});

describe('The answer to an interview request', () => {
  it('emails the owner nothing when they chose in the app, and once when they chose the app and email', async () => {
    await prefer(w, 'company', 'interviewAnswered', 'inApp');
    await answered(w, 'Answer in app only role', 'Ava');
    expect(await mailsAbout(w, OWNER, 'Answer in app only role')).toEqual([]);

    await prefer(w, 'company', 'interviewAnswered', 'email');
    await answered(w, 'Answer by email too role', 'Ben');
    expect(await mailsAbout(w, OWNER, 'Answer by email too role')).toHaveLength(1);
  });
});

describe('The unread chat message email', () => {
  it('reaches nobody who chose in the app, and once who chose the app and email', async () => {
    const project = await makeProject(w.knex, { advocateEmail: 'advocate@example.com', title: 'Chat prefs role' });
    const first = await w.as('company').post(`/projects/${project.id}/conversation/messages`, { body: 'Any news?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chat = first.body.data.conversationId as number;
    const answer = (body: string) => w.as('advocate').post(`/conversations/${chat}/messages`, { body }).expect(201);

    await prefer(w, 'company', 'chatMessage', 'inApp');
    await answer('Three profiles are coming');
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Three profiles are coming')).toEqual([]);

    await prefer(w, 'company', 'chatMessage', 'email');
    await answer('Two more tomorrow');
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Two more tomorrow')).toHaveLength(1);
  });
});

describe('The curated-candidates email', () => {
  it('is none when the owner chose in the app, and exactly one when they chose the app and email', async () => {
    await prefer(w, 'company', 'candidateCurated', 'inApp');
    const quiet = await makeProject(w.knex, { title: 'Curated in app only role' });
    await curate(w, quiet.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Curated in app only role')).toEqual([]);
    const inbox = (await w.as('company').get('/notifications?filter=all')).body.data as { subject: string }[];
    expect(inbox.some((n) => n.subject === `projectCandidate:${quiet.id}:${w.ids.Ava}`)).toBe(true);

    await prefer(w, 'company', 'candidateCurated', 'email');
    const loud = await makeProject(w.knex, { title: 'Curated by email too role' });
    await curate(w, loud.id, ['Ava', 'Ivy', 'Ben']);
    await runJobs(w.t);
    expect(await mailsAbout(w, OWNER, 'Curated by email too role')).toHaveLength(1);
  });
});
