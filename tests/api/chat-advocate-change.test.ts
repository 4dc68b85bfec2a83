/**
 * The support chat follows the project's advocate: when an admin names another advocate, the
 * conversation's assignee (who is notified and emailed about the company's messages, and whose
 * "Assigned to me" inbox lists it) becomes the new advocate, unless an admin assigned it to someone
 * else in the inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUp } from '../../backend/features/chat';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
let newAdvocate: number;
let newToken: string;

beforeAll(async () => {
  w = await pipelineWorld();
  // A project any write keeps valid (its job description is required).
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Build and run our services.' });
  const [row] = await w
    .knex('admins')
    .insert({ email: 'advocate2@example.com', first_name: 'Aisha', last_name: 'Rahman', role: 2, status: 1 })
    .returning('id');
  newAdvocate = row.id as number;
  newToken = await w.t.login('advocate2@example.com');
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const say = async (projectId: number, body: string) => {
  const res = await w.as('company').post(`/projects/${projectId}/conversation/messages`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; conversationId: number };
};
const mine = async (token: string) => {
  const res = await w.t.http.get('/api/v1/conversations?assignee=me').set('Authorization', `Bearer ${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: number }[]).map((c) => c.id);
};
const chatNotices = async (token: string, conversationId: number) => {
  const res = await w.t.http.get('/api/v1/notifications').set('Authorization', `Bearer ${token}`).expect(200);
  return (res.body.data as { subject: string }[]).filter((n) => n.subject === `conversation:${conversationId}`);
};
const newAdvocateOf = (projectId: number, advocateId: number, who: Who = 'admin') =>
  w.t.http
    .put(`/api/v1/projects/${projectId}`)
    .set('Authorization', `Bearer ${w.tokens[who]}`)
    .send({ advocateId: `Admin:${advocateId}` });

describe("A project's new advocate takes over its chat", () => {
  it('the next message reaches the new advocate, in their "Assigned to me" inbox, not the old one', async () => {
    const first = await say(w.projects.acme, 'Hello, who is our advocate?');
    expect(await mine(w.tokens.advocate)).toContain(first.conversationId);

    const res = await newAdvocateOf(w.projects.acme, newAdvocate);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.advocateId).toBe(`Admin:${newAdvocate}`);

    const next = await say(w.projects.acme, 'Are you still on it?');
    expect(await mine(newToken)).toEqual([first.conversationId]);
    expect(await mine(w.tokens.advocate)).not.toContain(first.conversationId);
    expect(await followUp(w.knex, w.t.config, next.id, 'away')).toBe(1);
    expect(await chatNotices(newToken, first.conversationId)).toHaveLength(1);
    expect(await chatNotices(w.tokens.advocate, first.conversationId)).toHaveLength(0);
  });

  it('a conversation an admin assigned to someone else in the inbox stays theirs', async () => {
    const { conversationId } = await say(w.projects.acme, 'One more question');
    await w.t.http
      .patch(`/api/v1/conversations/${conversationId}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ assigneeId: w.people.admin })
      .expect(200);
    expect((await newAdvocateOf(w.projects.acme, w.people.advocate)).status).toBe(200);
    expect(await mine(w.tokens.admin)).toContain(conversationId);
    expect(await mine(w.tokens.advocate)).not.toContain(conversationId);
  });
});
