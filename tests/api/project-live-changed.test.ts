/**
 * A project's plan or status change raises the live event `projectChanged` on the project: the pages of those who
 * may read the project hear it (and read the project again), and a user of another company hears nothing of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';
import { liveServer, socketOf, type LiveServer, type LiveSocket } from '../helpers/live';

let w: PipelineWorld;
let s: LiveServer;
const open: LiveSocket[] = [];

beforeAll(async () => {
  w = await pipelineWorld();
  s = await liveServer(w.t);
  // During the free trial the upgrade costs nothing.
  await w
    .knex('companies')
    .where('id', w.companies.raas)
    .update({ trial_ends_at: new Date(Date.now() + 7 * 86_400_000) });
});
afterEach(() => {
  for (const sock of open.splice(0)) sock.close();
});
afterAll(async () => {
  await s?.close();
  await w?.t.knex.destroy();
});

const socket = async (who: Who) => {
  const sock = await socketOf(s, w.tokens[who]);
  open.push(sock);
  return sock;
};
const changed = (projectId: number) => (m: { type: string; topic?: string; subjectId?: number; kind?: string }) =>
  m.type === 'event' && m.topic === 'project' && m.subjectId === projectId && m.kind === 'projectChanged';

describe("A project's plan or status change on the live channel", () => {
  it('an upgrade reaches the company that reads the project, and no user of another company', async () => {
    const [raas, acme] = [await socket('raas'), await socket('company')];
    await w
      .as('raas')
      .post('/projects/upgrade', { projectId: `Project:${w.projects.raasFree}` })
      .expect(200);
    expect(await raas.next(changed(w.projects.raasFree))).toMatchObject({ topic: 'project' });
    await acme.quiet(500);
    expect(acme.received.filter(changed(w.projects.raasFree))).toEqual([]);
    expect(acme.received.filter((m) => m.type === 'event' && m.subjectId === w.projects.raasFree)).toEqual([]);
  });

  it('a pause reaches the company that reads the project, and no user of another company', async () => {
    const [raas, acme] = [await socket('raas'), await socket('company')];
    await w
      .as('raas')
      .put('/projects/status', { keys: [`Project:${w.projects.raasPower}`], status: 1 })
      .expect(200);
    await raas.next(changed(w.projects.raasPower));
    await acme.quiet(500);
    expect(acme.received.filter(changed(w.projects.raasPower))).toEqual([]);
  });
});
