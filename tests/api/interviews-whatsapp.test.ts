/**
 * WhatsApp: the adapter speaks the Cloud API to a local stand-in on loopback, which answers like
 * the real API and sends webhook callbacks signed with X-Hub-Signature-256; qualify requests and
 * their replies; interview requests over WhatsApp; jobs safe to run twice; local mode without keys.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestByWhatsapp } from '../helpers/interviews';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let company: Client;
let withPhone: number[];
let phones: Map<number, string>;

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  withPhone = await activeCandidates(t.knex, 6, { withPhone: true, skip: 50 });
  await t.knex('candidates').whereIn('id', withPhone).update({ phone_whatsapp: true });
  phones = new Map(
    (await t.knex('candidates').whereIn('id', withPhone).select('id', 'phone')).map((r) => [r.id, r.phone]),
  );
});
afterAll(() => close?.());

const digits = (p: string) => p.replace(/\D/g, '');

describe('The webhook', () => {
  it('answers the verification with hub.challenge only for the configured verify token', async () => {
    const ok = await t.http.get(
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    const wrong = await t.http.get(
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    );
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('1158201444');
  });

  it('refuses deliveries with a forged or missing signature and records nothing', async () => {
    const body = JSON.stringify({
      entry: [
        {
          changes: [
            {
              value: {
                messages: [{ from: digits(phones.get(withPhone[0]) as string), type: 'text', text: { body: 'yes' } }],
              },
            },
          ],
        },
      ],
    });
    const forged = await standIn.post(body, `sha256=${'0'.repeat(64)}`);
    expect(forged.status).toBe(401);
    const missing = await standIn.post(body);
    expect(missing.status).toBe(401);
    const otherSecret = await standIn.post(
      body,
      `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`,
    );
    expect(otherSecret.status).toBe(401);
    expect(await t.knex('qualify_requests').whereNotNull('reply').first()).toBeUndefined();
  });
});

describe('Qualify requests', () => {
  it('an admin sends a template to many candidates; each gets one message however often the job runs', async () => {
    const res = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: withPhone.slice(0, 3).map((c) => `Candidate:${c}`),
      header: 'A new role in Singapore',
      body: 'We have a backend role that matches your profile. Interested? Reply YES or NO.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sent).toHaveLength(3);
    await runJobs(t);
    const ids = await t.knex('whatsapp_messages').whereNotNull('qualify_request_id').pluck('id');
    for (const id of ids)
      await t.knex.raw("select graphile_worker.add_job('send_whatsapp_message', json_build_object('id', ?::int))", [
        id,
      ]);
    await runJobs(t);
    expect(standIn.sent).toHaveLength(3);
    const first = standIn.sent[0];
    expect(first.authorization).toBe(`Bearer ${standIn.token}`);
    expect(first.path).toBe(`/${standIn.version}/${standIn.phoneNumberId}/messages`);
    expect(first.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: { name: 'qualify_request', language: { code: 'en' } },
    });
    expect(JSON.stringify(first.body.template.components)).toContain('A new role in Singapore');
    const rows = await t.knex('qualify_requests').whereIn('candidate_id', withPhone.slice(0, 3));
    for (const row of rows) expect(row).toMatchObject({ state: 1 });
    expect(rows.map((r) => r.provider_message_id).sort()).toEqual(standIn.sent.map((s) => s.id).sort());
  });

  it('records delivery statuses and the replies (yes, no or text) from signed callbacks, shown to admins on the candidate', async () => {
    const rows = await t
      .knex('qualify_requests')
      .whereIn('candidate_id', withPhone.slice(0, 3))
      .orderBy('candidate_id');
    expect((await standIn.status(rows[0].provider_message_id, 'delivered')).status).toBe(200);
    expect((await t.knex('qualify_requests').where('id', rows[0].id).first()).state).toBe(2);

    const yes = await standIn.reply(digits(rows[0].to_phone), 'Yes', rows[0].provider_message_id);
    expect(yes.status).toBe(200);
    // Delivered twice, as providers do: the same answer.
    await standIn.reply(digits(rows[0].to_phone), 'Yes', rows[0].provider_message_id);
    await standIn.reply(digits(rows[1].to_phone), 'no');
    await standIn.reply(digits(rows[2].to_phone), 'Only if it is remote', rows[2].provider_message_id);
    const after = await t
      .knex('qualify_requests')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .orderBy('candidate_id');
    expect(after.map((r) => [r.state, r.reply, r.reply_text])).toEqual([
      [3, 1, 'Yes'],
      [3, 2, 'no'],
      [3, 3, 'Only if it is remote'],
    ]);

    const shown = await admin.get(
      `/projects/candidate/qualify/requests?candidate_id=Candidate:${rows[0].candidate_id}`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body.data[0]).toMatchObject({ state: 'replied', reply: 'yes', replyText: 'Yes' });
    expect(
      (await company.get(`/projects/candidate/qualify/requests?candidate_id=${rows[0].candidate_id}`)).status,
    ).toBe(403);
  });

  it('checks the header (60) and body (1024) limits, is for admins only, and offers the template', async () => {
    const tooLong = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: withPhone[3],
      header: 'h'.repeat(61),
      body: 'b'.repeat(1025),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({ header: 'header.errors.tooLong', body: 'body.errors.tooLong' });
    expect(
      (
        await company.post('/projects/candidate/send/qualify/request', {
          candidateId: withPhone[3],
          header: 'Hi',
          body: 'Hello',
        })
      ).status,
    ).toBe(403);
    const template = await admin.get('/projects/candidate/get/qualify/request/template?after=2020-01-01');
    expect(template.status).toBe(200);
    expect(template.body.data).toMatchObject({ limits: { header: 60, body: 1024 } });
    expect(template.body.data.recent[0]).toMatchObject({ header: 'A new role in Singapore', times: 3 });
    expect((await company.get('/projects/candidate/get/qualify/request/template')).status).toBe(403);
  });

  it("keeps the candidate's latest answer: a delivery repeated, an older reply arriving late or a later note changes nothing", async () => {
    const [row] = await t.knex('qualify_requests').where('candidate_id', withPhone[3]).select('id');
    expect(row).toBeUndefined();
    const sent = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: [`Candidate:${withPhone[3]}`],
      header: 'A data role',
      body: 'Interested? Reply YES or NO.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runJobs(t);
    const request = await t.knex('qualify_requests').where('candidate_id', withPhone[3]).first();
    const from = digits(request.to_phone);
    const stored = async () =>
      (await t.knex('qualify_requests').where('id', request.id).first('reply', 'reply_text')) as {
        reply: number;
        reply_text: string;
      };
    const replies = async (res: Response) => ((await res.json()) as { replies: number }).replies;
    const minute = (n: number) => new Date(Date.now() - (10 - n) * 60_000);

    // "No" sent second arrives first; "Yes", sent first, arrives after it: the later answer stays.
    const no = { id: 'wamid.no-sent-second', at: minute(2) };
    expect(await replies(await standIn.reply(from, 'NO', request.provider_message_id, no))).toBe(1);
    expect(await replies(await standIn.reply(from, 'Yes', request.provider_message_id, { at: minute(1) }))).toBe(0);
    expect(await stored()).toEqual({ reply: 2, reply_text: 'NO' });
    // The same delivery again: nothing recorded, nobody told again.
    expect(await replies(await standIn.reply(from, 'NO', request.provider_message_id, no))).toBe(0);
    // A note afterwards keeps the answer; a later yes is the candidate changing their mind.
    expect(await replies(await standIn.reply(from, 'thanks!', undefined, { at: minute(3) }))).toBe(0);
    expect(await stored()).toEqual({ reply: 2, reply_text: 'NO' });
    expect(await replies(await standIn.reply(from, 'Yes', request.provider_message_id, { at: minute(4) }))).toBe(1);
    expect(await stored()).toEqual({ reply: 1, reply_text: 'Yes' });
    // A reply quoting a message that is not a qualify request is not taken for this one.
    expect(await replies(await standIn.reply(from, 'No', 'wamid.an-interview-request', { at: minute(5) }))).toBe(0);
    expect(await stored()).toEqual({ reply: 1, reply_text: 'Yes' });
  });
});

describe('Interview requests over WhatsApp', () => {
  it('one email and one template message with the answer links, however often the jobs run', async () => {
    const candidate = withPhone[4];
    const { project, channel } = await requestByWhatsapp(t.knex, company, candidate);
    expect(channel).toBe('whatsapp');
    const before = standIn.sent.length;
    await runJobs(t);
    const request = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidate })
      .first('id');
    await t.knex.raw(
      "select graphile_worker.add_job('send_interview_request', json_build_object('id', ?::int, 'step', 'deliver'))",
      [request.id],
    );
    const [message] = await t.knex('whatsapp_messages').where('interview_request_id', request.id).pluck('id');
    await t.knex.raw("select graphile_worker.add_job('send_whatsapp_message', json_build_object('id', ?::int))", [
      message,
    ]);
    await runJobs(t);
    expect(standIn.sent.length - before).toBe(1);
    const sent = standIn.sent[standIn.sent.length - 1];
    expect(sent.body.to).toBe(digits(phones.get(candidate) as string));
    expect(sent.body.template.name).toBe('interview_request');
    expect(JSON.stringify(sent.body.template.components)).toMatch(/irt=[\w-]{43}&av=approve&m=whatsapp/);
    const email = (await t.knex('candidates').where('id', candidate).first('email')).email;
    expect((await listOutbox(t.knex, email)).filter((m) => m.subject.startsWith('Interview request'))).toHaveLength(1);
  });

  it('a provider refusing the token (401) marks the message failed at once, with the error kept', async () => {
    const saved = t.config.whatsapp;
    t.config.whatsapp = { ...saved, token: 'wrong-token' };
    try {
      const res = await admin.post('/projects/candidate/send/qualify/request', {
        candidateId: withPhone[5],
        header: 'Hello',
        body: 'Are you open to a new role?',
      });
      expect(res.status).toBe(201);
      await runJobs(t);
      const row = await t.knex('whatsapp_messages').orderBy('id', 'desc').first();
      // A refusal asking again cannot change (whatsappOutbox.ts); a transient one stays queued (interviews-whatsapp-retry).
      expect(row.status).toBe(3);
      expect(row.error).toMatch(/OAuth/);
    } finally {
      t.config.whatsapp = saved;
    }
  });
});

describe('Without WhatsApp credentials', () => {
  it('messages stay in the product and show in the development mailbox beside the emails', async () => {
    const local = await testApp();
    try {
      const adminToken = await local.login('admin@example.com');
      const [candidate] = await activeCandidates(local.knex, 1, { withPhone: true, skip: 70 });
      const res = await client(local, adminToken).post('/projects/candidate/send/qualify/request', {
        candidateId: candidate,
        header: 'Local hello',
        body: 'A role for you. Reply YES or NO.',
      });
      expect(res.status).toBe(201);
      await runJobs(local);
      const row = await local.knex('whatsapp_messages').first();
      expect(row).toMatchObject({ status: 2, provider_message_id: null });
      const listed = await local.http.get('/api/v1/dev/whatsapp');
      expect(listed.body[0]).toMatchObject({ template: 'qualify_request' });
      expect(listed.body[0].preview).toContain('Local hello');
      const page = await local.http.get('/dev/mailbox');
      expect(page.text).toContain('WhatsApp');
      expect(page.text).toContain('Local hello');
    } finally {
      await local.knex.destroy();
    }
  });
});

describe('Template parameters WhatsApp takes', () => {
  it('sends each text parameter as one non-empty line: paragraphs, tabs and runs of spaces flattened, "there" for no first name', async () => {
    // WhatsApp refuses a parameter with a new line, a tab or more than four spaces in a row (132018), or an empty one.
    const [candidate] = await activeCandidates(t.knex, 1, { withPhone: true, skip: 60 });
    await t.knex('candidates').where('id', candidate).update({ first_name: '', phone_whatsapp: true });
    const typed = {
      header: 'A role\tin  Singapore',
      body: 'We have a backend role for you.\r\n\r\n\tIt is remote      and well paid.\nInterested? Reply YES or NO.',
    };
    const qualify = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: `Candidate:${candidate}`,
      ...typed,
    });
    expect(qualify.status, JSON.stringify(qualify.body)).toBe(201);
    const project = await makeProject(t.knex);
    await addToProject(t.knex, project, [candidate], 0);
    const interview = await company.post('/projects/candidate/interview/request', {
      projectId: project.id,
      candidateId: candidate,
      requestAction: 'request_interview',
      channel: 'whatsapp',
      jdHeader: 'Backend role\n\nSingapore',
    });
    expect(interview.status, JSON.stringify(interview.body)).toBe(201);
    await runJobs(t);
    await runJobs(t);

    const qualifyRow = await t.knex('qualify_requests').where('candidate_id', candidate).first();
    const requestRow = await t.knex('interview_requests').where('candidate_id', candidate).first('id');
    // What the admin typed is kept as typed; only what goes to WhatsApp is flattened.
    expect(qualifyRow).toMatchObject({ ...typed, state: 1 });
    const rows = await t
      .knex('whatsapp_messages')
      .where('qualify_request_id', qualifyRow.id)
      .orWhere('interview_request_id', requestRow.id);
    expect(rows.map((r) => r.status)).toEqual([1, 1]);
    const sent = rows.map((r) => standIn.sent.find((s) => s.id === r.provider_message_id));
    const texts = (s: (typeof sent)[number]) =>
      (s?.body.template.components as { type: string; parameters: { text: string }[] }[]).flatMap((c) =>
        c.parameters.map((p) => [c.type, p.text]),
      );
    for (const s of sent) {
      expect(s).toBeDefined();
      for (const [, text] of texts(s)) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/[\n\r\t]| {5}/);
      }
    }
    const byTemplate = Object.fromEntries(sent.map((s) => [s?.body.template.name, texts(s)]));
    expect(byTemplate.qualify_request).toEqual([
      ['header', 'A role in Singapore'],
      ['body', 'We have a backend role for you. · It is remote and well paid. Interested? Reply YES or NO.'],
    ]);
    expect(byTemplate.interview_request.slice(0, 2)).toEqual([
      ['header', 'Backend role · Singapore'],
      ['body', 'there'],
    ]);
    // The email beside it greets them the same way.
    const email = (await t.knex('candidates').where('id', candidate).first('email')).email as string;
    const [mail] = (await listOutbox(t.knex, email)).filter((m) => m.subject.startsWith('Interview request'));
    expect(mail.text.split('\n')[0]).toBe('Hi there,');
  });

  it('asks one candidate once a day: a second qualify request within 24 hours is skipped, and sends nothing', async () => {
    const [one, two] = await activeCandidates(t.knex, 2, { withPhone: true, skip: 70 });
    const ask = (ids: number[]) =>
      admin.post('/projects/candidate/send/qualify/request', {
        ...{ candidateId: ids.map((n) => `Candidate:${n}`), header: 'A role', body: 'Open to it? Reply YES or NO.' },
      });
    expect((await ask([one])).status).toBe(201);
    const again = await ask([one]);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.qualify.errors.askedRecently');
    const mixed = await ask([one, two]);
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
    expect(mixed.body).toMatchObject({ skipped: [`Candidate:${one}`] });
    expect(await t.knex('qualify_requests').where('candidate_id', one).pluck('id')).toHaveLength(1);
  });
});
