/**
 * The data-rights emails write the moment an erasure or an archiving happens with its zone stated,
 * in the product's date-time format ('3 Jan 2027, 4:05 am UTC'): a UTC day alone ('Sun, 03 Jan 2027')
 * reads, to a candidate west of UTC, as a day later than the hour it really happens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { formatDateTime } from '../../schema/rules/dates';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const stated = (moment: Date | string) => `${formatDateTime(new Date(moment), { timeZone: 'UTC' })} UTC`;

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

/** The newest email to `to` whose subject says `subject`, as its text. */
async function mail(to: string, subject: string): Promise<string> {
  const found = (await listOutbox(t.knex, to, 20)).find((m) => m.subject.includes(subject));
  expect(found, `an email "${subject}" to ${to}`).toBeTruthy();
  return found!.text;
}

describe('Moments in the data-rights emails', () => {
  it('the confirmed erasure names its moment in UTC, saying so', async () => {
    const email = 'candidate@example.com';
    const me = client(t, await t.login(email));
    expect((await me.post('/data-rights/erasure', {})).status).toBe(200);
    const confirmed = await me.post('/data-rights/erasure/confirm', { code: await t.lastCode(email) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const text = await mail(email, 'data will be erased');
    expect(text).toContain(`data will be erased on ${stated(confirmed.body.erasure.dueAt)}.`);
    expect(text).toMatch(/erased on \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m UTC\./);
  });

  it('the inactivity reminder and the archiving notice name their moments in UTC, saying so', async () => {
    const who = await t
      .knex('candidates')
      .where('status', CANDIDATE_STATUS.active)
      .whereNot('email', 'candidate@example.com')
      .orderBy('id')
      .first('id', 'email');
    await t
      .knex('candidate_activity')
      .where('candidate_id', who.id)
      .update({ last_active_at: daysAgo(800) });
    await t.knex.raw(`select graphile_worker.add_job('apply_retention')`);
    await runJobs(t);
    const reminded = await t
      .knex('data_rights_logs')
      .where('candidate_id', who.id)
      .whereRaw(`detail->>'archiveOn' is not null`)
      .first('detail');
    expect(reminded, 'the reminder is logged').toBeTruthy();
    expect(await mail(who.email, 'will be archived')).toContain(
      `on ${stated(reminded.detail.archiveOn)} your profile will be archived`,
    );

    await t
      .knex('candidate_activity')
      .where('candidate_id', who.id)
      .update({ reminded_at: daysAgo(t.config.dataRights.reminderDays + 1) });
    await t.knex.raw(`select graphile_worker.add_job('apply_retention')`);
    await runJobs(t);
    const erasure = await t.knex('erasure_requests').where('candidate_id', who.id).first('due_at');
    expect(erasure?.due_at, 'the archiving opens an erasure').toBeTruthy();
    expect(await mail(who.email, 'has been archived')).toContain(
      `Your data will be erased on ${stated(erasure.due_at)}.`,
    );
  });
});
