/**
 * A phone's match key is its number in E.164, a national number read with the profile's country (its
 * current location's): a UK profile saved with '+44 7911 123456' and one saved the national way
 * ('07911123456') in the UK are offered as twins in the console's queue, and the review's default
 * and the merge keep the WhatsApp STOP of that one number; the pool's scan the migration queues rekeys a
 * national number stored by its digits alone; a number whose country is unknown pairs by its digits as
 * before (and a national one is then not guessed into a country); the console's twin warning on a form
 * not yet saved reads a national number ('07911 123456', '8234 5671') with the form's location.
 * Profiles are written through the console's route, their find_twins jobs run by the worker.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds, type TalentIds } from '../helpers/talent';
import { up as queueRekey } from '../../migrations/20261206090000_queue_rekey_of_national_phones';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
let ids: TalentIds;
let london: number;
const made = new Map<string, number>();
let serial = 0;

const num = (id: unknown) => Number(String(id).split(':').pop());

/** A profile of its own (own name, address, LinkedIn and employer) with `phone`, living in `location`. */
async function profile(label: string, phone: string, location: number | null, over: Record<string, unknown> = {}) {
  serial += 1;
  const payload = candidatePayload(ids, {
    firstName: `Phone${serial}`,
    lastName: `Owner${serial}`,
    email: `phones.${label.toLowerCase()}.${Date.now()}@example.org`,
    linkedInUrl: null,
    phone,
    currentLocationId: location,
    experiences: [
      { title: `Job ${serial}`, company: `Company ${serial}`, startDate: '2019-01-01', currentPosition: true },
    ],
    ...over,
  });
  const res = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.set(label, num(res.body.id));
}

interface QueuedPair {
  id: string;
  reasons: string[];
  candidate: { id: unknown } | null;
  other: { id: unknown } | null;
}

/** The open pair of two labelled profiles as the console's queue offers it, if it does. */
async function offered(x: string, y: string): Promise<QueuedPair | undefined> {
  const res = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
  expect(res.status).toBe(200);
  const want = [made.get(x)!, made.get(y)!].sort((a, b) => a - b).join(',');
  return (res.body.data as QueuedPair[]).find(
    (p) => [num(p.candidate?.id), num(p.other?.id)].sort((a, b) => a - b).join(',') === want,
  );
}

/** The twins the console's warning shows for a form not yet saved, by id. */
async function draftTwins(form: Record<string, unknown>): Promise<Map<number, string[]>> {
  const res = await t.http
    .post('/api/v1/candidate-duplicates/check')
    .set(bearer(admin))
    .send({ firstName: 'Someone', lastName: 'Else', ...form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map((res.body.twins as { id: string; reasons: string[] }[]).map((x) => [num(x.id), x.reasons]));
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  ids = await talentIds(t.knex);
  london = (await t.knex('cities').where({ name: 'London', code: 'GB' }).orderBy('id').first('id')).id;
  // One UK mobile, international and national; the international one replied STOP on WhatsApp.
  await profile('ukPlus', '+44 7911 123456', london, { phoneWhatsapp: false });
  await profile('ukNational', '07911123456', london, { phoneWhatsapp: true });
  // Another, on profiles without a location: its digits with and without the '+', and a national spelling.
  await profile('bareA', '+44 7400 654321', null);
  await profile('bareB', '447400654321', null);
  await profile('bareNational', '07400654321', null);
  // A UK mobile whose stored keys the scan must bring up to date.
  await profile('scanPlus', '+44 7400 123456', london);
  await profile('scanNational', '07400123456', london);
  // A Singapore mobile, saved the international way.
  await profile('sg', '+65 8234 5671', ids.singapore);
  await runJobs(t);
});

describe('The phone match key is the number in E.164, read with the profile’s country', () => {
  it('offers a UK number saved the international and the national way as twins', async () => {
    expect((await offered('ukPlus', 'ukNational'))?.reasons).toEqual(['phone']);
  });

  it('the scan the migration queues rekeys a national number stored by its digits alone', async () => {
    const [plus, national] = [made.get('scanPlus')!, made.get('scanNational')!];
    // As the profile, keys and pairs were before: the number stored national (the form now stores it in E.164, read
    // with the profile's country), keyed by its digits, no pair.
    await t.knex('candidates').where('id', national).update({ phone: '07400 123456' });
    const rekeyed = await t
      .knex('candidate_match_keys')
      .where({ candidate_id: national, key: '447400123456' })
      .update({ key: '07400123456' });
    expect(rekeyed).toBe(1);
    await t.knex('candidate_duplicates').whereIn('candidate_id', [plus, national]).del();
    expect(await offered('scanPlus', 'scanNational')).toBeUndefined();
    // The migration that came with the rule queues the scan where a national number may be keyed the old way.
    await queueRekey(t.knex);
    const queued = await t.knex('graphile_worker.jobs').where('task_identifier', 'scan_duplicates').count({ n: '*' });
    expect(Number(queued[0].n)).toBe(1);
    await runJobs(t);
    expect((await offered('scanPlus', 'scanNational'))?.reasons).toEqual(['phone']);
  });

  it('keeps, by default, the STOP a number replied on either profile of the pair', async () => {
    const pair = (await offered('ukPlus', 'ukNational'))!;
    const res = await t.http.get(`/api/v1/candidate-duplicates/${pair.id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    // The older profile (the review's survivor) replied STOP; the newer one would otherwise be the default.
    expect(num(res.body.candidate.id)).toBe(made.get('ukPlus'));
    expect(res.body.defaults.phone).toBe('survivor');
    expect(res.body.defaults.phoneWhatsapp).toBe('survivor');
  });

  it('pairs a number without a known country by its digits, as before, and guesses no country', async () => {
    expect((await offered('bareA', 'bareB'))?.reasons).toEqual(['phone']);
    expect(await offered('bareA', 'bareNational')).toBeUndefined();
  });

  it('warns a form of its twin by a national number read with the form’s location', async () => {
    const uk = await draftTwins({ phone: '07911 123456', currentLocationId: london });
    expect(uk.get(made.get('ukPlus')!)).toEqual(['phone']);
    expect(uk.get(made.get('ukNational')!)).toEqual(['phone']);
    const sg = await draftTwins({ phone: '8234 5671', currentLocationId: ids.singapore });
    expect(sg.get(made.get('sg')!)).toEqual(['phone']);
  });

  it('merges the pair keeping the STOP by default, whichever profile survives', async () => {
    const pair = (await offered('ukPlus', 'ukNational'))!;
    const survivor = made.get('ukNational')!;
    const res = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
      .set(bearer(admin))
      .send({ survivorId: survivor });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = await t.http.get(`/api/v1/candidates/Candidate:${survivor}`).set(bearer(admin));
    expect(kept.body).toMatchObject({ phone: '+447911123456', phoneWhatsapp: false });
  });

  it('warns a form without a location only of the same digits', async () => {
    const bare = await draftTwins({ phone: '447400654321' });
    expect(bare.get(made.get('bareA')!)).toEqual(['phone']);
    expect(bare.has(made.get('bareNational')!)).toBe(false);
  });
});
