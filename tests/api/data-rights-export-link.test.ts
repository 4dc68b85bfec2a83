/**
 * The emailed link to a copy of one's data, as a mail scanner and an attacker meet it: a HEAD (a scanner or a link
 * preview checking the link) is answered without counting as a download or entering the data rights log; once the
 * copy expired, the real link says so (410) while a forged token on the same id is the unknown link's 404, so a guess
 * tells nothing of which copies existed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let email: string;
let candidateId: number;

beforeAll(async () => {
  t = await testApp();
  const admin = client(t, await t.login('admin@example.com'));
  const made = await admin.post('/candidates', candidatePayload(await talentIds(t.knex)));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  email = made.body.email;
  candidateId = Number(String(made.body.id).split(':').pop());
  const me = client(t, await t.login(email));
  expect((await me.post('/data-rights/export', {})).status).toBe(202);
  await runJobs(t);
});

async function emailedLink(): Promise<string> {
  const mail = (await listOutbox(t.knex, email, 20)).find((m) => /data is ready to download/.test(m.subject));
  const found =
    mail && /(https?:\/\/\S+\/api\/v1\/data-rights\/exports\/download\?id=\d+&token=[\w-]+)/.exec(mail.text);
  if (!found) throw new Error('no export email with a link');
  return new URL(found[1]).pathname + new URL(found[1]).search;
}
const downloads = () =>
  t.knex('data_rights_logs').where({ candidate_id: candidateId, action: 22 }).count({ n: '*' }).first();

describe('The emailed data-copy link', () => {
  it('answers a HEAD without counting a download; a GET counts one', async () => {
    const link = await emailedLink();
    const head = await t.http.head(link);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toContain('application/zip');
    expect(
      (await t.knex('data_exports').where('candidate_id', candidateId).first('downloaded_at')).downloaded_at,
    ).toBeNull();
    expect(Number((await downloads())?.n)).toBe(0);
    expect((await t.http.get(link)).status).toBe(200);
    expect(Number((await downloads())?.n)).toBe(1);
  });

  it('once expired: the real link says so, a forged token on the same id is an unknown link', async () => {
    const link = await emailedLink();
    await t
      .knex('data_exports')
      .where('candidate_id', candidateId)
      .update({ expires_at: new Date(Date.now() - 1000) });
    for (let i = 0; i < 2; i++) {
      const gone = await t.http.get(link);
      expect(gone.status).toBe(410);
      expect(gone.body.error.fields).toEqual({ dataExport: 'dataExport.errors.expired' });
    }
    const forged = await t.http.get(link.replace(/token=[\w-]+/, `token=${'A'.repeat(43)}`));
    expect(forged.status).toBe(404);
    expect(forged.body.error.fields).toEqual({ dataExport: 'dataExport.errors.invalidLink' });
  });
});
