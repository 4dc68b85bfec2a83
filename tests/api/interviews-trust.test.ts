/**
 * What a candidate receives, and what their answers do, follows who they are now: a WhatsApp message retried after
 * the candidate changed their number is not sent to the old one; a paused candidate's answer to an interview request
 * or to a qualify request is not taken; a confidential project's calendar invitation names no one of the company;
 * two qualify requests at once to one candidate message them once; a reply quoting no message answers only a request
 * that went out and awaits it; and a proposed time's end is read on the zone's clock across a daylight-saving change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { dayAfter, springForward } from '../helpers/clockChange';
import { activeCandidates, addToProject, makeProject, requestByWhatsapp, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let owner: Client;
let visitor: Client;
let candidates: number[];

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  owner = client(t, await t.login('owner@acme.example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 9, { withPhone: true, skip: 100 });
  await t.knex('candidates').whereIn('id', candidates).update({ phone_whatsapp: true });
});
afterAll(() => close?.());

const digits = (p: string) => p.replace(/\D/g, '');
const candidateRow = (id: number) => t.knex('candidates').where('id', id).first('email', 'phone');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Moves a WhatsApp message's job to `when` (SQL). */
const dueAt = (message: number, when: string) =>
  t.knex.raw(`update graphile_worker._private_jobs set run_at = ${when} where key = ?`, [
    `whatsapp-message:${message}`,
  ]);

/** The owner's interview request by email to `candidate` in `project`; the token of the email the candidate got. */
async function requested(candidate: number, options: Parameters<typeof makeProject>[1] = {}, schedule?: object) {
  const project = await makeProject(t.knex, options);
  await addToProject(t.knex, project, [candidate], 0);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    ...(schedule ? { scheduleData: JSON.stringify(schedule) } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return { project, token: (await requestEmail(t.knex, (await candidateRow(candidate)).email)).token };
}

const answer = (token: string, accessValue: 'approve' | 'check') =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue,
    responseMethod: 'email',
  });

/** An admin's qualify request to `candidate`, delivered; its row. */
async function qualified(candidate: number, header = 'A role') {
  const res = await admin.post('/projects/candidate/send/qualify/request', {
    candidateId: [`Candidate:${candidate}`],
    header,
    body: 'Open to it? Reply YES or NO.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return t.knex('qualify_requests').where('candidate_id', candidate).orderBy('id', 'desc').first();
}

describe('Trusting who the candidate is now', () => {
  it('a WhatsApp message retried after the candidate changed their number is not sent to the old one', async () => {
    const [same, changed] = [candidates[0], candidates[1]];
    const messageOf = async (candidate: number) => {
      standIn.failNext.push({ status: 503, body: JSON.stringify({ error: { message: 'Unavailable', code: 2 } }) });
      const { project, channel } = await requestByWhatsapp(t.knex, owner, candidate);
      expect(channel).toBe('whatsapp');
      await runJobs(t);
      const request = await t.knex('interview_requests').where({ project_id: project.id }).first('id');
      const message = (await t.knex('whatsapp_messages').where('interview_request_id', request.id).first()) as {
        id: number;
        to: string;
        status: number;
      };
      // The retry hours later, as graphile-worker's backoff makes it, not within the next run of the queue.
      await dueAt(message.id, "now() + interval '1 hour'");
      return message;
    };
    const kept = await messageOf(same);
    const moved = await messageOf(changed);
    expect([kept.status, moved.status]).toEqual([0, 0]);
    // One writes the same number another way; the other changes it.
    const keptDigits = digits(kept.to);
    await t
      .knex('candidates')
      .where('id', same)
      .update({ phone: `+${keptDigits.slice(0, 2)} ${keptDigits.slice(2)}` });
    const newNumber = `+6591${String(changed).padStart(6, '0')}`;
    expect(digits(newNumber)).not.toBe(digits(moved.to));
    await t.knex('candidates').where('id', changed).update({ phone: newNumber });

    const sent = standIn.sent.length;
    await dueAt(kept.id, 'now()');
    await dueAt(moved.id, 'now()');
    await runJobs(t);
    const to = standIn.sent.slice(sent).map((s) => s.body.to);
    expect(to).toEqual([keptDigits]);
    expect(to).not.toContain(digits(newNumber));
    const row = await t.knex('whatsapp_messages').where('id', moved.id).first();
    expect(row).toMatchObject({ status: 3, provider_message_id: null });
    expect(row.error).toMatch(/^Not sent: .*changed their WhatsApp number/);
    expect((await t.knex('whatsapp_messages').where('id', kept.id).first()).status).toBe(1);
  });

  it('a candidate who paused since cannot answer an interview request (410), nor is their WhatsApp reply recorded', async () => {
    const [candidate, asked] = [candidates[2], candidates[3]];
    const { project, token } = await requested(candidate, { advocateEmail: 'advocate@example.com' });
    const qualify = await qualified(asked);
    expect(qualify.state).toBe(1);
    const told = async () =>
      (await listOutbox(t.knex, 'advocate@example.com', 200)).filter((m) => /accepted your/.test(m.subject)).length;
    const before = await told();
    for (const id of [candidate, asked]) {
      const res = await t.http
        .post(`/api/v1/candidates/Candidate:${id}/pause`)
        .set(bearer(await t.login((await candidateRow(id)).email)));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    for (const accessValue of ['approve', 'check'] as const) {
      const res = await answer(token, accessValue);
      expect(res.status, JSON.stringify(res.body)).toBe(410);
      expect(res.body.error.code).toBe('project.interview.errors.expired');
    }
    await runJobs(t);
    const request = await t.knex('interview_requests').where({ project_id: project.id }).first();
    expect(request).toMatchObject({ state: 0, answered_at: null, answer_notified_at: null });
    expect(await told()).toBe(before);
    const reply = await standIn.reply(digits(qualify.to_phone), 'Yes', qualify.provider_message_id);
    expect(((await reply.json()) as { replies: number }).replies).toBe(0);
    expect(await t.knex('qualify_requests').where('id', qualify.id).first('state', 'reply')).toEqual({
      state: 1,
      reply: null,
    });
  });

  it("a confidential project's invitation to the candidate names no one of the company", async () => {
    const candidate = candidates[4];
    const year = new Date().getUTCFullYear() + 1;
    const schedule = {
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/x1',
      duration: 30,
      timezone: 'UTC',
      slots: [`${year}-04-06T09:00`],
    };
    const { token } = await requested(candidate, { isConfidential: true, title: 'Stealth Platform Role' }, schedule);
    expect((await answer(token, 'approve')).status).toBe(200);
    await runJobs(t);
    const invitation = async (to: string) =>
      (
        (await t.knex('outbox_emails').where('to', to).where('subject', 'like', 'Invitation:%').first('attachments'))
          .attachments[0].content as string
      ).replace(/\r?\n[ \t]/g, '');
    const own = await invitation((await candidateRow(candidate)).email);
    expect(own).toContain('METHOD:REQUEST');
    expect(own).toMatch(/^ORGANIZER;CN="?Talentbase"?:mailto:no-reply@talentbase\.example\r?$/im);
    expect(own).not.toMatch(/ivy|acme/i);
    expect(own).toContain('DESCRIPTION:Interview for Stealth Platform Role.');
    // The interviewer's own copy still names them as its organizer.
    expect(await invitation('ivy@acme.example.com')).toMatch(/ORGANIZER;CN="?Ivy Interviewer"?:mailto:ivy@acme/i);
  });

  it('two qualify requests at once to one candidate: one is sent (201), the other is refused as asked recently', async () => {
    const candidate = candidates[5];
    const ask = (header: string) =>
      admin.post('/projects/candidate/send/qualify/request', {
        candidateId: [`Candidate:${candidate}`],
        header,
        body: 'Open to it? Reply YES or NO.',
      });
    // Both sends held at the table until each is waiting for a lock: they read the last day's requests together.
    const blocker = await t.knex.transaction();
    await blocker.raw('lock table qualify_requests in access exclusive mode');
    const sending = Promise.all([ask('First'), ask('Second')]);
    for (let waited = 0; waited < 5000; waited += 25) {
      const { rows } = await t.knex.raw(`select count(*)::int as n from pg_locks
          where not granted and database = (select oid from pg_database where datname = current_database())`);
      if (rows[0].n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await blocker.commit();
    const both = await sending;
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.error.code).toBe('project.qualify.errors.askedRecently');
    expect(await t.knex('qualify_requests').where('candidate_id', candidate).pluck('id')).toHaveLength(1);
  });

  it('a reply quoting no message answers only a request that went out and awaits it, never a failed one nor an answer', async () => {
    const candidate = candidates[6];
    const first = await qualified(candidate, 'First');
    const from = digits(first.to_phone);
    const replies = async (res: Response) => ((await res.json()) as { replies: number }).replies;
    expect(await replies(await standIn.reply(from, 'Yes', first.provider_message_id))).toBe(1);
    // Replied: a later reply quoting nothing does not overwrite the answer.
    expect(await replies(await standIn.reply(from, 'no'))).toBe(0);
    expect(await t.knex('qualify_requests').where('id', first.id).first('reply', 'reply_text')).toEqual({
      reply: 1,
      reply_text: 'Yes',
    });
    // A day later another request, which the provider reports failed: a reply quoting nothing is not taken for it.
    await t
      .knex('qualify_requests')
      .where('id', first.id)
      .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
    const second = await qualified(candidate, 'Second');
    expect(second.id).not.toBe(first.id);
    expect((await standIn.status(second.provider_message_id, 'failed')).status).toBe(200);
    expect(await replies(await standIn.reply(from, 'no'))).toBe(0);
    const rows = await t.knex('qualify_requests').whereIn('id', [first.id, second.id]).orderBy('id');
    expect(rows.map((r) => [r.state, r.reply])).toEqual([
      [3, 1],
      [4, null],
    ]);
  });

  it("a proposed time's end is read on the zone's clock: 00:30 + 120 minutes in London the night clocks go forward is 03:30", async () => {
    const candidate = candidates[7];
    // The night of next year's change, and a day on summer time after it: always ahead, whenever this runs.
    const forward = springForward();
    const [change, later] = [dayAfter(forward, 0), dayAfter(forward, 4)];
    const schedule = {
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/x2',
      duration: 120,
      timezone: 'Europe/London',
      slots: [`${change}T00:30`, `${later}T10:00`],
    };
    const { token } = await requested(candidate, {}, schedule);
    const check = await answer(token, 'check');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.projectData.timeSlots).toEqual([
      { date: change, startTime: '00:30', endTime: '03:30' },
      { date: later, startTime: '10:00', endTime: '12:00' },
    ]);
  });
});
