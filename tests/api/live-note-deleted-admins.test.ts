/**
 * Deleting a note for admins alone is news for admins alone, as adding it is: its board event reaches the admins'
 * sockets as `pipeline.10.admins`, and the company's open board does not learn that admins deleted a private note.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveServer, socketOf, type LiveServer, type LiveSocket } from '../helpers/live';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
let s: LiveServer;
const open: LiveSocket[] = [];

beforeAll(async () => {
  w = await pipelineWorld();
  s = await liveServer(w.t);
}, 120_000);
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
  await sock.next((m) => m.type === 'ready');
  return sock;
};
const aboutProject = (projectId: number) => (m: { type: string; topic?: string; subjectId?: number }) =>
  m.type === 'event' && m.topic === 'project' && m.subjectId === projectId;

describe('Deleting a note for admins alone', () => {
  it("reaches the admins' sockets and none of the company's", async () => {
    const written = await w
      .as('advocate')
      .post('/candidate-note', {
        ...{ candidateId: w.cid('Ava'), projectId: `Project:${w.projects.acme}` },
        ...{ note: 'Between us: asked twice about the bonus', visibility: 1 },
      })
      .expect(201);
    const key = written.body.data.key as string;
    expect(key).toBeTruthy();
    // The addition's own event has gone by before the sockets open.
    const [owner, admin] = await Promise.all([socket('company'), socket('admin')]);

    await w.as('advocate').delete(`/candidate-note/${key}`).expect(200);
    // The addition's event may still be on its way: the deletion's is the one asked for.
    const deleted = (m: { type: string; topic?: string; subjectId?: number; kind?: string }) =>
      aboutProject(w.projects.acme)(m) && String(m.kind).startsWith('pipeline.10');
    expect((await admin.next(deleted)).kind).toBe('pipeline.10.admins');
    await owner.quiet(300);
    expect(owner.received.filter(aboutProject(w.projects.acme))).toEqual([]);
  });
});
