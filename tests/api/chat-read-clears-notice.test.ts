/**
 * Reading a support conversation reads its "new message" notification: once the reader has no unread message left
 * in it, their own `conversation:N` thread is marked read in the same transaction (the bell's count drops and their
 * other pages hear a live 'changed' event); another recipient's thread of the same conversation stays unread. A reply
 * reads its author's own notice of the conversation likewise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUp } from '../../backend/features/chat';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Build and run our services.' });
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const say = async (body: string) => {
  const res = await w.as('company').post(`/projects/${w.projects.acme}/conversation/messages`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; conversationId: number };
};
const unreadCount = async (who: Who) =>
  (await w.as(who).get('/notifications/unread-count').expect(200)).body.unreadCount as number;
const thread = async (who: Who, conversationId: number) => {
  const res = await w.as(who).get('/notifications?filter=all').expect(200);
  return (res.body.data as { id: number; subject: string; unread: boolean }[]).find(
    (n) => n.subject === `conversation:${conversationId}`,
  );
};
const read = async (who: Who, conversationId: number, messageId: number) => {
  const res = await w.as(who).post(`/conversations/${conversationId}/read`, { messageId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.unread as number;
};

describe("Reading a conversation reads the reader's notification of it", () => {
  it('the bell drops to 0 for the reader, not for another admin notified of the same message', async () => {
    const first = await say('Hello, anyone there?');
    const chat = first.conversationId;
    // Unassigned, so every admin is told of the company's messages.
    await w.t.http
      .patch(`/api/v1/conversations/${chat}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ assigneeId: null })
      .expect(200);
    const adminBefore = await unreadCount('admin');
    expect(await unreadCount('advocate')).toBe(0);
    const second = await say('We need a senior engineer');
    expect(await followUp(w.knex, w.t.config, second.id, 'away')).toBeGreaterThanOrEqual(2);
    expect(await unreadCount('advocate')).toBe(1);
    expect(await unreadCount('admin')).toBe(adminBefore + 1);
    const mine = await thread('advocate', chat);
    expect(mine).toMatchObject({ unread: true });

    // Read only up to the first message: one is still unread, so the notice stays.
    expect(await read('advocate', chat, first.id)).toBe(1);
    expect(await unreadCount('advocate')).toBe(1);

    const events = Number(
      (await w.knex('live_events').where({ topic: 2, subject_id: mine?.id }).count('* as n').first())?.n ?? 0,
    );
    expect(await read('advocate', chat, second.id)).toBe(0);
    expect(await unreadCount('advocate')).toBe(0);
    expect(await thread('advocate', chat)).toMatchObject({ id: mine?.id, unread: false });
    // The reader's other pages hear of it (the bell listens to its threads' events).
    const after = Number(
      (await w.knex('live_events').where({ topic: 2, subject_id: mine?.id }).count('* as n').first())?.n ?? 0,
    );
    expect(after).toBe(events + 1);

    // The other admin has not read the conversation: their thread and count are untouched.
    expect(await thread('admin', chat)).toMatchObject({ unread: true });
    expect(await unreadCount('admin')).toBe(adminBefore + 1);
  });

  it("Replying reads the replier's own notice of the conversation, and only theirs", async () => {
    const first = await say('Are you there?');
    const chat = first.conversationId;
    const second = await say('Any news on the shortlist?');
    await followUp(w.knex, w.t.config, second.id, 'away');
    const adminBefore = await unreadCount('admin');
    expect(await thread('advocate', chat)).toMatchObject({ unread: true });
    expect(await thread('admin', chat)).toMatchObject({ unread: true });
    const res = await w.as('advocate').post(`/conversations/${chat}/messages`, { body: 'Two candidates this week.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await thread('advocate', chat)).toMatchObject({ unread: false });
    expect(await thread('admin', chat)).toMatchObject({ unread: true });
    expect(await unreadCount('admin')).toBe(adminBefore);
  });
});
