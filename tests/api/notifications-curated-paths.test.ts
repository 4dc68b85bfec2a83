/**
 * Every way an admin curates tells the company as the curate call does: adding one candidate to a company's project
 * (POST /projects/candidate/add, logged as curated) and creating a project with candidates (POST /projects/create
 * with candidateIds) raise the candidateCurated notice for the project's company users who may open it, live, and
 * the batched curated-candidates email by their preference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { runJobs } from '../helpers/jobs';
import { closeLiveWorld, livePipelineWorld, socketOf, type LiveServer } from '../helpers/live';
import type { PipelineWorld, Who } from '../helpers/pipeline';
import { projectBody, projectId } from '../helpers/projects';

let w: PipelineWorld;
let s: LiveServer;

beforeAll(async () => {
  ({ w, s } = await livePipelineWorld());
}, 120_000);
afterAll(() => closeLiveWorld(w, s));

const OWNER = 'owner@acme.example.com';
const threadOf = async (who: Who, subject: string) => {
  const res = await w.as(who).get('/notifications?filter=all');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: number; kind: string; title: string; subject: string }[]).find(
    (n) => n.subject === subject,
  );
};
const curatedMails = async (title: string) =>
  (await listOutbox(w.knex, OWNER, 200)).filter(
    (m) => /^New curated candidates? for (.*): \d+$/.exec(m.subject)?.[1] === title,
  );

describe('Curated candidates reach the company users who may open the project, by every path', () => {
  it("an admin's addition of one candidate: the owner hears of it, live and by the batched email; the member who may not open the project does not", async () => {
    const [owner, member] = await Promise.all([socketOf(s, w.tokens.company), socketOf(s, w.tokens.member)]);
    for (const sock of [owner, member]) await sock.next((m) => m.type === 'ready');
    const added = await w
      .as('admin')
      .post('/projects/candidate/add', { projectId: `Project:${w.projects.acme}`, candidateId: w.cid('Ivy') });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const thread = await threadOf('company', `projectCandidate:${w.projects.acme}:${w.ids.Ivy}`);
    expect(thread).toMatchObject({ kind: 'candidateCurated', title: 'Ivy Koh was added to Acme engineers' });
    const event = await owner.next((m) => m.topic === 'notification');
    expect(event.subjectId).toBe(thread?.id);
    expect(await threadOf('member', `projectCandidate:${w.projects.acme}:${w.ids.Ivy}`)).toBeUndefined();
    expect((await member.quiet(300)).filter((m) => m.topic === 'notification')).toEqual([]);
    for (const sock of [owner, member]) sock.close();

    await runJobs(w.t);
    expect((await curatedMails('Acme engineers')).map((m) => m.subject)).toEqual([
      'New curated candidate for Acme engineers: 1',
    ]);
  });

  it('a project an admin creates with candidates: the owner hears of each, live, and by the batched email', async () => {
    const owner = await socketOf(s, w.tokens.company);
    await owner.next((m) => m.type === 'ready');
    const res = await w.as('admin').post(
      '/projects/create',
      await projectBody(w.knex, {
        companyId: w.companies.acme,
        ownerId: w.people.owner,
        title: 'Curated at birth',
        candidateIds: [w.ids.Ava, w.ids.Ben],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = projectId(res.body.data.id);
    const ava = await threadOf('company', `projectCandidate:${id}:${w.ids.Ava}`);
    expect(ava).toMatchObject({ kind: 'candidateCurated', title: 'Ava Tan was added to Curated at birth' });
    expect(await threadOf('company', `projectCandidate:${id}:${w.ids.Ben}`)).toMatchObject({
      kind: 'candidateCurated',
    });
    await owner.next((m) => m.topic === 'notification' && m.subjectId === ava?.id);
    owner.close();

    await runJobs(w.t);
    expect((await curatedMails('Curated at birth')).map((m) => m.subject)).toEqual([
      'New curated candidates for Curated at birth: 2',
    ]);
  });
});
