/**
 * Erasure and other people's words (eraseScope.ts): Junjie Sharma, who signs in as candidate@…, is
 * on Acme's project with Priya Sharma and with a namesake, another live Junjie Sharma. Acme notes on
 * Priya that she worked with Priya Sharma, and on the namesake that he referred the erased person by
 * address; the project's chat says "she beat Sharma", "every candidate we met was strong" and names
 * the erased person in full. Once an admin carries out the erasure:
 * - a lone last name and the email's local part ("candidate") are left in the project's chat and in
 *   the notes on the other candidates; the full name in the chat is rewritten;
 * - the namesake's search document and the note on him still name him, and only the erased
 *   person's address in his note is rewritten.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

const EMAIL = 'candidate@erase-words.example.org';
const PRIYA_NOTE = 'Worked with Priya Sharma at Infosys';
const NAMESAKE_NOTE = `Junjie Sharma was referred to us by ${EMAIL}`;
const CHAT = ['she beat Sharma in the final round', 'Every candidate we met was strong'];

let w: PipelineWorld;
let admin: Client;
let erasedId: number;
let priyaId: number;
let namesakeId: number;
const messages: number[] = [];
let fullNameMessage: number;
let erasure: { status: number; body: unknown };

const numberOf = (id: string) => Number(String(id).split(':')[1]);
const ok = (res: { status: number; body: unknown }, what: string) =>
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
const noteOn = (candidateId: number) => w.knex('candidate_notes').where('candidate_id', candidateId).first('note');

beforeAll(async () => {
  w = await pipelineWorld();
  admin = w.as('admin');
  const ids = await talentIds(w.knex);
  const person = async (firstName: string, lastName: string, email: string, n: number) => {
    const details = { firstName, lastName, email, phone: `+659 772 3141${n}`, linkedInUrl: `linkedin.com/in/zq${n}x` };
    const res = await admin.post('/candidates', { ...candidatePayload(ids, details), status: 1 });
    ok(res, `create ${email}`);
    return numberOf(res.body.id);
  };
  erasedId = await person('Junjie', 'Sharma', EMAIL, 11);
  priyaId = await person('Priya', 'Sharma', 'priya.sharma@erase-words.example.org', 12);
  namesakeId = await person('Junjie', 'Sharma', 'jsharma@erase-words.example.org', 13);
  ok(
    await admin.post('/projects/candidate/curate', {
      projectId: `Project:${w.projects.acme}`,
      candidateIds: [erasedId, priyaId, namesakeId].map((id) => `Candidate:${id}`),
    }),
    'curate into Acme',
  );
  for (const [candidateId, note] of [
    [priyaId, PRIYA_NOTE],
    [namesakeId, NAMESAKE_NOTE],
  ] as const)
    ok(
      await admin.post('/candidate-note', {
        projectId: `Project:${w.projects.acme}`,
        candidateId: `Candidate:${candidateId}`,
        note,
        visibility: 2,
      }),
      'note',
    );
  const say = async (body: string) => {
    const said = await admin.post(`/projects/${w.projects.acme}/conversation/messages`, { body });
    ok(said, 'chat');
    return said.body.data.id as number;
  };
  for (const body of CHAT) messages.push(await say(body));
  fullNameMessage = await say('Junjie Sharma is free on Tuesday');
  await runJobs(w.t);

  const recorded = await admin.post('/data-rights/erasures', { candidateId: `Candidate:${erasedId}` });
  ok(recorded, 'record the erasure');
  erasure = await admin.post(`/data-rights/erasures/${numberOf(recorded.body.id)}/carry-out`, { early: true });
  await runJobs(w.t);
}, 300_000);

describe("An erasure leaves other people's words", () => {
  it('completes', async () => {
    expect(erasure.status, JSON.stringify(erasure.body)).toBe(200);
    expect(await w.knex('candidates').where('id', erasedId).first('first_name', 'last_name')).toEqual({
      first_name: 'Erased',
      last_name: 'candidate',
    });
  });

  it("leaves a lone last name and the email's local part in the project's chat, and rewrites the full name", async () => {
    const bodies = await w.knex('chat_messages').whereIn('id', messages).orderBy('id').pluck('body');
    expect(bodies).toEqual(CHAT);
    expect((await w.knex('chat_messages').where('id', fullNameMessage).first('body')).body).toBe(
      'Erased candidate is free on Tuesday',
    );
  });

  it('leaves the note on another candidate of the project', async () => {
    expect((await noteOn(priyaId)).note).toBe(PRIYA_NOTE);
  });

  it("leaves a namesake's search document and the note on him, but for the erased person's address", async () => {
    const doc = await w.knex('candidate_search_documents').where('id', namesakeId).first('name_text');
    expect(doc.name_text).toMatch(/Junjie Sharma/i);
    expect(doc.name_text).not.toMatch(/Erased/i);
    expect((await noteOn(namesakeId)).note).toBe('Junjie Sharma was referred to us by Erased candidate');
    expect(await w.knex('candidates').where('id', namesakeId).first('first_name', 'last_name')).toEqual({
      first_name: 'Junjie',
      last_name: 'Sharma',
    });
  });
});
