/**
 * Erasure and everyone else's words: the erased candidate is named "Software Engineer", lives at
 * "Hong Kong", signs in as typescript@…, and gave https://github.com as portfolio: everyday words of
 * the lookups and of other people's text. Once an admin carries out the erasure (it completes: two
 * lookups rewritten alike would break their unique index), and a second one of "Senior Software
 * Engineer" (kubernetes@…, also at "Hong Kong"), the lookups (skills, job titles, cities), another
 * company's project, another candidate's experience and a file sent in another conversation are as
 * they were and the file still downloads; while the note about the first person and the message
 * naming them in their own project's conversation no longer name them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

const JD = 'Based in Hong Kong. Show us your TypeScript on GitHub.';
const EXPERIENCE = {
  title: 'Senior Software Engineer',
  company: 'Hong Kong Telecom',
  description: 'TypeScript services for Hong Kong; open source on GitHub.',
};
const LOOKUPS: [string, string][] = [
  ['skills', 'TypeScript'],
  ['skills', 'GitHub'],
  ['skills', 'Kubernetes'],
  ['job_titles', 'Software Engineer'],
  ['job_titles', 'Senior Software Engineer'],
  ['cities', 'Hong Kong'],
];

let w: PipelineWorld;
let candidateId: number;
let secondId: number;
let otherId: number;
/** The file sent in Globex's conversation, and the messages naming the person in Acme's. */
let otherFile: { url: string; messageId: number };
let mention: number;
let noteId: number;
let erasures: { status: number; body: unknown }[];

const bearer = () => `Bearer ${w.tokens.admin}`;
const numberOf = (id: string) => Number(String(id).split(':')[1]);
const lookupIds = () =>
  Promise.all(LOOKUPS.map(([table, name]) => w.knex(table).where('name', name).pluck('id'))).then((ids) =>
    ids.map((i) => i.length),
  );

beforeAll(async () => {
  w = await pipelineWorld();
  const admin = w.as('admin');
  const ok = (res: { status: number; body: unknown }, what: string) =>
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  const ids = await talentIds(w.knex);

  // The people to erase, living at "Hong Kong".
  const person = async (details: Record<string, unknown>) => {
    const res = await admin.post('/candidates', { ...candidatePayload(ids, details), status: 1 });
    ok(res, `create ${details.email}`);
    await w.knex('candidates').where('id', numberOf(res.body.id)).update({ hk_address: 'Hong Kong' });
    return res;
  };
  const created = await person({
    firstName: 'Software',
    lastName: 'Engineer',
    email: 'typescript@erase-scope.example.org',
    phone: '+659 771 27182818',
    githubUrl: 'https://github.com/zqvscopegit',
    portfolioUrl: 'https://github.com',
  });
  candidateId = numberOf(created.body.id);
  const second = await person({
    firstName: 'Senior',
    lastName: 'Software Engineer',
    email: 'kubernetes@erase-scope.example.org',
    phone: '+659 771 16180339',
  });
  secondId = numberOf(second.body.id);
  const experience = { ...EXPERIENCE, startDate: '2019-01-01', currentPosition: true };
  const other = await admin.post('/candidates', { ...candidatePayload(ids, { experiences: [experience] }), status: 1 });
  ok(other, 'create another candidate');
  otherId = numberOf(other.body.id);

  // In Acme's project: noted and named in its conversation.
  ok(
    await admin.post('/projects/candidate/curate', {
      projectId: `Project:${w.projects.acme}`,
      candidateIds: [created.body.id],
    }),
    'curate into Acme',
  );
  ok(
    await admin.post('/candidate-note', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: created.body.id,
      note: 'Software Engineer answered quickly',
      visibility: 2,
    }),
    'note',
  );
  noteId = (await w.knex('candidate_notes').where('candidate_id', candidateId).first('id')).id;
  const said = await admin.post(`/projects/${w.projects.acme}/conversation/messages`, {
    body: 'Software Engineer is free on Tuesday.',
  });
  ok(said, 'name them in the chat');
  mention = said.body.data.id;

  // Another company's project and conversation, in the same words.
  await w
    .knex('projects')
    .where('id', w.projects.globex)
    .update({ title: 'Senior Software Engineer', job_description: JD });
  const sent = await w.t.http
    .post(`/api/v1/projects/${w.projects.globex}/conversation/messages`)
    .set('Authorization', bearer())
    .field('body', 'The relocation pack for Hong Kong')
    .attach('attachment', await pdfOf(['Hong Kong relocation', 'GitHub access']), 'Hong Kong relocation.pdf');
  ok(sent, 'send a file to Globex');
  otherFile = { url: sent.body.data.attachment.url, messageId: sent.body.data.id };
  await runJobs(w.t);

  expect(await lookupIds()).toEqual(LOOKUPS.map(() => 1));
  erasures = [];
  for (const id of [created.body.id, second.body.id]) {
    const recorded = await admin.post('/data-rights/erasures', { candidateId: id });
    ok(recorded, 'record the erasure');
    erasures.push(await admin.post(`/data-rights/erasures/${numberOf(recorded.body.id)}/carry-out`, { early: true }));
  }
  await runJobs(w.t);
}, 300_000);

describe('Erasure of a person whose details are everyday words', () => {
  it('completes, and the people are erased', async () => {
    for (const e of erasures) expect(e.status, JSON.stringify(e.body)).toBe(200);
    for (const id of [candidateId, secondId])
      expect(await w.knex('candidates').where('id', id).first('first_name', 'last_name', 'hk_address')).toEqual({
        first_name: 'Erased',
        last_name: 'candidate',
        hk_address: null,
      });
  });

  it('leaves the lookups as they were', async () => {
    expect(await lookupIds()).toEqual(LOOKUPS.map(() => 1));
    expect(await w.knex('skills').where('name', 'like', '%Erased%').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await w.knex('job_titles').where('name', 'like', '%Erased%').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it("leaves another company's project and another candidate's experience as they were", async () => {
    expect(await w.knex('projects').where('id', w.projects.globex).first('title', 'job_description')).toEqual({
      title: 'Senior Software Engineer',
      job_description: JD,
    });
    expect(
      await w.knex('candidate_experiences').where('candidate_id', otherId).first('title', 'company', 'description'),
    ).toEqual(EXPERIENCE);
  });

  it('leaves a file sent in another conversation, which still downloads', async () => {
    expect(await w.knex('chat_messages').where('id', otherFile.messageId).first('body', 'attachment_name')).toEqual({
      body: 'The relocation pack for Hong Kong',
      attachment_name: 'Hong Kong relocation.pdf',
    });
    expect((await w.t.http.get(otherFile.url).set('Authorization', bearer())).status).toBe(200);
  });

  it('no longer names the person in the note about them or in their project’s conversation', async () => {
    // The note goes with the rest of the person's rows; were it kept, its text would not name them.
    const note = await w.knex('candidate_notes').where('id', noteId).first('note');
    expect(note?.note ?? '').not.toMatch(/Software|Engineer/i);
    const message = await w.knex('chat_messages').where('id', mention).first('body');
    expect(message.body).toBe('Erased candidate is free on Tuesday.');
  });
});
