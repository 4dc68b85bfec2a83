/**
 * Three emails read as what they are about:
 * - an account (a company user's) asking to move to an address another account uses: that address's owner is told of
 *   an account's change, not of a candidate profile's, and the requester is answered as for any address;
 * - the curated-candidates email counts one candidate as one ("1 new candidate", not "1 new candidates");
 * - the alert digest counts and names only the news its person still reaches, as the alert panel its link opens does:
 *   news of a candidate the project's saved filters no longer find (and not on the board) is left out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sendDueDigests } from '../../backend/features/alerts';
import { ALERT_RECIPIENT_KIND } from '../../schema/entities/alert';
import { runJobs } from '../helpers/jobs';
import { lastMail } from '../helpers/mailbox';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const saveAccount = (email: string) =>
  w.t.http
    .put('/api/v1/auth/account')
    .set('Authorization', `Bearer ${w.tokens.company}`)
    .field('firstName', 'Olivia')
    .field('lastName', 'Tan')
    .field('email', email);

describe('Small email fixes', () => {
  it("tells the owner of an address an account asked to move to of an account's change, answering the requester as for any address", async () => {
    const taken = await saveAccount(MEMBER);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const fresh = await saveAccount('olivia.fresh@acme.example.com');
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.emailConfirmationSent).toBe(fresh.body.emailConfirmationSent);

    const notice = await lastMail(w.knex, MEMBER);
    expect(notice.subject).toBe('Your email address was entered on Talentbase');
    expect(notice.text).not.toMatch(/candidate profile/);
    expect(notice.text).toContain('change the email address of a Talentbase account to this one');
    expect(notice.text).toContain('nothing was changed');
    expect(notice.text).not.toContain('/auth/confirm-email');
    expect(notice.html).not.toMatch(/candidate profile/);
  });

  it('counts one curated candidate as one in the subject and the text', async () => {
    const res = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: `Project:${w.projects.acme}`, candidateIds: [w.cid('Ivy')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(w.t);
    const mail = await lastMail(w.knex, OWNER);
    expect(mail.subject).toBe('New curated candidate for Acme engineers: 1');
    expect(mail.text).toContain('Our talent advocates added 1 new candidate to your project Acme engineers.');
    expect(mail.text).not.toMatch(/1 new candidates/);
  });

  it("leaves out of the digest the news its person no longer reaches, as the alert's list does", async () => {
    const on = await w
      .as('company')
      .put(`/alerts/projects/Project:${w.projects.acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const sub = await w
      .knex('alert_subscriptions')
      .where({
        project_id: w.projects.acme,
        recipient_kind: ALERT_RECIPIENT_KIND.companyUser,
        recipient_id: w.people.owner,
      })
      .first('id');
    // Ben (a software engineer) is found by the project's saved filters; Ava (a data scientist) is not, nor on its board.
    await w.knex('alert_news').insert(
      ['Ben', 'Ava'].map((name) => ({
        subscription_id: sub.id,
        project_id: w.projects.acme,
        candidate_id: w.ids[name],
      })),
    );
    const panel = await w.as('company').get(`/alerts/projects/Project:${w.projects.acme}`);
    expect(panel.body.newCandidateIds).toEqual([w.cid('Ben')]);
    // As a previous day's run left it: today's period not handled yet.
    await w
      .knex('alert_subscriptions')
      .where('id', sub.id)
      .update({ digest_handled_at: w.knex.raw("now() - interval '2 days'") });

    expect(await sendDueDigests(w.knex, w.t.config)).toBe(1);
    const digest = await lastMail(w.knex, OWNER);
    expect(digest.subject).toBe('1 new candidate for Acme engineers since your last digest');
    expect(digest.text).toContain('Ben Lim');
    expect(digest.text).not.toContain('Ava Tan');
    expect(
      await w.knex('alert_news').where('subscription_id', sub.id).whereNotNull('emailed_at').pluck('candidate_id'),
    ).toEqual([w.ids.Ben]);
  });
});
