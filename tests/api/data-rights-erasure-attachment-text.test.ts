/**
 * Erasure and a chat attachment that holds the person without naming them: an admin downloads the
 * candidate's profile PDF (contact details and all) and posts it in the chat of a project the
 * candidate is on as "shortlist.pdf" with "hello". Once the erasure is carried out, the company's
 * owner gets 404 for it and its file is gone; an attachment of that chat that does not name the
 * person still downloads.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { eraseAndSettle } from '../helpers/erasure';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

const M = 'zqvk';
const EMAIL = `${M}mail@erase-attachment-text.example.org`;

let w: PipelineWorld;
let candidateId: string;
let chat: number;
let shortlist: string;
let brief: string;

const as = (token: string) => (url: string) => w.t.http.get(url).set('Authorization', `Bearer ${token}`);
const stored = (key: string) =>
  stat(path.join(w.t.config.uploadDir, ...key.split('/'))).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  w = await pipelineWorld();
  const admin = w.as('admin');
  const created = await admin.post('/candidates', {
    ...candidatePayload(await talentIds(w.knex), { firstName: `${M}first`, lastName: `${M}last`, email: EMAIL }),
    status: 1,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  candidateId = created.body.id;
  const curated = await admin.post('/projects/candidate/curate', {
    projectId: `Project:${w.projects.acme}`,
    candidateIds: [candidateId],
  });
  expect(curated.status, JSON.stringify(curated.body)).toBeLessThan(300);
  const asked = await w.as('company').post(`/projects/${w.projects.acme}/conversation/messages`, { body: 'Any news?' });
  expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
  chat = asked.body.data.conversationId;

  const pdf = await as(w.tokens.admin)(`/api/v1/candidates/get-pdf?id=${candidateId}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(pdf.status).toBe(200);
  const send = async (file: Buffer, name: string, body: string) => {
    const res = await w.t.http
      .post(`/api/v1/conversations/${chat}/messages`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .field('body', body)
      .attach('attachment', file, name);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.data.attachment.url as string;
  };
  shortlist = await send(pdf.body as Buffer, 'shortlist.pdf', 'hello');
  brief = await send(await pdfOf(['The role: senior engineer', 'Reports to the CTO']), 'brief.pdf', 'the brief');
}, 300_000);

describe('Erasure and a chat attachment whose text names the person', () => {
  it("before the erasure, the company's owner downloads both, the shortlist naming the person", async () => {
    const owner = as(w.tokens.company);
    expect((await owner(shortlist)).status).toBe(200);
    expect((await owner(brief)).status).toBe(200);
  });

  it('after it, the shortlist answers 404 and is gone from storage; the brief still downloads', async () => {
    const [key] = (await w
      .knex('chat_messages')
      .where('conversation_id', chat)
      .where('attachment_name', 'shortlist.pdf')
      .pluck('attachment_key')) as string[];
    expect(await stored(key)).toBe(true);
    await eraseAndSettle(w.t, w.tokens.admin, candidateId);
    const owner = as(w.tokens.company);
    expect([404, 410]).toContain((await owner(shortlist)).status);
    expect(await stored(key)).toBe(false);
    expect((await owner(brief)).status).toBe(200);
    // The messages stay with their text.
    const conversation = await w.as('admin').get(`/conversations/${chat}`);
    const bodies = conversation.body.messages.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(expect.arrayContaining(['hello', 'the brief']));
  });
});
