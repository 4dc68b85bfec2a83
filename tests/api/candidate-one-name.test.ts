/**
 * One candidate, one name (issue 28, reproduction 7), tried as the project's owner would: the card
 * on the board, the profile panel opened from that board, and the email telling the owner the
 * candidate declined name the candidate the same way: by name when the candidate shows it or was
 * revealed to the project, as "Candidate N" otherwise, and never the name the board hides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let project: TestProject;
/** Visible and named; anonymous, then revealed by a move; anonymous and left in the suggested tab. */
let people: { visible: number; revealed: number; anonymous: number };

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  project = await makeProject(t.knex, { title: 'Senior Backend Engineer' });
  const [visible, revealed, anonymous] = await activeCandidates(t.knex, 3, { skip: 40 });
  people = { visible, revealed, anonymous };
  await t.knex('candidates').whereIn('id', [revealed, anonymous]).update({ anonymous: true });
  await addToProject(t.knex, project, [visible, revealed], STAGES.open);
  // The anonymous one is curated into the suggested tab by an admin and stays there.
  const admin = client(t, await t.login('admin@example.com'));
  const curated = await admin.post('/projects/candidate/curate', {
    projectId: `Project:${project.id}`,
    candidateIds: [`Candidate:${anonymous}`],
  });
  expect(curated.status, JSON.stringify(curated.body)).toBe(200);
  const moved = await owner.post('/projects/recruitment', {
    projectId: `Project:${project.id}`,
    candidateId: [`Candidate:${visible}`, `Candidate:${revealed}`],
    recruitmentStatus: STAGES.qualify,
    confirmReveal: true,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  // Each is sent an interview request and declines it from the emailed link.
  for (const id of Object.values(people)) {
    const sent = await owner.post('/projects/candidate/interview/request', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${id}`,
      requestAction: 'request_interview',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  }
  await runJobs(t);
  for (const id of Object.values(people)) {
    const { email } = await t.knex('candidates').where('id', id).first('email');
    const { token } = await requestEmail(t.knex, email);
    const declined = await client(t).post('/projects/interview-request/reject', {
      interviewRequestToken: token,
      userResponse: { reasons: ['salary'] },
      responseMethod: 'email',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
  }
  await runJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

/** What the owner reads of candidate `id`: the card in the tab they sit in, the panel opened from the board, the decline email's subject. */
async function threeNames(id: number) {
  const { stage: tab } = await t
    .knex('project_candidates')
    .where({ project_id: project.id, candidate_id: id })
    .first('stage');
  const board = await owner.get(`/projects/tab/search?project_id=${project.id}&tab=${tab}&pp=50`);
  expect(board.status, JSON.stringify(board.body)).toBe(200);
  const card = board.body.docs.find((d: { id: string }) => d.id === `Candidate:${id}`);
  expect(card, `candidate ${id} on tab ${tab}`).toBeDefined();
  const panel = await owner.get(`/search/candidates/Candidate:${id}?projectId=Project:${project.id}`);
  expect(panel.status, JSON.stringify(panel.body)).toBe(200);
  const { first_name: first, last_name: last } = await t
    .knex('candidates')
    .where('id', id)
    .first('first_name', 'last_name');
  const mails = (await listOutbox(t.knex, 'owner@acme.example.com', 200)).filter((m) =>
    / declined your interview request$/.test(m.subject),
  );
  const mail = mails.find((m) => m.subject.startsWith(`${first} ${last} `) || m.subject.startsWith(`Candidate ${id} `));
  expect(mail, `the decline email about candidate ${id}`).toBeDefined();
  return {
    fullName: `${first} ${last}`,
    first: first as string,
    card: card.name ?? null,
    panel: panel.body.name ?? null,
    mail: mail!,
  };
}

describe('The owner reads one name for a candidate on the card, in the panel and in the emails', () => {
  it('a visible candidate is named everywhere', async () => {
    const seen = await threeNames(people.visible);
    expect([seen.card, seen.panel]).toEqual([seen.fullName, seen.fullName]);
    expect(seen.mail.subject).toBe(`${seen.fullName} declined your interview request`);
  });

  it('an anonymous candidate revealed by the move is named everywhere, the panel included', async () => {
    const seen = await threeNames(people.revealed);
    expect([seen.card, seen.panel]).toEqual([seen.fullName, seen.fullName]);
    expect(seen.mail.subject).toBe(`${seen.fullName} declined your interview request`);
  });

  it('an anonymous candidate not revealed is named nowhere: no name on the card, in the panel or anywhere in the email', async () => {
    const seen = await threeNames(people.anonymous);
    expect([seen.card, seen.panel]).toEqual([null, null]);
    expect(seen.mail.subject).toBe(`Candidate ${people.anonymous} declined your interview request`);
    expect(`${seen.mail.text}\n${seen.mail.html}`).not.toContain(seen.first);
  });
});
