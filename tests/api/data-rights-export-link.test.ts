/**
 * The emailed link to a copy of one's data, as a mail scanner and an attacker meet it: a HEAD (a scanner or a link
 * preview checking the link) is answered without counting as a download or entering the data rights log; once the
 * copy expired, the real link says so (410) while a forged token on the same id is the unknown link's 404, so a guess
 * tells nothing of which copies existed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { exportAsked, exportLink } from '../helpers/dataExport';

let t: TestApp;
let email: string;
let candidateId: number;

beforeAll(async () => {
  t = await testApp();
  ({ email, candidateId } = await exportAsked(t));
});

const downloads = () =>
  t.knex('data_rights_logs').where({ candidate_id: candidateId, action: 22 }).count({ n: '*' }).first();

describe('The emailed data-copy link', () => {
  it('answers a HEAD without counting a download; a GET counts one', async () => {
    const link = await exportLink(t.knex, email);
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
    const link = await exportLink(t.knex, email);
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
