/**
 * The HTML part of the product's emails names its own links as links: an `<a href>` to the URL the text part writes in
 * full, reading words rather than the URL (the interview request's answers, the answer's project page, the sign-in
 * link). What someone typed (a candidate's name, a decline's words) stays escaped text and never becomes a link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { htmlLinks, lastMail, mailsTo } from '../helpers/mailbox';

const EVIL_NAME = '<a href="http://evil">x</a>';
const EVIL_TEXT = 'see http://evil.example now';
const OWNER = 'owner@acme.example.com';

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login(OWNER));
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The HTML carries no link of the typed text: no anchor to evil, and the typed markup escaped. */
function typedStaysText(mail: OutboxEntry) {
  expect(mail.html).not.toContain('<a href="http://evil');
  expect(htmlLinks(mail.html).filter((a) => a.href.includes('evil'))).toEqual([]);
}

describe("The product's own links in the HTML part of its emails", () => {
  it('an interview request links its answers and job description; the candidate’s typed name stays text', async () => {
    const [candidate] = await activeCandidates(t.knex, 1, { skip: 40 });
    await t.knex('candidates').where('id', candidate).update({ first_name: EVIL_NAME });
    const to = (await t.knex('candidates').where('id', candidate).first('email')).email as string;
    const project = await makeProject(t.knex, { title: 'Data Platform Lead' });
    await addToProject(t.knex, project, [candidate], 0);
    const res = await owner.post('/projects/candidate/interview/request', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      requestAction: 'request_interview',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs(t);

    const { mail, approveUrl, rejectUrl, jdUrl, token } = await requestEmail(t.knex, to);
    for (const url of [approveUrl, rejectUrl, jdUrl]) {
      expect(url.startsWith(`${t.config.publicUrl}/`)).toBe(true);
      expect(mail.text).toContain(url);
    }
    expect(htmlLinks(mail.html)).toEqual([
      { href: jdUrl, words: 'Read the full job description' },
      { href: approveUrl, words: 'Accept the interview' },
      { href: rejectUrl, words: 'Decline' },
    ]);
    expect(mail.html).toContain('Hi &#60;a href=&#34;http://evil&#34;&#62;x&#60;/a&#62;,');
    typedStaysText(mail);

    // The answer reaches the owner, with a link to the project; the candidate's typed words stay text.
    const no = await client(t).post('/projects/interview-request/reject', {
      interviewRequestToken: token,
      userResponse: { reasons: ['salary'], comment: EVIL_TEXT },
      responseMethod: 'email',
    });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    await runJobs(t);
    const answer = (await mailsTo(t.knex, OWNER)).find((m) => /declined your interview request/.test(m.subject));
    const projectUrl = `${t.config.publicUrl}/project/Project:${project.id}`;
    expect(answer?.text).toContain(projectUrl);
    expect(answer?.text).toContain(EVIL_TEXT);
    expect(htmlLinks(answer!.html)).toEqual([{ href: projectUrl, words: 'Open the project' }]);
    expect(answer!.html).toContain(EVIL_TEXT);
    typedStaysText(answer!);
  });

  it('the sign-in link is a link; the account holder’s typed name stays text', async () => {
    await t
      .knex('company_users')
      .where('email', OWNER)
      .update({ first_name: `${EVIL_NAME} http://evil.example` });
    await t.http.post('/api/v1/auth/send-magic-link').send({ email: OWNER }).expect(200);
    const mail = await lastMail(t.knex, OWNER);
    const url = /(https?:\/\/\S+\/auth\/magic-link\?token=\S+)/.exec(mail.text)?.[1];
    expect(url?.startsWith(`${t.config.publicUrl}/`), mail.text).toBe(true);
    expect(htmlLinks(mail.html)).toEqual([{ href: url, words: `Sign in to ${t.config.productName}` }]);
    expect(mail.html).toContain('&#60;a href=&#34;http://evil&#34;&#62;x&#60;/a&#62; http://evil.example');
    typedStaysText(mail);
  });
});
