/**
 * A company user whose access to a project ends, by a role lowered or by the project handed to another owner, is
 * told at once on the live channel to reload their inbox (a 'changed' event on their newest thread), as a removed
 * share tells them: their open bell and list would otherwise still count the project's threads. A role raised again
 * tells them the same way (the threads come back); a role set to the one held tells nobody.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeLiveWorld, livePipelineWorld, socketOf, type LiveServer, type LiveSocket } from '../helpers/live';
import type { PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let s: LiveServer;
const open: LiveSocket[] = [];

beforeAll(async () => {
  ({ w, s } = await livePipelineWorld());
});
afterEach(() => {
  for (const sock of open.splice(0)) sock.close();
});
afterAll(() => closeLiveWorld(w, s));

/** The member's inbox holding one thread; answers its id. */
async function memberThread(key: string): Promise<number> {
  const [row] = (await w
    .knex('notifications')
    .insert({
      recipient_kind: 2,
      recipient_id: w.people.member,
      kind: 6,
      subject_key: key,
      title: key,
      link: '/dashboard',
    })
    .returning('id')) as { id: number }[];
  return row.id;
}

/** The member's socket, ready. */
async function memberSocket(): Promise<LiveSocket> {
  const sock = await socketOf(s, w.tokens.member);
  open.push(sock);
  await sock.next((m) => m.type === 'ready');
  return sock;
}

const reloadOf = (thread: number) => (m: { type: string; topic?: string; subjectId?: number; kind?: string }) =>
  m.type === 'event' && m.topic === 'notification' && m.subjectId === thread && m.kind === 'changed';

const setRole = (companyRole: number) =>
  w
    .as('company')
    .put('/company-users/role', { users: [w.people.member], companyRole })
    .expect(200);

describe('An inbox reloads when its owner’s access to a project ends', () => {
  it('an Admin demoted to Member (a project not shared with them) is told to reload', async () => {
    await setRole(1);
    const thread = await memberThread('demoted:1');
    const member = await memberSocket();
    await setRole(2);
    await member.next(reloadOf(thread));
  });

  it('a Member promoted to Admin (a project not shared with them comes back) is told to reload as well', async () => {
    const thread = await memberThread('promoted:1');
    const member = await memberSocket();
    await setRole(1);
    await member.next(reloadOf(thread));
    await setRole(2);
  });

  it('a role set to the one held already tells nobody', async () => {
    await setRole(2);
    const thread = await memberThread('same:1');
    const member = await memberSocket();
    await setRole(2);
    await expect(member.next(reloadOf(thread), 1000)).rejects.toThrow();
  });

  it('the console’s change of one person’s role tells them too', async () => {
    await setRole(1);
    const thread = await memberThread('console:1');
    const member = await memberSocket();
    await w.as('admin').put(`/company-users/User:${w.people.member}`, { role: 2 }).expect(200);
    await member.next(reloadOf(thread));
  });

  it('an owner whose project is handed to a colleague, and not shared with them, is told to reload', async () => {
    // The pipeline's project was stored directly: it is given what an update requires.
    await w.knex('projects').where('id', w.projects.memberOwn).update({ job_description: 'Builds the hiring tools.' });
    const thread = await memberThread('handed:1');
    const member = await memberSocket();
    await w
      .as('company')
      .put('/projects/update/project', {
        projectId: `Project:${w.projects.memberOwn}`,
        ownerId: `User:${w.people.owner}`,
      })
      .expect((r) => expect([r.status, r.body]).toEqual([200, expect.anything()]));
    await member.next(reloadOf(thread));
    expect((await w.as('member').get(`/projects/pipe-line?project_id=${w.projects.memberOwn}`)).status).toBe(404);
  });
});
