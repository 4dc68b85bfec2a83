/**
 * The support chat: one conversation per project between its company users and its advocate (or
 * the admins); messages in order with PDF/DOCX attachments checked as CVs are; typing and read
 * marks live; an unread message followed up by a notification and, after 10 minutes, one email.
 * Written from the attacker's side too: another company, a Member outside the project, a candidate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUp } from '../../backend/features/chat';
import { listOutbox } from '../../backend/services/mail/outbox';
import { pdfOf, docxOf } from '../helpers/cvs';
import { closeLiveWorld, livePipelineWorld, socketOf, type LiveServer, type Message } from '../helpers/live';
import type { PipelineWorld, Who } from '../helpers/pipeline';

let w: PipelineWorld;
let s: LiveServer;
let acmeChat: number;

beforeAll(async () => {
  ({ w, s } = await livePipelineWorld());
}, 120_000);
afterAll(() => closeLiveWorld(w, s));

const bearer = (who: Who) => `Bearer ${w.tokens[who]}`;
const say = (who: Who, projectId: number, body: string) =>
  w.as(who).post(`/projects/${projectId}/conversation/messages`, { body });
const reply = (who: Who, id: number, body: string) => w.as(who).post(`/conversations/${id}/messages`, { body });
const upload = (who: Who, id: number, file: Buffer, name: string, body?: string) => {
  const r = w.t.http.post(`/api/v1/conversations/${id}/messages`).set('Authorization', bearer(who));
  if (body) r.field('body', body);
  return r.attach('attachment', file, name);
};
const patch = (who: Who, id: number, body: Record<string, unknown>) =>
  w.t.http.patch(`/api/v1/conversations/${id}`).set('Authorization', bearer(who)).send(body);
const inbox = async (who: Who, query = '') => {
  const res = await w.as(who).get(`/conversations${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: { id: number; unread: number; status: string; project: { title: string }; assignee: { id: number } | null }[];
    unreadTotal: number;
    total: number;
  };
};
const aboutChat = (id: number, kind: string) => (m: Message) =>
  m.type === 'event' && m.topic === 'conversation' && m.subjectId === id && m.kind === kind;

describe("A company user and the project's advocate chat", () => {
  it('the first message opens the conversation, assigned to the advocate, and reaches them live with an unread count', async () => {
    const [advocate, owner, member, raas] = await Promise.all(
      ['advocate', 'company', 'member', 'raas'].map((who) => socketOf(s, w.tokens[who as Who])),
    );
    for (const sock of [advocate, owner, member, raas]) await sock.next((m) => m.type === 'ready');

    const res = await say('company', w.projects.acme, 'Can you find us a senior engineer?');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      body: 'Can you find us a senior engineer?',
      side: 'companyUser',
      mine: true,
    });
    acmeChat = res.body.data.conversationId;

    await advocate.next(aboutChat(acmeChat, 'message'));
    await owner.next(aboutChat(acmeChat, 'message'));
    // The Member may not open this project, and Northwind is another company: neither hears of it.
    expect((await member.quiet(300)).filter((m) => m.topic === 'conversation')).toEqual([]);
    expect((await raas.quiet(0)).filter((m) => m.topic === 'conversation')).toEqual([]);

    const listed = (await inbox('advocate')).data.find((c) => c.id === acmeChat);
    expect(listed).toMatchObject({
      unread: 1,
      status: 'open',
      project: { title: 'Acme engineers' },
      assignee: { id: w.people.advocate },
    });
    for (const sock of [advocate, owner, member, raas]) sock.close();
  });

  it('the advocate reads and answers; the company user sees the answer, the unread count and the seen mark', async () => {
    const opened = await w.as('advocate').get(`/conversations/${acmeChat}`).expect(200);
    const last = opened.body.messages.at(-1).id;
    const read = await w.as('advocate').post(`/conversations/${acmeChat}/read`, { messageId: last }).expect(200);
    expect(read.body.unread).toBe(0);
    expect((await inbox('advocate')).data.find((c) => c.id === acmeChat)?.unread).toBe(0);

    await reply('advocate', acmeChat, 'Yes: three profiles by Friday.').expect(201);
    const seen = await w.as('company').get(`/projects/${w.projects.acme}/conversation`).expect(200);
    expect(seen.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Can you find us a senior engineer?',
      'Yes: three profiles by Friday.',
    ]);
    expect(seen.body.data.unread).toBe(1);
    // The seen mark: the other side has read up to (at least) the company user's message.
    expect(seen.body.otherSideReadId).toBeGreaterThanOrEqual(last);
  });

  it('messages keep their order, also when many are posted at once, and a page asks for those after the last it has', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `burst ${i}`);
    const sent = await Promise.all(texts.map((text) => reply('company', acmeChat, text)));
    expect(sent.every((r) => r.status === 201)).toBe(true);
    const all = await w.as('admin').get(`/conversations/${acmeChat}`).expect(200);
    const ids = all.body.messages.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const created = all.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect(created).toEqual([...created].sort());
    const after = await w
      .as('admin')
      .get(`/conversations/${acmeChat}?after=${ids.at(-3)}`)
      .expect(200);
    expect(after.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(-2));
  });

  it('typing and read marks travel live to the other side', async () => {
    const [advocate, owner] = await Promise.all([socketOf(s, w.tokens.advocate), socketOf(s, w.tokens.company)]);
    for (const sock of [advocate, owner]) await sock.next((m) => m.type === 'ready');
    await w.as('company').post(`/conversations/${acmeChat}/typing`, {}).expect(200);
    await advocate.next(aboutChat(acmeChat, 'typing:companyUser'));
    const { body } = await w.as('advocate').get(`/conversations/${acmeChat}`).expect(200);
    await w
      .as('advocate')
      .post(`/conversations/${acmeChat}/read`, { messageId: body.messages.at(-1).id })
      .expect(200);
    await owner.next(aboutChat(acmeChat, 'read'));
    for (const sock of [advocate, owner]) sock.close();
  });

  it('an empty message, an unknown read mark or a bad status is refused field by field', async () => {
    expect((await reply('company', acmeChat, '   ')).body).toMatchObject({
      error: { fields: { body: 'chat.errors.empty' } },
    });
    expect((await w.as('company').post(`/conversations/${acmeChat}/read`, { messageId: 'x' })).status).toBe(400);
    const bad = await patch('admin', acmeChat, { status: 'closed' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('status');
  });
});

describe('Attachments are checked as CVs are', () => {
  it('a PDF is kept and downloaded by the other side; a renamed or foreign file is refused', async () => {
    const pdf = await pdfOf(['Job description', 'Senior engineer']);
    const res = await upload('company', acmeChat, pdf, 'brief.pdf', 'Here is the brief');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attachment).toMatchObject({ name: 'brief.pdf', size: pdf.length });
    const file = await w.t.http
      .get(res.body.data.attachment.url)
      .set('Authorization', bearer('advocate'))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    expect((await upload('company', acmeChat, await docxOf(['Notes']), 'notes.docx')).status).toBe(201);
    const renamed = await upload('company', acmeChat, pdf, 'brief.docx');
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.fields).toEqual({ attachment: 'upload.errors.unsupportedType' });
    const script = await upload('company', acmeChat, Buffer.from('<script>alert(1)</script>'), 'brief.pdf');
    expect(script.status).toBe(400);
    // Another company cannot fetch the file by its address.
    expect((await w.t.http.get(res.body.data.attachment.url).set('Authorization', bearer('raas'))).status).toBe(404);
  });
});

describe('Nobody reads another company’s conversations', () => {
  it('another company gets 404 for the conversation, its project, its messages, its file and its marks, and an empty inbox', async () => {
    expect((await w.as('raas').get(`/conversations/${acmeChat}`)).status).toBe(404);
    expect((await w.as('raas').get(`/projects/${w.projects.acme}/conversation`)).status).toBe(404);
    expect((await reply('raas', acmeChat, 'hello')).status).toBe(404);
    expect((await say('raas', w.projects.acme, 'hello')).status).toBe(404);
    expect((await w.as('raas').post(`/conversations/${acmeChat}/read`, { messageId: 1 })).status).toBe(404);
    expect((await w.as('raas').post(`/conversations/${acmeChat}/typing`, {})).status).toBe(404);
    expect((await inbox('raas')).data.map((c) => c.id)).not.toContain(acmeChat);
    expect((await inbox('raas', '?status=all&q=Acme')).total).toBe(0);
  });

  it('a Member reads only the conversations of the projects they may open', async () => {
    expect((await w.as('member').get(`/conversations/${acmeChat}`)).status).toBe(404);
    expect((await say('member', w.projects.acme, 'let me in')).status).toBe(404);
    expect((await inbox('member', '?status=all')).data.map((c) => c.id)).not.toContain(acmeChat);
    const own = await say('member', w.projects.memberOwn, 'A question about my project');
    expect(own.status).toBe(201);
    expect((await inbox('member', '?status=all')).data.map((c) => c.id)).toEqual([own.body.data.conversationId]);
    // The owner of the company sees the whole company's conversations (an Owner opens every project).
    expect((await inbox('company', '?status=all')).data.map((c) => c.id)).toEqual(
      expect.arrayContaining([acmeChat, own.body.data.conversationId]),
    );
  });

  it('a candidate is refused and a signed-out caller must sign in; only admins resolve or assign', async () => {
    expect((await w.as('candidate').get('/conversations')).status).toBe(403);
    expect((await w.t.http.get(`/api/v1/conversations/${acmeChat}`)).status).toBe(401);
    expect((await patch('company', acmeChat, { status: 'resolved' })).status).toBe(403);
    const resolved = await patch('admin', acmeChat, { status: 'resolved', assigneeId: w.people.admin });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', assignee: { id: w.people.admin } });
    expect((await inbox('admin', '?status=resolved&assignee=me')).data.map((c) => c.id)).toEqual([acmeChat]);
    // A new message reopens it.
    await reply('company', acmeChat, 'One more thing').expect(201);
    expect((await inbox('admin', '?q=one%20more')).data.map((c) => c.id)).toEqual([acmeChat]);
    await patch('admin', acmeChat, { assigneeId: w.people.advocate }).expect(200);
  });
});

describe('An unread message is followed up', () => {
  it('the follow-ups are queued with the message: the away notice soon, the email after 10 minutes', async () => {
    const res = await reply('company', acmeChat, 'Are you there?').expect(201);
    const jobs = await w.knex.raw(
      "select j.payload->>'stage' as stage, extract(epoch from j.run_at - now()) as wait from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'follow_up_chat_message' and (j.payload->>'messageId')::int = ? order by j.run_at",
      [res.body.data.id],
    );
    expect(jobs.rows.map((r: { stage: string }) => r.stage)).toEqual(['away', 'email']);
    expect(Number(jobs.rows[1].wait)).toBeGreaterThan(9 * 60);
  });

  it('the recipient still away is notified once, then emailed once; a read message is not emailed', async () => {
    const { body } = await reply('company', acmeChat, 'Please call me back').expect(201);
    const messageId = body.data.id as number;
    expect(await followUp(w.knex, w.t.config, messageId, 'away')).toBe(1);
    const thread = (await w.as('advocate').get('/notifications').expect(200)).body.data.find(
      (n: { subject: string }) => n.subject === `conversation:${acmeChat}`,
    );
    expect(thread).toMatchObject({ kind: 'chatMessage', unread: true, link: `/admin/support-chat/${acmeChat}` });

    const before = (await listOutbox(w.knex, 'advocate@example.com', 100)).length;
    expect(await followUp(w.knex, w.t.config, messageId, 'email')).toBe(1);
    expect(await followUp(w.knex, w.t.config, messageId, 'email')).toBe(0);
    const mails = await listOutbox(w.knex, 'advocate@example.com', 100);
    expect(mails.length).toBe(before + 1);
    expect(mails[0].text).toContain('Please call me back');
    expect(mails[0].text).toContain(`/admin/support-chat/${acmeChat}`);

    const next = await reply('company', acmeChat, 'Never mind').expect(201);
    await w.as('advocate').post(`/conversations/${acmeChat}/read`, { messageId: next.body.data.id }).expect(200);
    expect(await followUp(w.knex, w.t.config, next.body.data.id, 'email')).toBe(0);
    // The project's company users hear of an admin's message the same way.
    const answer = await reply('advocate', acmeChat, 'Calling you now').expect(201);
    const told = await followUp(w.knex, w.t.config, answer.body.data.id, 'email');
    expect(told).toBeGreaterThanOrEqual(1);
    expect((await listOutbox(w.knex, 'owner@acme.example.com', 1))[0].text).toContain('Calling you now');
    expect(
      (await listOutbox(w.knex, 'member@acme.example.com', 5)).some((m) => m.text.includes('Calling you now')),
    ).toBe(false);
  });
});
