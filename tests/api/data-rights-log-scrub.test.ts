/**
 * Entries of the data rights log written before it stopped holding admins' words (a consent request's note, a
 * correction's decline reason, a hold's reason) lose them to a migration, which lifts the log's append-only
 * trigger only while it runs: the ids, counts and codes stay, and the log refuses changes again afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../migrations/20261205171500_scrub_free_text_from_data_rights_log';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

describe('The data rights log scrub', () => {
  it("drops admins' words from old entries and keeps everything else, append-only again after", async () => {
    const candidateId = (await t.knex('candidates').orderBy('id').first('id')).id as number;
    const old = [
      { action: 20, detail: { purpose: 'marketing', source: 'admin', request: 'Asked by phone, call her at 555' } },
      { action: 12, detail: { correctionId: 4, field: 'currentTitle', reason: 'She lied about the title' } },
      { action: 5, detail: { requestId: 9, reason: 'An offer is in progress with Globex' } },
      { action: 6, detail: { requestId: 9 } },
    ];
    const ids = (
      await t
        .knex('data_rights_logs')
        .insert(old.map((o) => ({ candidate_id: candidateId, actor_kind: 1, actor_id: 1, ...o })))
        .returning('id')
    ).map((r: { id: number }) => r.id);

    await t.knex.transaction((trx) => up(trx));

    const rows = await t.knex('data_rights_logs').whereIn('id', ids).orderBy('id').select('action', 'detail');
    expect(rows).toEqual([
      { action: 20, detail: { purpose: 'marketing', source: 'admin', requestNoted: true } },
      { action: 12, detail: { correctionId: 4, field: 'currentTitle' } },
      { action: 5, detail: { requestId: 9 } },
      { action: 6, detail: { requestId: 9 } },
    ]);
    await expect(t.knex('data_rights_logs').whereIn('id', ids).update({ action: 1 })).rejects.toThrow(/append-only/);
    await expect(t.knex('data_rights_logs').whereIn('id', ids).delete()).rejects.toThrow(/append-only/);
  });
});
