/**
 * A merge keeps what the person did and chose about being seen, whichever profile is newer or kept:
 * - the later sign-in of the two profiles is the person's (candidate_activity): merged into a profile absent for two
 *   years, someone who signed in yesterday is neither reminded, archived nor put on the erasure path by retention;
 *   an undo gives each profile its own activity back, and is refused once the person signed in after the merge;
 * - a pause of their own, anonymity and a hidden profile stand over the other profile's active, named and visible
 *   one by default (the merge's `keep` left empty), even when the other was edited later;
 * - an admin may still pick the other side explicitly: anonymity and visibility as asked; un-pausing a person who
 *   paused themselves is refused (409 candidates.errors.selfChosenStatus, naming them) until the admin confirms, as
 *   the bulk status change asks (talent/statusRoutes.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../backend/features/dataRights';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf as pairOfPeople } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let admin: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

/** Two profiles of one person (the same phone), found as a pair by the scan. */
const pairOf = (phone: string, over?: Record<string, unknown>[]) =>
  pairOfPeople(t, admin, { phone, first: 'Noor', last: 'Haddad' }, over);

const merge = (pairId: string, survivor: number, keep: Record<string, string> = {}, confirm?: boolean) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep, ...(confirm === undefined ? {} : { confirm }) });

const undo = (mergeId: number) => t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
const row = (id: number) => t.knex('candidates').where('id', id).first();
const activity = (id: number) => t.knex('candidate_activity').where('candidate_id', id).first();

/** The person signs in as the profile `id` (the emailed-code flow); answers their token. */
const signIn = async (id: number) => t.login((await row(id)).email as string);

/** The candidate pauses their own profile through the portal's route. */
async function pauseOwn(id: number) {
  const res = await t.http.post(`/api/v1/candidates/Candidate:${id}/pause`).set(bearer(await signIn(id)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ status: CANDIDATE_STATUS.inactive, selfChosenStatus: true });
}

/** An admin edits the profile, which makes it the newer of the two. */
async function editLater(id: number) {
  const res = await t.http
    .put(`/api/v1/candidates/Candidate:${id}`)
    .set(bearer(admin))
    .send({ summary: `Edited by an admin after the other profile (${id})` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('Merging two profiles of one person keeps their activity', () => {
  it('keeps the later sign-in, so retention leaves the person alone; an undo gives each its own back', async () => {
    const { a: s, b: m, pairId } = await pairOf('+65 8123 5001');
    await signIn(s);
    await signIn(m);
    await t
      .knex('candidate_activity')
      .where('candidate_id', s)
      .update({ last_active_at: daysAgo(800) });
    await t
      .knex('candidate_activity')
      .where('candidate_id', m)
      .update({ last_active_at: daysAgo(1) });
    const before = [await activity(s), await activity(m)];

    const res = await merge(pairId, s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = await t.knex('candidate_activity').whereIn('candidate_id', [s, m]);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ candidate_id: s, last_active_at: before[1].last_active_at, reminded_at: null });

    // Today, and again once a reminder's notice would have run out: neither reminded nor archived.
    const { reminderDays } = t.config.dataRights;
    await applyRetention(t.knex, t.config);
    await applyRetention(t.knex, t.config, new Date(Date.now() + (reminderDays + 1) * DAY));
    expect(await row(s)).toMatchObject({ status: CANDIDATE_STATUS.active, self_chosen_status: false });
    expect(await activity(s)).toMatchObject({ reminded_at: null, archived_at: null });
    expect(await t.knex('erasure_requests').where('candidate_id', s)).toEqual([]);

    const undone = await undo(res.body.mergeId);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect([await activity(s), await activity(m)]).toEqual(before);
  });

  it('refuses an undo once the person signed in after the merge: the sign-in is not handed to the other profile', async () => {
    const { a: s, b: m, pairId } = await pairOf('+65 8123 5002');
    await signIn(m);
    await t
      .knex('candidate_activity')
      .where('candidate_id', m)
      .update({ last_active_at: daysAgo(1) });
    const res = await merge(pairId, s);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await signIn(s);
    const undone = await undo(res.body.mergeId);
    expect(undone.status).toBe(409);
    expect(undone.body.error.code).toBe('duplicates.undoChanged');
  });
});

describe('Merging two profiles of one person keeps their choices about being seen', () => {
  it('keeps a pause of their own over the other profile edited later', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 5003');
    await pauseOwn(a);
    await editLater(b);
    // The console shows the pause as the default (its defaults are written for the pair's first profile as survivor).
    const shown = await t.http.get(`/api/v1/candidate-duplicates/${pairId}`).set(bearer(admin));
    const pausedSide = num(shown.body.candidate.id) === a ? 'survivor' : 'merged';
    expect(shown.body.defaults).toMatchObject({ status: pausedSide, selfChosenStatus: pausedSide });

    const res = await merge(pairId, a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(a)).toMatchObject({
      status: CANDIDATE_STATUS.inactive,
      self_chosen_status: true,
      paused_from: CANDIDATE_STATUS.active,
      // Other fields still take the newer profile's value.
      summary: `Edited by an admin after the other profile (${b})`,
    });
    // Still their own pause: they may take it back.
    const back = await t.http.post(`/api/v1/candidates/Candidate:${a}/activate`).set(bearer(await signIn(a)));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe(CANDIDATE_STATUS.active);
  });

  it('keeps anonymity and a hidden profile over the named, visible one edited later, even when that one is kept', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 5004', [{ visibility: false }, {}]);
    const own = await t.http
      .put(`/api/v1/candidates/Candidate:${a}`)
      .set(bearer(await signIn(a)))
      .send({ anonymous: true });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await editLater(b);
    // The newer, named and visible profile is the one kept.
    const res = await merge(pairId, b);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(b)).toMatchObject({ anonymous: true, visibility: false });
  });

  it('honours an explicit keep of the other side, asking first to un-pause a person who paused themselves', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 5005', [{ anonymous: true }, {}]);
    await pauseOwn(a);
    await editLater(b);
    const keep = { status: 'merged', anonymous: 'merged' };
    const warned = await merge(pairId, a, keep);
    expect(warned.status).toBe(409);
    expect(warned.body.error).toMatchObject({
      code: 'candidates.errors.selfChosenStatus',
      candidates: [`Candidate:${a}`],
    });
    expect(await t.knex('candidates').whereIn('id', [a, b])).toHaveLength(2);
    expect(await row(a)).toMatchObject({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true });

    // Confirmed, the admin's choice stands: the status is the other profile's, set by no one's pause.
    const res = await merge(pairId, a, keep, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(a)).toMatchObject({
      status: CANDIDATE_STATUS.active,
      self_chosen_status: false,
      paused_from: null,
      anonymous: false,
    });
  });
});
