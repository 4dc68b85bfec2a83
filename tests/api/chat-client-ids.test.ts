/**
 * A support-chat message sent again after its answer was lost is stored once: the post carries the id the sender's
 * screen gave the message, and a repeat of it by the same author in the same conversation answers the stored message
 * (same id, nothing new stored, no second live event or notice), with text or with a file. The id is the author's
 * own: another person may use the same one, the other side never reads it, a malformed one is refused, and a post
 * without one (an older client) is stored each time as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
let conversationId: number;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const post = (who: Who, path: string, body: Record<string, unknown>) => w.as(who).post(path, body);
const stored = async () =>
  Number((await w.knex('chat_messages').where('conversation_id', conversationId).count('* as n').first())?.n);
const liveMessages = async () =>
  Number(
    (await w.knex('live_events').where({ subject_id: conversationId, kind: 'message' }).count('* as n').first())?.n,
  );

describe('A chat message sent again with the same client id', () => {
  it('is stored once and the repeat answers the stored message, in a new conversation and an open one', async () => {
    const first = await post('company', `/projects/${w.projects.acme}/conversation/messages`, {
      body: 'hello',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      body: 'hello',
      mine: true,
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
    });
    conversationId = first.body.data.conversationId;
    const events = await liveMessages();

    const again = await post('company', `/projects/${w.projects.acme}/conversation/messages`, {
      body: 'hello',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const byId = await post('company', `/conversations/${conversationId}/messages`, {
      body: 'hello',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(byId.body.data.id).toBe(first.body.data.id);
    expect(await stored()).toBe(1);
    expect(await liveMessages()).toBe(events);

    // The advocate reads the message, not the sender's id for it.
    const read = await w.as('advocate').get(`/conversations/${conversationId}`).expect(200);
    expect(read.body.messages).toHaveLength(1);
    expect(read.body.messages[0].clientId).toBeNull();
  });

  it("keeps another author's message with the same id, and a new id is a new message", async () => {
    const advocate = await post('advocate', `/conversations/${conversationId}/messages`, {
      body: 'hello',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
    });
    expect(advocate.status, JSON.stringify(advocate.body)).toBe(201);
    const next = await post('company', `/conversations/${conversationId}/messages`, {
      body: 'hello',
      clientId: 'c0ffee00-0000-4000-8000-000000000002',
    });
    expect(next.status).toBe(201);
    expect(new Set([advocate.body.data.id, next.body.data.id]).size).toBe(2);
    expect(await stored()).toBe(3);
  });

  it('stores a file sent again once', async () => {
    const pdf = await pdfOf(['Senior engineer brief']);
    const send = () =>
      w.t.http
        .post(`/api/v1/conversations/${conversationId}/messages`)
        .set('Authorization', `Bearer ${w.tokens.company}`)
        .field('body', 'Our brief')
        .field('clientId', 'c0ffee00-0000-4000-8000-000000000003')
        .attach('attachment', pdf, 'brief.pdf');
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await send();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await stored()).toBe(4);
  });

  it('refuses a malformed id and stores each post without one, as older clients send', async () => {
    const bad = await post('company', `/conversations/${conversationId}/messages`, { body: 'hi', clientId: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('clientId');
    for (let i = 0; i < 2; i++)
      expect((await post('company', `/conversations/${conversationId}/messages`, { body: 'same' })).status).toBe(201);
    expect(await stored()).toBe(6);
  });
});
