/**
 * The interview jobs through a real SMTP server on loopback: an accepted interview's calendar
 * invitation leaves as an email with its .ics attached (text/calendar, METHOD:REQUEST), once
 * however often the jobs run.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await testApp();
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t?.knex.destroy();
});

describe('Calendar invitations by email', () => {
  it('an accepted interview sends the candidate and the interviewer one email each with the .ics attached', async () => {
    const project = await makeProject(t.knex, { title: 'Backend Lead' });
    const [candidate] = await activeCandidates(t.knex, 1, { skip: 120 });
    await addToProject(t.knex, project, [candidate], 0);
    const email = (await t.knex('candidates').where('id', candidate).first('email')).email as string;
    const owner = client(t, await t.login('owner@acme.example.com'));
    // One proposed slot a week ahead, typed as Singapore's local time (GMT+8 all year).
    const SGT = 8 * 3600 * 1000;
    const slot = new Date(Date.now() + 7 * 24 * 3600 * 1000 + SGT).toISOString().slice(0, 13) + ':00';
    const startsAt = new Date(Date.parse(`${slot}:00Z`) - SGT).toISOString();
    const sent = await owner.post('/projects/candidate/interview/request', {
      projectId: project.id,
      candidateId: candidate,
      requestAction: 'request_interview',
      scheduleData: {
        interviewerName: 'Ivan',
        interviewerEmail: 'ivan@acme.example.com',
        type: 1,
        address: '1 Raffles Place',
        duration: 60,
        timezone: 'Asia/Singapore',
        slots: [slot],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runJobs(t, { ...t.config, smtpUrl });
    const { token } = await requestEmail(t.knex, email);
    const answer = await client(t).post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    });
    expect(answer.body.state).toBe('approved');
    await runJobs(t, { ...t.config, smtpUrl });
    await runJobs(t, { ...t.config, smtpUrl });

    for (const to of [email, 'ivan@acme.example.com']) {
      const invitations = received.filter(
        (m) => m.to.includes(to) && /Subject: Invitation: interview for Backend Lead/.test(m.raw),
      );
      expect(invitations, to).toHaveLength(1);
      const raw = invitations[0].raw;
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(raw).toMatch(/filename=(3D)?"?interview\.ics/);
      // The attachment's MIME part, decoded as its own headers say.
      const part = raw.split(/\r?\n--/).find((p) => p.includes('interview.ics')) as string;
      const [headers, ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join('\n\n');
      const ics = /Content-Transfer-Encoding: base64/i.test(headers)
        ? Buffer.from(content, 'base64').toString('utf8')
        : content.replace(/=\r?\n/g, '');
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('LOCATION:1 Raffles Place');
    }
    const pc = await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidate })
      .first('interview_scheduled_at');
    expect(new Date(pc.interview_scheduled_at).toISOString()).toBe(startsAt);
  });
});
