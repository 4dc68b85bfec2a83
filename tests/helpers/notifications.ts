/**
 * Steps shared by the notification tests over the pipeline world (pipeline.ts): the world with the chat's follow-ups
 * run at once, a person's channel for a kind, the emails that mention a text, curating candidates into a project and
 * an interview request the candidate answers yes from the emailed link.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from './actors';
import { addToProject, makeProject, requestEmail } from './interviews';
import { runJobs } from './jobs';
import { pipelineWorld, type PipelineWorld, type Who } from './pipeline';

/** The Acme owner, who owns the world's projects. */
export const OWNER = 'owner@acme.example.com';

/** The pipeline world whose chat follow-ups run at once, so a queue run sees them. */
export async function notificationsWorld(): Promise<PipelineWorld> {
  const w = await pipelineWorld();
  w.t.config.chat = { awaySeconds: 0, unreadEmailMinutes: 0 };
  return w;
}

export type Channel = 'off' | 'inApp' | 'email';

/** Sets the signed-in person's channel for a notification kind through the settings API. */
export async function setChannel(who: Client, kind: string, channel: Channel) {
  expect((await who.put('/notification-preferences', { kind, channel })).status).toBe(200);
}

/** The signed-in person's channel for a kind, as their settings show it. */
export async function channelOf(who: Client, kind: string) {
  const prefs = (await who.get('/notification-preferences')).body.data as { kind: string; channel: string }[];
  return prefs.find((p) => p.kind === kind)?.channel;
}

/** The newest `limit` emails to `to` that mention `words` (a project's unique title, a message's text). */
export async function outboxAbout(knex: Knex, to: string, words: string, limit = 200) {
  return (await listOutbox(knex, to, limit)).filter((m) => `${m.subject}\n${m.text}`.includes(words));
}

/** Sets `who`'s channel for a notification kind through the settings API. */
export async function prefer(w: PipelineWorld, who: Who, kind: string, channel: Channel) {
  await setChannel(w.as(who), kind, channel);
}

/** The emails to `to` that mention `words` (a project's unique title, a message's text). */
export async function mailsAbout(w: PipelineWorld, to: string, words: string) {
  return outboxAbout(w.knex, to, words);
}

/** An admin curates the named candidates into the project. */
export async function curate(w: PipelineWorld, projectId: number, names: string[]) {
  const res = await w
    .as('admin')
    .post('/projects/candidate/curate', { projectId: `Project:${projectId}`, candidateIds: names.map(w.cid) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.added).toBe(names.length);
}

/** The owner's request to `name` in a new project titled `title`, answered yes by the candidate from the email. */
export async function answered(w: PipelineWorld, title: string, name: string) {
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
