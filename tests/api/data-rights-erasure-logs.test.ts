/**
 * What an erasure leaves in the logs. The data rights log outlives it and nothing may change it, so
 * it never holds admins' free text about the person: an admin's note of a consent request, a hold's
 * reason and a correction's declined reason stay on their own rows, which the erasure deletes or
 * clears; after it, no table holds any of them. And the logs companies' counts are read from stay
 * whole: the person's profile views, kept in the view log's monthly partitions, are still counted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import { scanTables } from '../helpers/erasure';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

const M = 'zqkw';
const NOTE_EMAIL = `${M}alt@home.example.net`;
let w: PipelineWorld;
let admin: Client;
let me: Client;
let candidateId: number;

type Http = { status: number; body: unknown };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
const views = async () =>
  Number(
    (await w.knex('candidate_search_or_view_logs').where({ candidate_id: candidateId, kind: 2 }).count({ n: '*' }))[0]
      .n,
  );
const tablesWithMarker = async () => new Set((await scanTables(w.knex, [M])).map((l) => l.split(':')[0]));

beforeAll(async () => {
  w = await pipelineWorld();
  admin = w.as('admin');
  me = w.as('candidate');
  candidateId = w.ids.Chloe;
}, 240_000);

describe("An erasure and the logs' free text", () => {
  it('keeps admins’ notes and reasons out of the data rights log, on rows the erasure removes', async () => {
    ok(
      await admin.put(`/data-rights/candidates/Candidate:${candidateId}/consents`, {
        consents: { aiMatch: false },
        request: `Asked from her other address ${NOTE_EMAIL} on 2 December`,
      }),
      'an admin records a consent request',
    );
    const asked = await me.post('/data-rights/corrections', { field: 'lookingFor', note: 'Out of date' });
    ok(asked, 'a correction request');
    const correction = (asked.body as { corrections: { id: string }[] }).corrections[0].id;
    ok(
      await admin.post(`/data-rights/corrections/${correction}/decline`, { reason: `${M}decline: as you told us` }),
      'declined with a reason',
    );

    // Profile views by Acme, this month and two months ago (two partitions of the view log).
    const view = (at: Date) => ({
      candidate_id: candidateId,
      kind: 2,
      actor_kind: 2,
      actor_id: w.people.owner,
      company_id: w.companies.acme,
      project_id: w.projects.acme,
      created_at: at,
      updated_at: at,
    });
    await w
      .knex('candidate_search_or_view_logs')
      .insert([view(new Date()), view(new Date(Date.now() - 60 * 86_400_000))]);
    const viewsBefore = await views();
    expect(viewsBefore).toBeGreaterThanOrEqual(2);

    const recorded = await admin.post('/data-rights/erasures', { candidateId: `Candidate:${candidateId}` });
    ok(recorded, 'an erasure recorded');
    const id = (recorded.body as { id: string }).id;
    ok(await admin.post(`/data-rights/erasures/${id}/hold`, { reason: `${M}hold: her lawyer called` }), 'held');
    ok(await admin.post(`/data-rights/erasures/${id}/release`, {}), 'released');

    // The free text is on its own rows, never in the log; the log says there was a note.
    const before = await tablesWithMarker();
    for (const table of ['public.candidate_consents', 'public.erasure_requests', 'public.data_corrections'])
      expect(before, [...before].join(', ')).toContain(table);
    expect(before).not.toContain('public.data_rights_logs');
    const logged = await w.knex('data_rights_logs').where('candidate_id', candidateId).orderBy('id').select('detail');
    expect(logged.map((l) => l.detail)).toContainEqual({ purpose: 'aiMatch', source: 'admin', requestNoted: true });

    ok(await admin.post(`/data-rights/erasures/${id}/carry-out`, { early: true }), 'carried out');
    expect(await scanTables(w.knex, [M])).toEqual([]);
    expect(await w.knex('erasure_requests').where('candidate_id', candidateId).pluck('held_reason')).toEqual([null]);
    // The log keeps every step, append-only.
    expect(await w.knex('data_rights_logs').where('candidate_id', candidateId).count({ n: '*' })).not.toEqual([
      { n: 0 },
    ]);
    await expect(w.knex('data_rights_logs').where('candidate_id', candidateId).delete()).rejects.toThrow(/append-only/);

    // The views companies' counts are read from are all still there, under the erased name.
    expect(await views()).toBe(viewsBefore);
  });
});
